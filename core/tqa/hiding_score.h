// The hiding score (thesis §4.3.1, Tables 4.3-4.4): per linker component and per text, 1 if the rewritten text no
// longer refers to the component, 0 if it still does, none when the original text did not refer to it (nothing to
// hide). "Still refers" is decided by the same matching rule that found the references (HidingRule::matcher: no
// token of the new text matches the component, so "role" for "character" does not count as hidden, since they
// share a WordNet sense), or, as the reference implementation scores it, by the literal survival of an originally
// matched token (HidingRule::literal). An empty rewrite scores 0 under both rules.
#pragma once
#include <optional>
#include <string_view>
#include <vector>

#include "core/schema/schema.h"
#include "core/tqa/reference_detection.h"

namespace chokepoint::tqa {

enum class HidingRule { matcher, literal };
const char* hiding_rule_name(HidingRule rule);  // "matcher", "literal"

// One component on one side: `original` are the tokens the original text matched (empty -> nullopt).
std::optional<int> component_hiding_score(ReferenceMatcher& matcher, const LinkerComponent& component,
                                          const std::vector<TextToken>& original, std::string_view new_text,
                                          const std::vector<TextSpan>& excluded, HidingRule rule);

struct HidingScores {
  std::vector<std::optional<int>> question;  // parallel to ReferenceDetection::components
  std::vector<std::optional<int>> evidence;
};

// Scores every component of `refs` against the rewritten question and evidence (evidence values and attributes
// of the new evidence are excluded as in detection).
HidingScores hiding_scores(ReferenceMatcher& matcher, const ReferenceDetection& refs, std::string_view new_question,
                           std::string_view new_evidence, const Schema& schema, HidingRule rule);

// Sums over items: hidden components / scored components, per side (Table 4.3's percentages).
struct HidingTally {
  size_t question_hidden = 0, question_scored = 0;
  size_t evidence_hidden = 0, evidence_scored = 0;
  void add(const HidingScores& scores);
  double question_percent() const;  // 0 when nothing was scored
  double evidence_percent() const;
};

}  // namespace chokepoint::tqa
