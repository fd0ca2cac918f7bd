// The mutation-sensitivity study (SQLMorph §VI-C-1, Table X): how EX and the fine-grained metrics move when a gold
// query gets exactly one error. Every gold query gets its single-error mutants (core/mutate/), each mutant is
// executed and scored against its gold, and the per-operator mean drops are laid out as Table X with the paper's
// values beside ours, as charts of the EXP and EXR drops per operator, and as one row per mutant.
#pragma once
#include <vector>

#include "core/mutate/sensitivity_run.h"
#include "core/mutate/sensitivity_table.h"
#include "core/study/study_report.h"

namespace chokepoint::study {

// The report of a finished sensitivity run and its table (tabulate_sensitivity over run.mutants). Pure.
StudyReport mutation_sensitivity_report(const mutate::SensitivityRun& run, const mutate::SensitivityTable& table);

// The deltas SQLMorph Table X publishes for one operator and regime, in points; false when the paper has none (an
// operator it does not list, or a regime other than EC-EC-IE and SC-EC-IE).
struct PublishedDeltas {
  double ex = 0, exp = 0, exr = 0, f1 = 0;
};
bool table_x_published(const std::string& op, const std::string& regime, PublishedDeltas* out);

}  // namespace chokepoint::study
