// The denat-delta study (SQLMorph §V-D, Table VII): how a system's EX moves when the question (L/O), the schema and
// its SQL (O/L) or both (L/L) are made less natural. Following the paper, each system is measured on the items it
// answers right in the original setting (O/O, EX = 1) and ΔEX is the percent change of EX on those items in each
// other setting; EX of every setting over all items stands beside it, with the naturalness of the schema's names
// before and after renaming (the paper's N1/N2/N3 levels).
#pragma once
#include <array>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/metrics/pair_evaluation.h"
#include "core/study/study_report.h"

namespace chokepoint::study {

// The four settings in the paper's order, by their file stems (O_O.json, ...) and labels ("O/O", ...).
const std::array<const char*, 4>& denat_settings();
const std::array<const char*, 4>& denat_setting_stems();

// One system's evaluated items per setting, aligned: item i of every setting is the same question (the four sets
// `chokepoint tqa denat` writes keep the same items in the same order). A setting not given is empty.
struct DenatSystem {
  std::string name;
  std::array<std::vector<ItemEvaluation>, 4> settings;  // O/O, L/O, O/L, L/L
};

// Identifiers per naturalness level N1, N2, N3: the originals, and the renamed ones. A source says who classified.
struct NaturalnessTally {
  std::string source;  // "dictionary-coverage heuristic", "the LLM classifier", ...
  std::array<size_t, 3> before{}, after{};
  bool has_after = false;
};

struct DenatSettingDelta {
  size_t base = 0;      // O/O-correct items scored in this setting
  size_t correct = 0;   // of those, EX = 1 here
  size_t left_out = 0;  // O/O-correct items not scored here (their gold failed or no database)
  double delta = 0;     // percent change against O/O on those items: 100 * correct / base - 100
  bool given = false;   // the setting's predictions were given
};

struct DenatSystemNumbers {
  std::string name;
  std::array<size_t, 4> items{}, scored{}, correct{};  // EX per setting over its scored items
  size_t oo_correct = 0;                               // the paper's base: O/O items with EX = 1
  std::array<DenatSettingDelta, 4> deltas{};           // [0] unused (O/O itself)
};

struct DenatDeltaStudy {
  std::vector<DenatSystemNumbers> systems;
  StudyReport report;
};

// The study. Fails when no system is given, a name repeats, a system lacks O/O or every other setting, or the
// settings' items are not aligned (sizes or ids differ).
Result<DenatDeltaStudy> denat_delta_study(const std::vector<DenatSystem>& systems, const NaturalnessTally& tally);

}  // namespace chokepoint::study
