// SQL optimisation (004 §4.3): a model rewrites a query to run faster (two-stage: the query Y comes
// from a text-to-SQL run, with more or less context: Y alone; Y + schema; Y + schema + question; the same after
// demonstrations; after demonstrations with the reason each is faster), or writes the fastest query straight from
// the question (single stage, the paper's "SimpleDDL-MD-Chat-Efficiency"). Our own templates, prompts/opt_*.mustache
// and prompts/t2s_efficiency.mustache. A rewrite counts only when it returns Y's result: otherwise Y stays, so a
// rewrite can make a query faster but never wrong. Only correct Ys are sent: a rewrite that keeps a wrong Y's result
// keeps it wrong, and VES and C-VES score a wrong item 0 whatever its speed, so rewriting it could change nothing.
// This module builds the prompts and decides each item's final query; the front end makes the calls and the timing
// (core/metrics/efficiency_evaluation.h) gives VES and C-VES per variant and model, shaped like 004 Table 6.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/db/connection.h"
#include "core/llm/prompt_template.h"
#include "core/metrics/pair_evaluation.h"

namespace chokepoint::llm_tasks {

enum class OptimizeVariant { WithY, WithYS, WithYSQ, Demo, DemoComments, Direct };
std::vector<OptimizeVariant> all_optimize_variants();  // in the order above (Table 6's rows after the baseline)
// "with-y", "with-y+s", "with-y+s+q", "demo", "demo+comments", "direct" (stable: reports and --variant use them)
const char* optimize_variant_name(OptimizeVariant v);
std::optional<OptimizeVariant> optimize_variant_from_name(const std::string& name);
const char* optimize_template_name(OptimizeVariant v);  // the manifest name of its template
bool is_two_stage(OptimizeVariant v);                   // every variant but Direct rewrites a query Y

struct OptimizeInput {
  std::string schema_text;         // SimpleDDL as SimpleDDL-MD-Chat shows it (prompt_formats.h)
  std::string question, evidence;  // evidence is joined to the question (question_with_evidence)
  std::string sql;                 // Y; unused by Direct
};
// The variant's prompt, with exactly the variables its template declares.
Result<std::string> render_optimize_prompt(const PromptLibrary& library, OptimizeVariant v, const OptimizeInput& in);

enum class RewriteOutcome {
  Accepted,       // the rewrite returns Y's result: it is the final query
  ChangedResult,  // it returns something else: Y stays
  Failed,         // it does not run: Y stays
  NoSql,          // the answer holds no query: Y stays
  NoAnswer,       // the call failed: Y stays
  NotAsked,       // Y was not correct (or did not run): nothing to rewrite, Y stays
  Generated,      // Direct: the model's query is the final one (scored against the gold like any prediction)
};
const char* rewrite_outcome_name(RewriteOutcome o);  // "accepted", "changed_result", ..., "generated"

struct RewriteDecision {
  std::string final_sql;
  RewriteOutcome outcome = RewriteOutcome::NotAsked;
  std::string note;     // the rewrite, or why it was not used
  std::string rewrite;  // the model's query whatever became of it; "" when the answer held none
};

// The query 004 scores (Tables 6/11): the model's rewrite whenever it wrote one, kept or not, so a rewrite that
// breaks a correct query counts against the method (the paper's finding that VES falls); otherwise the original.
// `final_sql` is the safe view beside it: a rewrite only when it returns the original's result.
std::string published_final_sql(const RewriteDecision& d);

// Whether a rewrite returns the original's result: true/false, or an error when the rewrite fails to run.
using SameResult = std::function<Result<bool>(const std::string& rewrite)>;
// SameResult on `db`: the rewrite's EX against the pair's prediction (Y standing in for the gold) under `options`.
SameResult same_result_as_prediction(const Connection& db, const EvalPair& pair, const EvaluationOptions& options);
// A two-stage item's final query from the model's answer (nullopt: not asked).
RewriteDecision decide_rewrite(const std::string& original, const std::optional<Result<std::string>>& answer,
                               const SameResult& same_result);
// A Direct item's final query: the answer's SQL; "" (scored as a failed prediction) when it has none.
RewriteDecision direct_query(const Result<std::string>& answer);

// What one (variant, model) cell counts besides its scores.
struct RewriteCounts {
  size_t accepted = 0, changed_result = 0, failed = 0, no_sql = 0, no_answer = 0, not_asked = 0, generated = 0;
};
RewriteCounts count_rewrites(const std::vector<RewriteDecision>& decisions);

}  // namespace chokepoint::llm_tasks
