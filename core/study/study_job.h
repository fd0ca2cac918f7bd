// A study as one resumable job: its work in small steps (each pair of the lists it needs evaluated: the seeds and the
// expansions, or one run per system; or each gold query it mutates), then the study's pure function builds the report.
// The app steps it a few milliseconds per frame; run to its end it gives what the CLI's `study` commands compute.
#pragma once
#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/db/connection.h"
#include "core/metrics/evaluation_job.h"
#include "core/metrics/regime.h"
#include "core/mutate/sensitivity_run.h"
#include "core/study/denat_delta_study.h"
#include "core/study/jqe_delta_study.h"
#include "core/study/study_report.h"
#include "core/study/tqa_augment_study.h"

namespace chokepoint::study {

// What a study turns its evaluated lists into, in the order the lists were given.
using StudyBuilder = std::function<Result<StudyReport>(std::vector<std::vector<ItemEvaluation>>)>;

class StudyJob {
 public:
  // A study as `units` steps: step(k) does the k-th piece of work (k = 0, 1, ... in order), finish() builds the
  // report once every step is done.
  using Step = std::function<void(size_t)>;
  using Finish = std::function<Result<StudyReport>()>;
  StudyJob(size_t units, Step step, Finish finish);
  // The usual study: `lists` are evaluated pair by pair, in order, with `options` on the databases `lookup` gives;
  // `build` runs once, at the end.
  StudyJob(std::vector<std::vector<EvalPair>> lists, EvaluationOptions options, DatabaseLookup lookup,
           StudyBuilder build);

  // Does one step, then more while keep_going() says so; once every step is done, builds the report. Returns done().
  bool advance(const std::function<bool()>& keep_going);
  bool done() const { return report_.has_value(); }
  EvaluationProgress progress() const;  // steps done of all
  // The report, or why it could not be built; only once done().
  const Result<StudyReport>& report() const { return *report_; }

 private:
  size_t units_ = 0, done_ = 0;
  Step step_;
  Finish finish_;
  std::optional<Result<StudyReport>> report_;
};

// jqe-delta as a job: `shape` carries the system name, seed ids, seed join counts and expansion shapes (its seeds
// and expansions are filled by the job); seeds and expansions are the two lists. EX only: no regime is scored.
StudyJob jqe_delta_job(JqeDeltaInputs shape, std::vector<EvalPair> seeds, std::vector<EvalPair> expansions,
                       EvaluationOptions options, DatabaseLookup lookup);
// shared-failures as a job: one list per system, named by `names`, scored under options.regimes.
StudyJob shared_failures_job(std::vector<std::string> names, std::vector<std::vector<EvalPair>> runs,
                             EvaluationOptions options, DatabaseLookup lookup);

// Which list of a job holds one system's predictions per variant (tqa-augment: original, SR, BT, CA; denat-delta:
// O/O, L/O, O/L, L/L); -1: not given.
struct VariantSystemLists {
  std::string name;
  std::array<int, 4> lists{-1, -1, -1, -1};
};
// tqa-augment as a job: `base` is augment_report.json read back (its hiding and attribute tables); each list is
// evaluated (EX only) and handed to its systems' variants; tqa_augment_study checks and lays them out. No system:
// the hiding and attribute tables alone.
StudyJob tqa_augment_job(AugmentInputs base, std::vector<VariantSystemLists> systems,
                         std::vector<std::vector<EvalPair>> lists, EvaluationOptions options, DatabaseLookup lookup);
// denat-delta as a job: each list evaluated (EX only) and handed to its system's setting; denat_delta_study checks
// and lays them out with the names' naturalness `tally`.
StudyJob denat_delta_job(std::vector<VariantSystemLists> systems, NaturalnessTally tally,
                         std::vector<std::vector<EvalPair>> lists, EvaluationOptions options, DatabaseLookup lookup);

// mutation-sensitivity as a job: one step per gold query (its mutants generated, executed and scored under
// `regimes`), then Table X with or without the equivalent mutants (core/study/mutation_sensitivity_study.h).
StudyJob mutation_sensitivity_job(std::vector<mutate::GoldQuery> golds, mutate::SensitivityOptions options,
                                  ExSemantics semantics, std::vector<Regime> regimes, bool drop_equivalent,
                                  DatabaseLookup lookup);

}  // namespace chokepoint::study
