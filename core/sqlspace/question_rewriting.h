// SQLSpace's question rewriting (003 §6 and Appendix H, Tables 3-4): for an item a model is expected to fail, the
// question is rewritten around each of its top negative features, one rewrite per feature (remove a harmful feature
// the question has, add a helpful one it lacks), the model is asked again on each rewrite, and Acc@1 / Acc@3 credit
// the item when the first / any of the first three rewrites is answered right. This module plans the rewrite
// prompts (prompts/sqlspace_rewrite.mustache), reads the rewritten questions and sums up; the front end makes the
// calls, runs text-to-SQL on the rewrites (core/runner) and scores them (core/metrics).
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/dataset/eval_set.h"
#include "core/llm/prompt_template.h"
#include "core/schema/schema.h"
#include "core/sqlspace/feature_catalogue.h"
#include "core/sqlspace/feature_matrix.h"

namespace chokepoint::sqlspace {

inline constexpr const char* kRewriteTemplate = "sqlspace_rewrite";

// A negative feature as the estimator ranks it. remove: commoner among the model's failures, so a question that has
// it is rewritten without it; otherwise (commoner among its successes) a question that lacks it gets it.
struct RewriteFeature {
  int id = 0;
  bool remove = true;
};

// The negative features in their order, from `chokepoint space estimate`'s report (its "negative_features": objects
// with "id" or "column" and "more_common_in": "wrong" | "right") or from a JSON list of ids, "f040" names or such
// objects (no "more_common_in": remove). An error when the text is not JSON or names no feature.
Result<std::vector<RewriteFeature>> read_negative_features(const std::string& json_text);

// One rewrite: an item, the rank of the rewrite (1-based, in the order of the item's applicable features) and its
// feature.
struct RewriteAsk {
  size_t item = 0;  // index in the set (and row of the matrix)
  size_t rank = 1;
  RewriteFeature feature;
  std::string prompt;
};

// The features of `negatives` that apply to a row, in order, at most `top`: a "remove" feature the row has (1), an
// "add" feature it does not have (0 or unknown: an unknown cell reads "No", as the paper's evaluator answers when
// unsure). A feature without a column does not apply.
std::vector<RewriteFeature> applicable_features(const FeatureMatrix& matrix, size_t row,
                                                const std::vector<RewriteFeature>& negatives, size_t top);

// Prompts for the chosen items (indices into `items`, parallel to matrix.rows), up to `top` each. Items whose
// database has no schema get an empty schema line. An error only when the template is missing or fails to render.
Result<std::vector<RewriteAsk>> plan_rewrites(const FeatureCatalogue& catalogue, const FeatureMatrix& matrix,
                                              const std::vector<EvalItem>& items,
                                              const std::map<std::string, Schema>& schemas,
                                              const std::vector<size_t>& chosen,
                                              const std::vector<RewriteFeature>& negatives, size_t top,
                                              const PromptLibrary& library);

// The rewritten question: the text in the first ``` fence (a language tag dropped), else the first non-empty line,
// quotes and a "Rewritten question:" label removed, on one line. invalid when the answer is INVALID (the question
// cannot be rewritten so); an error when there is no text.
struct RewrittenQuestion {
  bool invalid = false;
  std::string question;  // empty when invalid
};
Result<RewrittenQuestion> parse_rewritten_question(const std::string& answer);

// One item of the evaluated population.
struct RewriteOutcome {
  std::string key;
  bool original = false;        // EX of the model's prediction on the original question
  bool predicted_fail = false;  // chosen for rewriting (the estimator's "will fail")
  std::vector<bool> rewrites;   // EX on each rewrite, by rank; a rewrite that could not be made (INVALID, no
                                // answer) keeps the original question's EX
};

// Table 3: accuracy without rewriting and with it (an item not chosen keeps its original EX; a chosen one is right
// at Acc@k when one of its first k rewrites is; a chosen item without any applicable feature keeps its original).
// Table 4: the items by whether the estimator was right (predicted_fail == !original) and whether the item is right
// at Acc@3.
struct RewriteSummary {
  size_t n = 0, chosen = 0, rewritten = 0;  // rewritten: chosen items with at least one rewrite
  double no_rewriting = 0, acc_at_1 = 0, acc_at_3 = 0;
  size_t estimator_right_success = 0, estimator_right_failure = 0;
  size_t estimator_wrong_success = 0, estimator_wrong_failure = 0;
};
RewriteSummary summarize_rewrites(const std::vector<RewriteOutcome>& outcomes);

}  // namespace chokepoint::sqlspace
