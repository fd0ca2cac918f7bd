// Question rewriting in the Feature space panel's Estimator view (003 §6 and Appendix H; core/sqlspace/
// question_rewriting.h and rewrite_attempts.h, as `chokepoint space rewrite --estimate` does it with the estimate
// shown): the held-out items the estimator expects the model to fail (P(right) < 0.5) get up to `top` rewrites each,
// one per negative feature that applies (remove a harmful one the question has, add a helpful one it lacks). The LLM
// tab's model rewrites them (prompts/sqlspace_rewrite.mustache), then answers the text-to-SQL prompt
// (SimpleDDL-MD-Chat) on every rewrite; each rewrite's SQL is scored with EX on the loaded databases. The result is
// 003 Table 3 (accuracy without rewriting, Acc@1, Acc@3 over the held-out items) and Table 4 (estimator right or
// wrong x right or wrong at Acc@3). A privacy preview first (nothing is sent before Confirm; it says the text-to-SQL
// calls follow); both batches go through the session's replay store, so a rerun asks nothing twice.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/llm/call_scheduler.h"
#include "core/metrics/evaluation_job.h"
#include "core/sqlspace/question_rewriting.h"
#include "core/sqlspace/rewrite_attempts.h"
#include "web/app_state.h"
#include "web/llm/batch_life.h"
#include "web/llm/llm_session.h"

namespace chokepoint::web {

struct FeatureSpacePanel;

struct RewriteRun {
  int top = 3;  // rewrites per item
  // What the run was planned from: the newest estimate's set, model and mode.
  std::string set, model;
  bool online = false;
  std::shared_ptr<const EvalSet> items;  // the set's items, keys filled as the features have them
  std::vector<size_t> population, chosen;
  std::vector<bool> original_ex;  // per item of the set
  std::vector<sqlspace::RewriteAsk> asks;
  std::vector<std::pair<std::string, std::string>> calls;  // the rewrite batch: (id, prompt) per ask
  BatchLife life;  // preview, Confirm, rewriting and text-to-SQL, done or cancelled
  SessionBatchPreview sent;
  std::unique_ptr<CallScheduler> scheduler;  // the open batch: rewrites (phase 1), then text-to-SQL (phase 2)
  long long persisted_calls = 0;
  UsageTotals rewrite_usage, t2s_usage;
  int phase = 0;  // 0 idle, 1 rewriting, 2 text-to-SQL, 3 scoring, 4 done
  bool cancelled = false;
  std::vector<sqlspace::RewriteAttempt> attempts;
  EvalSet rewrites;                        // the rewritten questions as items
  std::vector<size_t> attempt_of;          // per rewrites.items entry
  std::vector<size_t> scored_attempt;      // per pair of `scoring`
  std::unique_ptr<EvaluationJob> scoring;  // EX of each rewrite's SQL, a slice a frame
  std::optional<sqlspace::RewriteSummary> summary;
  std::string error;
};

// Plans the rewrites of the newest estimate's held-out items and opens the preview; sends nothing.
void prepare_rewrite_run(AppState& state, FeatureSpacePanel& panel);
void confirm_rewrite_run(AppState& state, FeatureSpacePanel& panel);
void cancel_rewrite_run(AppState& state, FeatureSpacePanel& panel);
void step_rewrite_run(AppState& state, FeatureSpacePanel& panel, double budget_ms);  // every frame
void draw_rewrite_run(AppState& state, FeatureSpacePanel& panel);                    // under the estimate
// {"phase", "running", "done", "cancelled", "error", "batch", "set", "model", "online", "top", "preview"?: {calls,
//  network_calls, estimated_prompt_tokens, destination, model, items, chosen}, "summary"?: the figures `chokepoint
//  space rewrite` prints (n, chosen, rewritten, rewrites, rewrites_scored, invalid, unreadable, failed, no_rewriting,
//  acc_at_1, acc_at_3, table4, usage), "items"?: [{key, chosen, original_ex, rewrites: [{rank, feature, mode, state,
//  question?, sql?, ex}]}]}
nlohmann::json rewrite_run_json(const RewriteRun& run);

}  // namespace chokepoint::web
