// The per-operator summary of a sensitivity run, laid out like SQLMorph Table X: for each operator, mean ΔEX and,
// per regime, mean ΔEXP, ΔEXR, ΔF1 in percentage points relative to the gold scored against itself (100 by
// definition: EX = 1 forces EXP = EXR = F1 = 1, §VI-B), so 0 is "no change" and -100 "everything lost".
#pragma once
#include <string>
#include <vector>

#include "core/mutate/sensitivity_run.h"

namespace chokepoint::mutate {

struct RegimeDeltas {
  std::string regime;  // "EC-EC-IE"
  double exp = 0, exr = 0, f1 = 0;
};

struct OperatorSensitivity {
  std::string op;
  size_t mutants = 0;     // mutants in the means
  size_t golds = 0;       // distinct gold queries they come from
  size_t equivalent = 0;  // mutants scoring EX = 1 (same result as the gold; dropped from the means if asked)
  size_t failed = 0;      // mutants that failed or timed out at execution (in the means, scored 0)
  double ex = 0;          // ΔEX; all deltas are 0 when mutants == 0
  std::vector<RegimeDeltas> regimes;
};

struct SensitivityTable {
  std::vector<std::string> regimes;
  bool drop_equivalent = false;           // SQLMorph's "quality filter" keeps only mutants that change the result
  std::vector<OperatorSensitivity> rows;  // the 15 operators in Table X order (or those chosen), then unknown ones
};

// `regimes` names the scorer's entries in order. With drop_equivalent, mutants with EX = 1 are counted in
// `equivalent` but left out of the means (so ΔEX is -100 wherever there are mutants, as in Table X).
SensitivityTable tabulate_sensitivity(const std::vector<MutantRecord>& mutants, const std::vector<std::string>& regimes,
                                      bool drop_equivalent, const std::vector<std::string>& operators = {});

// A fixed-width text table: operator, mutants, equivalent, ΔEX, then ΔEXP ΔEXR ΔF1 per regime (one decimal).
std::string format_sensitivity_table(const SensitivityTable& table);

}  // namespace chokepoint::mutate
