// A study as one resumable job: the lists of pairs it needs evaluated (the seeds and the expansions, or one run per
// system) are stepped one pair at a time through EvaluationJob, then the study's pure function builds the report.
// The app steps it a few milliseconds per frame; run to its end it gives what the CLI's `study` commands compute.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/db/connection.h"
#include "core/metrics/evaluation_job.h"
#include "core/metrics/regime.h"
#include "core/study/jqe_delta_study.h"
#include "core/study/study_report.h"

namespace chokepoint::study {

// What a study turns its evaluated lists into, in the order the lists were given.
using StudyBuilder = std::function<Result<StudyReport>(std::vector<std::vector<ItemEvaluation>>)>;

class StudyJob {
 public:
  // `lists` are evaluated in order with `options` on the databases `lookup` gives; `build` runs once, at the end.
  StudyJob(std::vector<std::vector<EvalPair>> lists, EvaluationOptions options, DatabaseLookup lookup,
           StudyBuilder build);

  // Evaluates one pair, then more while keep_going() says so; once every pair is evaluated, builds the report.
  // Returns done().
  bool advance(const std::function<bool()>& keep_going);
  bool done() const { return report_.has_value(); }
  EvaluationProgress progress() const;  // pairs over every list
  // The report, or why it could not be built; only once done().
  const Result<StudyReport>& report() const { return *report_; }

 private:
  std::vector<std::vector<EvalPair>> lists_;
  EvaluationOptions options_;
  DatabaseLookup lookup_;
  StudyBuilder build_;
  size_t list_ = 0, pair_ = 0, done_ = 0, total_ = 0;
  std::vector<std::vector<ItemEvaluation>> items_;
  std::optional<Result<StudyReport>> report_;
};

// jqe-delta as a job: `shape` carries the system name, seed ids, seed join counts and expansion shapes (its seeds
// and expansions are filled by the job); seeds and expansions are the two lists. EX only: no regime is scored.
StudyJob jqe_delta_job(JqeDeltaInputs shape, std::vector<EvalPair> seeds, std::vector<EvalPair> expansions,
                       EvaluationOptions options, DatabaseLookup lookup);
// shared-failures as a job: one list per system, named by `names`, scored under options.regimes.
StudyJob shared_failures_job(std::vector<std::string> names, std::vector<std::vector<EvalPair>> runs,
                             EvaluationOptions options, DatabaseLookup lookup);

}  // namespace chokepoint::study
