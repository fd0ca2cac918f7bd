// The SQL-to-Text tab of the Metrics panel (core/llm_tasks/sql_to_text.h, as `chokepoint
// describe` does it): a model says which question each query of the finished run answers — the predictions (a check
// of them: is "judged different from the user's question" a good sign of EX = 0?) or the gold queries (004's task)
// — and its question is compared with the item's by ROUGE and by a judge asked in both orders. A privacy preview
// first (nothing is sent before Confirm; it says the judge's calls follow); calls go through the LLM session's
// CallScheduler and replay store, so a rerun asks nothing twice. With "embedding cosine", the two questions of every
// described item are also sent to the endpoint's embeddings (the model named there; labelled "not BERTScore"), the
// vectors kept in the replay store as `chokepoint describe --embedding-model` keeps them.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/llm/call_scheduler.h"
#include "core/llm/embedding_cache.h"
#include "core/llm_tasks/sql_to_text.h"
#include "web/app_state.h"
#include "web/llm/llm_session.h"
#include "web/llm/session_batch_run.h"

namespace chokepoint::web {

struct MetricsRun;

struct DescribeRun {
  int subject = 0;              // 0: the predictions (with their EX), 1: the gold queries
  bool judge = true;            // ask whether the two questions are the same, in both orders
  bool embeddings = false;      // the cosine of the endpoint's embeddings of the two questions
  std::string embedding_model;  // "" = the LLM settings' model
  std::string used_embedding_model;
  std::shared_ptr<MetricsRun> source;
  using Subject = llm_tasks::DescribeSubject;
  std::vector<Subject> subjects;
  std::vector<std::pair<std::string, std::string>> describe_calls;  // (id, prompt), one per subject
  BatchLife life;  // the one batch life cycle: preview, Confirm, describing, judging, embedding, done or cancelled
  SessionBatchPreview sent;  // what the preview said would leave the page (llm_session.h)
  std::unique_ptr<CallScheduler> scheduler;
  int phase = 0;  // 0 idle, 1 describing, 2 judging, 3 done, 4 embedding
  std::unique_ptr<EmbeddingFetch> embedding_fetch;
  std::vector<std::string> embedding_texts;  // both questions of every described item
  long long embedding_calls = 0, embedding_replayed = 0;
  std::string embedding_error;
  bool cancelled = false;
  std::vector<llm_tasks::DescribedItem> items;
  std::vector<std::pair<size_t, bool>> judged;  // per judge call: (item, forward?)
  llm_tasks::DescribeSummary summary;
  UsageTotals usage;
  long long persisted_calls = 0;
  std::string error;
};

void prepare_describe_run(AppState& state);  // plans and opens the preview; sends nothing
void confirm_describe_run(AppState& state);
void cancel_describe_run(AppState& state);
void step_describe_run(AppState& state);  // every frame
void draw_describe_view(AppState& state);
// {"preview"?: {calls, network_calls, judge_calls_at_most, embedding_texts_at_most, estimated_prompt_tokens,
//  destination, model}, "running", "phase", "done", "cancelled", "error", "batch", "summary"?: the summary
//  `chokepoint describe` writes (llm_tasks::describe_summary_json) with usage, cosine_label? and embeddings?:
//  {network_calls, replayed, error}, "items": [llm_tasks::described_item_json]}
nlohmann::json describe_run_json(const DescribeRun& run);

}  // namespace chokepoint::web
