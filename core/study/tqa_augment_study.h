// The tqa-augment study (thesis §4.3, Tables 4.3-4.8): how text-to-SQL systems fare when the words of a question
// and its evidence that refer to the linker table are rewritten by synonym replacement (SR), back-translation (BT)
// and contextual augmentation (CA). The hiding scores of the rewrites (Table 4.3), each system's EX on the original
// and augmented questions (Table 4.5), ΔEX of each augmented item against its original per system and technique
// (Table 4.6), the linker attributes the texts mention before and after (Table 4.8) and whether a schema linker still
// retrieves the linker table (Table 4.9), the thesis' values beside ours.
#pragma once
#include <array>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/metrics/pair_evaluation.h"
#include "core/metrics/transitions.h"
#include "core/study/study_report.h"

namespace chokepoint::study {

// The variants in the thesis' order, by the file stems `chokepoint tqa augment` writes: original, SR, BT, CA.
const std::array<const char*, 4>& augment_variants();

// One system's evaluated items per variant, aligned: item i of every variant is the same question. A variant not
// given is empty.
struct AugmentSystem {
  std::string name;
  std::array<std::vector<ItemEvaluation>, 4> variants;
};

// Table 4.3 for one strategy: hidden components over scored components, per side.
struct HidingRow {
  std::string strategy;  // "SR", "BT", "CA"
  size_t question_hidden = 0, question_scored = 0, evidence_hidden = 0, evidence_scored = 0;
};

// Table 4.8 for one variant ("original", "SR", ...): the items, and the percent of them whose question (evidence)
// mentions a linker attribute used in a join, or one used in a projection or filter.
struct AttributeRow {
  std::string variant;
  size_t queries = 0;
  double join_in_questions = 0, other_in_questions = 0, join_in_evidence = 0, other_in_evidence = 0;
};

// Table 4.9 for one variant: of the items with a linker table, those whose retrieved tables (a schema linker run on
// that variant's questions) hold it, those whose do not, and those the linker gave nothing for (outside both).
struct PresenceRow {
  std::string variant;
  size_t retrieved = 0, missed = 0, no_retrieval = 0;
};

struct AugmentInputs {
  std::vector<AugmentSystem> systems;  // may be empty: the hiding and attribute tables still stand
  std::string hiding_rule;             // "matcher" or "literal"
  std::vector<HidingRow> hiding;
  std::vector<AttributeRow> attributes;
  std::vector<PresenceRow> presence;  // Table 4.9, for the variants a linker ran on (may be empty)
};

// ΔEX of one augmented variant (1 SR, 2 BT, 3 CA) of a system against its original, over the pairs where both were
// scored; `left_out` counts the others. The study's Table 4.6 row and the CLI's summary both read it.
struct VariantTransitions {
  DeltaExTable table;
  size_t left_out = 0;
};
VariantTransitions augment_transitions(const AugmentSystem& system, size_t variant);

// The report. Fails when a system lacks the original variant or every augmented one, a name repeats, or the
// variants' items are not aligned (sizes or ids differ, between variants or between systems).
Result<StudyReport> tqa_augment_study(const AugmentInputs& in);

}  // namespace chokepoint::study
