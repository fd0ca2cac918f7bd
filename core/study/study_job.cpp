// The study job: evaluation lists stepped pair by pair, then the report.
#include "core/study/study_job.h"

#include "core/study/shared_failures_study.h"

namespace chokepoint::study {

StudyJob::StudyJob(std::vector<std::vector<EvalPair>> lists, EvaluationOptions options, DatabaseLookup lookup,
                   StudyBuilder build)
    : lists_(std::move(lists)), options_(std::move(options)), lookup_(std::move(lookup)), build_(std::move(build)) {
  for (const auto& l : lists_) total_ += l.size();
  items_.resize(lists_.size());
}

bool StudyJob::advance(const std::function<bool()>& keep_going) {
  if (done()) return true;
  do {
    while (list_ < lists_.size() && pair_ >= lists_[list_].size()) {
      ++list_;
      pair_ = 0;
    }
    if (list_ >= lists_.size()) {
      report_ = build_(std::move(items_));
      return true;
    }
    items_[list_].push_back(evaluate_with_lookup(lookup_, lists_[list_][pair_], options_));
    ++pair_;
    ++done_;
  } while (keep_going());
  return false;
}

EvaluationProgress StudyJob::progress() const { return {done_, total_}; }

StudyJob jqe_delta_job(JqeDeltaInputs shape, std::vector<EvalPair> seeds, std::vector<EvalPair> expansions,
                       EvaluationOptions options, DatabaseLookup lookup) {
  options.regimes.clear();
  auto build = [shape = std::move(shape)](std::vector<std::vector<ItemEvaluation>> lists) -> Result<StudyReport> {
    JqeDeltaInputs in = shape;
    in.seeds = std::move(lists[0]);
    in.expansions = std::move(lists[1]);
    auto study = jqe_delta_study(in);
    if (!study.ok()) return Error{study.error()};
    return std::move(study->report);
  };
  return StudyJob({std::move(seeds), std::move(expansions)}, std::move(options), std::move(lookup), build);
}

StudyJob shared_failures_job(std::vector<std::string> names, std::vector<std::vector<EvalPair>> runs,
                             EvaluationOptions options, DatabaseLookup lookup) {
  const std::vector<Regime> regimes = options.regimes;
  auto build = [names = std::move(names),
                regimes](std::vector<std::vector<ItemEvaluation>> lists) -> Result<StudyReport> {
    if (names.size() != lists.size()) return Error{"one name per system is needed"};
    std::vector<SystemRun> runs;
    for (size_t s = 0; s < lists.size(); ++s) runs.push_back({names[s], std::move(lists[s])});
    auto study = shared_failures_study(runs, regimes);
    if (!study.ok()) return Error{study.error()};
    return std::move(study->report);
  };
  return StudyJob(std::move(runs), std::move(options), std::move(lookup), build);
}

}  // namespace chokepoint::study
