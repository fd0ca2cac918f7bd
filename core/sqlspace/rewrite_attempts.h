// What became of each question rewrite (003 Appendix H), from the rewriter's answer to the model's SQL on the
// rewritten question and its EX, and the items' outcomes Acc@1/Acc@3 are summed from (question_rewriting.h). The
// CLI (`chokepoint space rewrite`) and the app's Feature space > Estimator > Rewrite make the calls and score the
// SQL; every decision about an answer is made here, once.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/result.h"
#include "core/dataset/eval_set.h"
#include "core/runner/prompt_formats.h"
#include "core/sqlspace/correctness_estimator.h"
#include "core/sqlspace/question_rewriting.h"

namespace chokepoint::sqlspace {

// An estimator's negative feature as a rewrite uses it: removed when it is commoner among the model's failures,
// added otherwise (003 Table 7's caption: "remove (or add in)"; importance has no sign).
RewriteFeature rewrite_feature(const NegativeFeature& f);
std::vector<RewriteFeature> rewrite_features(const std::vector<NegativeFeature>& negatives);

struct RewriteAttempt {
  size_t item = 0;  // index in the set
  size_t rank = 0;
  RewriteFeature feature;
  // rewritten, invalid, unreadable, failed (the rewriter's call); then, for a rewritten one, no_sql or t2s_failed
  // when the model gave no query
  std::string state = "asked";
  std::string question, sql, note;
  std::optional<bool> ex;  // EX of the rewrite's SQL (nullopt: not run, the original's EX counts)
};

// Which items a rewriting run covers (its population, the denominator of Acc@1/Acc@3) and which of them it rewrites.
// Only scored items count. Predicted: the items with an estimate of P(right) (held out, or from an estimator
// trained on another set), rewritten when the estimator expects a failure (P(right) < 0.5), as 003 Appendix H
// chooses them; Wrong: every scored item, the wrong ones rewritten (an oracle's choice); All: every one rewritten.
enum class RewriteChoice { Predicted, Wrong, All };
struct RewritePopulation {
  std::vector<size_t> population, chosen;  // indices in the set, in its order
};
constexpr double kExpectedToFailBelow = 0.5;
// ex[i]: the item's EX (nullopt: not scored); p_right[i]: the estimator's P(right) (nullopt: none for it; only
// read for Predicted).
RewritePopulation rewrite_population(RewriteChoice rule, const std::vector<std::optional<bool>>& ex,
                                     const std::vector<std::optional<double>>& p_right);

// attempts[k] from the rewriter's answer to asks[k].
std::vector<RewriteAttempt> read_rewrite_answers(const std::vector<RewriteAsk>& asks,
                                                 const std::vector<Result<std::string>>& answers);

// The rewritten questions as items for the text-to-SQL prompts: each rewritten attempt's item with its new question
// and the key "<key>~r<rank>"; attempt_of[j] is the attempt of items[j].
EvalSet rewritten_questions(const EvalSet& set, const std::vector<RewriteAttempt>& attempts,
                            std::vector<size_t>* attempt_of);

// The model's answer on a rewritten question: the SQL to score (the attempt keeps it), or nullopt with the attempt's
// state set: no_sql (EX 0, as `eval` scores an answer without SQL) or t2s_failed (the call failed; the original's
// EX counts).
std::optional<std::string> read_rewrite_sql(RewriteAttempt& attempt, const EvalItem& rewritten,
                                            const runner::PromptFormat& format, const Result<std::string>& answer);

// One outcome per item of the population, in its order: the original EX, whether it was chosen, and each of its
// attempts' EX in rank order (an attempt without EX keeps the original's).
std::vector<RewriteOutcome> rewrite_outcomes(const std::vector<EvalItem>& items, const std::vector<size_t>& population,
                                             const std::vector<bool>& original_ex, const std::vector<size_t>& chosen,
                                             const std::vector<RewriteAttempt>& attempts);

// {n, chosen, rewritten, no_rewriting, acc_at_1, acc_at_3, table4: {estimator_right: {rewrite_right, rewrite_wrong},
// estimator_wrong: {...}}}, rates to four decimals: the figures both front ends report.
nlohmann::json rewrite_summary_json(const RewriteSummary& s);
// Counts of the attempts by state: {rewrites, invalid, unreadable, failed (rewriter or model call), rewrites_scored}.
nlohmann::json rewrite_attempt_counts_json(const std::vector<RewriteAttempt>& attempts);

}  // namespace chokepoint::sqlspace
