// What every `chokepoint study <name>` shares: the evaluation flags and options, the --out folder's rule and its
// files (report.json, one CSV per table, items.csv, report.html), and reading a gold set with its predictions.
#pragma once
#include <string>
#include <vector>

#include "cli/flag_spec.h"
#include "cli/flag_values.h"
#include "core/base/result.h"
#include "core/dataset/eval_set.h"
#include "core/metrics/eval_pairs.h"
#include "core/metrics/evaluation_job.h"
#include "core/study/study_report.h"

namespace chokepoint::cli {

// The --out rule and the missing-database rule, appended to each study's usage.
extern const char* const kStudyOutRule;

// --semantics, --timeout-ms, --jobs and --skip-missing after `table`.
FlagTable study_evaluation_flags(FlagTable table);
EvaluationOptions study_options(const FlagValues& r, std::vector<Regime> regimes);

// The --out folder: created, or refused when it exists and is not an empty folder.
Status prepare_study_out(const std::string& dir);
// Writes the report's files under dir; returns their names in the order written.
Result<std::vector<std::string>> write_study_report(const std::string& dir, const study::StudyReport& report);

// A gold set paired with a prediction file (errors name the file); the gold set itself when gold_out is given.
Result<std::vector<EvalPair>> read_study_pairs(const std::string& gold_path, const std::string& pred_path,
                                               EvalSet* gold_out = nullptr);

double round2(double v);

}  // namespace chokepoint::cli
