// Hiding score: re-detection on the rewritten text, so the score and the detection can never disagree about what a
// reference is.
#include "core/tqa/hiding_score.h"

#include <algorithm>

namespace chokepoint::tqa {

const char* hiding_rule_name(HidingRule rule) { return rule == HidingRule::matcher ? "matcher" : "literal"; }

std::optional<int> component_hiding_score(ReferenceMatcher& matcher, const LinkerComponent& component,
                                          const std::vector<TextToken>& original, std::string_view new_text,
                                          const std::vector<TextSpan>& excluded, HidingRule rule) {
  if (original.empty()) return std::nullopt;
  if (new_text.find_first_not_of(" \t\r\n") == std::string_view::npos) return 0;
  std::vector<TextToken> tokens = candidate_tokens(matcher.lemmas(), new_text, excluded);
  if (rule == HidingRule::matcher) return matcher.matching_tokens(component, tokens).empty() ? 1 : 0;
  for (const auto& t : tokens)
    for (const auto& o : original)
      if (t.lower == o.lower) return 0;
  return 1;
}

HidingScores hiding_scores(ReferenceMatcher& matcher, const ReferenceDetection& refs, std::string_view new_question,
                           std::string_view new_evidence, const Schema& schema, HidingRule rule) {
  HidingScores out;
  const std::vector<TextSpan> excluded = evidence_exclusions(new_evidence, schema);
  for (const auto& c : refs.components) {
    out.question.push_back(component_hiding_score(matcher, c.component, c.question, new_question, {}, rule));
    out.evidence.push_back(component_hiding_score(matcher, c.component, c.evidence, new_evidence, excluded, rule));
  }
  return out;
}

void HidingTally::add(const HidingScores& scores) {
  for (const auto& s : scores.question)
    if (s) ++question_scored, question_hidden += static_cast<size_t>(*s);
  for (const auto& s : scores.evidence)
    if (s) ++evidence_scored, evidence_hidden += static_cast<size_t>(*s);
}

double HidingTally::question_percent() const {
  return question_scored ? 100.0 * static_cast<double>(question_hidden) / static_cast<double>(question_scored) : 0;
}
double HidingTally::evidence_percent() const {
  return evidence_scored ? 100.0 * static_cast<double>(evidence_hidden) / static_cast<double>(evidence_scored) : 0;
}

}  // namespace chokepoint::tqa
