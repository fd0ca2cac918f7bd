// SynSQL's critic (seed 002 §3.5, A.14): a model scores synthetic data 1-10 on six criteria and says what to
// improve; the data is accepted when the average reaches the threshold (8.0 in the paper). Hint Alignment is neither
// asked nor averaged when the question has no evidence (Spider; the paper's Fig. 9 drops it there). The answer is
// the JSON object our template asks for; reading it is forgiving about fences, key spelling and "8/10", and strict
// about what matters: every criterion asked has a score from 1 to 10, or the answer is unreadable (an error value).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/base/result.h"

namespace chokepoint::testdb {

enum class CriticCriterion { HintAlignment, KeyIntegrity, SchemaCoverage, Complexity, Variety, Relevance };
const char* criterion_name(CriticCriterion c);   // "hint_alignment", ... (the JSON keys; stable: reports use them)
const char* criterion_title(CriticCriterion c);  // "Hint Alignment", ...
// The criteria asked, in the paper's order: all six with evidence, five without.
std::vector<CriticCriterion> critic_criteria(bool has_evidence);

struct CriterionScore {
  CriticCriterion criterion = CriticCriterion::KeyIntegrity;
  double score = 0;      // 1..10
  std::string feedback;  // what to improve ("" when the model gave none)
};

struct CriticReview {
  std::vector<CriterionScore> scores;  // one per criterion asked, in critic_criteria order
  std::string feedback;                // the overall feedback ("" when none)
  std::optional<bool> meets_minimum;   // the model's own verdict, kept for the record (acceptance uses the average)
  double average() const;              // mean of scores; 0 when empty
};

// Reads a critic answer. Scores are found as top-level keys or inside "scores"/"criteria"/"evaluation", each a
// number, a string ("8", "8/10") or an object with "score" and "feedback". Errors: no JSON object, a criterion asked
// without a score, a score outside 1-10.
Result<CriticReview> parse_critic_answer(const std::string& answer, bool has_evidence);

// Acceptance: average >= threshold (7.99 refines, 8.0 accepts).
bool review_accepts(const CriticReview& review, double threshold);

// The feedback the next synthesizer round gets: the overall feedback, then each criterion scored below the threshold
// with its score and feedback, in criteria order.
std::string refinement_feedback(const CriticReview& review, double threshold);

}  // namespace chokepoint::testdb
