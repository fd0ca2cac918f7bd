// The study job: evaluation lists stepped pair by pair, then the report.
#include "core/study/study_job.h"

#include <memory>

#include "core/mutate/metrics_scorer.h"
#include "core/mutate/sensitivity_table.h"
#include "core/study/mutation_sensitivity_study.h"
#include "core/study/shared_failures_study.h"

namespace chokepoint::study {

StudyJob::StudyJob(size_t units, Step step, Finish finish)
    : units_(units), step_(std::move(step)), finish_(std::move(finish)) {}

namespace {

// The evaluated lists so far and the next pair to evaluate, shared by a pair study's steps and its finish.
struct PairLists {
  std::vector<std::vector<EvalPair>> lists;
  EvaluationOptions options;
  DatabaseLookup lookup;
  size_t list = 0, pair = 0;
  std::vector<std::vector<ItemEvaluation>> items;
};

size_t pair_count(const std::vector<std::vector<EvalPair>>& lists) {
  size_t n = 0;
  for (const auto& l : lists) n += l.size();
  return n;
}

}  // namespace

StudyJob::StudyJob(std::vector<std::vector<EvalPair>> lists, EvaluationOptions options, DatabaseLookup lookup,
                   StudyBuilder build)
    : units_(pair_count(lists)) {
  auto st = std::make_shared<PairLists>();
  st->items.resize(lists.size());
  st->lists = std::move(lists);
  st->options = std::move(options);
  st->lookup = std::move(lookup);
  step_ = [st](size_t) {
    while (st->pair >= st->lists[st->list].size()) {
      ++st->list;
      st->pair = 0;
    }
    st->items[st->list].push_back(evaluate_with_lookup(st->lookup, st->lists[st->list][st->pair], st->options));
    ++st->pair;
  };
  finish_ = [st, build = std::move(build)] { return build(std::move(st->items)); };
}

bool StudyJob::advance(const std::function<bool()>& keep_going) {
  if (done()) return true;
  do {
    if (done_ >= units_) {
      report_ = finish_();
      return true;
    }
    step_(done_);
    ++done_;
  } while (keep_going());
  return false;
}

EvaluationProgress StudyJob::progress() const { return {done_, units_}; }

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

namespace {

// The four evaluated lists of each system, by the lists' indices; an index out of range is an error naming the system.
Result<std::vector<std::pair<std::string, std::array<std::vector<ItemEvaluation>, 4>>>> variant_lists(
    const std::vector<VariantSystemLists>& systems, const std::vector<std::vector<ItemEvaluation>>& evaluated) {
  std::vector<std::pair<std::string, std::array<std::vector<ItemEvaluation>, 4>>> out;
  for (const auto& s : systems) {
    out.push_back({s.name, {}});
    for (size_t k = 0; k < 4; ++k) {
      const int list = s.lists[k];
      if (list < 0) continue;
      if (static_cast<size_t>(list) >= evaluated.size()) return Error{s.name + ": no such list"};
      out.back().second[k] = evaluated[static_cast<size_t>(list)];
    }
  }
  return out;
}

}  // namespace

StudyJob tqa_augment_job(AugmentInputs base, std::vector<VariantSystemLists> systems,
                         std::vector<std::vector<EvalPair>> lists, EvaluationOptions options, DatabaseLookup lookup) {
  options.regimes.clear();
  auto build = [base = std::move(base), systems = std::move(systems)](
                   std::vector<std::vector<ItemEvaluation>> evaluated) -> Result<StudyReport> {
    auto given = variant_lists(systems, evaluated);
    if (!given.ok()) return Error{given.error()};
    AugmentInputs in = base;
    for (auto& [name, variants] : *given) in.systems.push_back({name, std::move(variants)});
    return tqa_augment_study(in);
  };
  return StudyJob(std::move(lists), std::move(options), std::move(lookup), build);
}

StudyJob denat_delta_job(std::vector<VariantSystemLists> systems, NaturalnessTally tally,
                         std::vector<std::vector<EvalPair>> lists, EvaluationOptions options, DatabaseLookup lookup) {
  options.regimes.clear();
  auto build = [tally = std::move(tally), systems = std::move(systems)](
                   std::vector<std::vector<ItemEvaluation>> evaluated) -> Result<StudyReport> {
    auto given = variant_lists(systems, evaluated);
    if (!given.ok()) return Error{given.error()};
    std::vector<DenatSystem> in;
    for (auto& [name, settings] : *given) in.push_back({name, std::move(settings)});
    auto study = denat_delta_study(in, tally);
    if (!study.ok()) return Error{study.error()};
    return std::move(study->report);
  };
  return StudyJob(std::move(lists), std::move(options), std::move(lookup), build);
}

StudyJob mutation_sensitivity_job(std::vector<mutate::GoldQuery> golds, mutate::SensitivityOptions options,
                                  ExSemantics semantics, std::vector<Regime> regimes, bool drop_equivalent,
                                  DatabaseLookup lookup) {
  struct State {
    std::vector<mutate::GoldQuery> golds;
    mutate::SensitivityOptions options;
    mutate::ResultScorer scorer;
    DatabaseLookup lookup;
    mutate::SensitivityRun run;
  };
  std::vector<std::string> names;
  for (const auto& g : regimes) names.push_back(g.name());
  options.regime_count = regimes.size();
  auto st = std::make_shared<State>(
      State{std::move(golds), std::move(options), mutate::metrics_scorer(semantics, regimes), std::move(lookup), {}});
  const size_t units = st->golds.size();
  auto step = [st](size_t k) {
    const auto& gold = st->golds[k];
    mutate::run_gold_sensitivity(gold, st->lookup(gold.db_id), st->options, st->scorer, st->run);
  };
  auto finish = [st, names, drop_equivalent]() -> Result<StudyReport> {
    const auto table = mutate::tabulate_sensitivity(st->run.mutants, names, drop_equivalent, st->options.operators);
    return mutation_sensitivity_report(st->run, table);
  };
  return StudyJob(units, step, finish);
}

}  // namespace chokepoint::study
