// Schema linking in the Run a model panel (core/linking, as `chokepoint link` does it): the
// panel's set, a method of 004 §3.5 (zero-shot ranking with an optional top-k cut, few-shot selection, PreSQL,
// few-shot ∪ PreSQL), with or without foreign keys, asked of the LLM tab's model after a preview; RES, Subset and
// Exact Match and column recall and precision, one row per finished run so the page builds up 004 Tables 8 and 9;
// and per item the gold and retrieved tables side by side, coloured.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/linking/linking_methods.h"
#include "core/linking/linking_scores.h"
#include "core/llm/call_scheduler.h"
#include "web/app_state.h"
#include "web/llm/llm_session.h"
#include "web/llm/session_batch_run.h"

namespace chokepoint::web {

struct LinkingView {
  int method = 0;  // linking::LinkingMethod in declaration order
  bool foreign_keys = false;
  int top_k = 0;
  std::string set_name;
  std::shared_ptr<const EvalSet> set;  // the set as it was planned
  linking::LinkingOptions options;
  std::vector<linking::LinkingAsk> asks;
  SessionBatchRun batch;  // the one batch life cycle: preview, Confirm, calls, done or cancelled
  std::vector<linking::LinkedItem> items;
  linking::LinkingScores scores;
  struct Row {  // a finished run's line of the Tables 8 and 9 shaped summary
    std::string set, model, method;
    bool foreign_keys = false;
    int top_k = 0;
    linking::LinkingScores scores;
  };
  std::vector<Row> rows;
  // Per set, the retrieved tables by item key (linking::retrieved_tables_by_key) of the newest finished run on it of
  // this tab or the Retrieval tab (record_retrieved_tables): the Studies tab's tqa-augment looks for each augmented
  // item's linker table among them (thesis Table 4.9).
  struct Retrieved {
    std::string method;  // "Schema linking run (zero-shot, top 2)", "Retrieval run (tcsl)"
    std::map<std::string, std::vector<std::string>> tables;
  };
  std::map<std::string, Retrieved> retrieved_by_set;
  UsageTotals usage;
  std::string error;
};

// A finished schema linker's or retriever's tables on `set`, by item key, replacing the set's earlier ones; kept in
// the workspace (model_run_memory.h). `method` says which run, as the study's inputs name it.
void record_retrieved_tables(LinkingView& view, const std::string& set, std::string method,
                             std::map<std::string, std::vector<std::string>> tables);
void prepare_linking(AppState& state, LinkingView& view, int source_set);  // plans and opens the preview
void confirm_linking(AppState& state, LinkingView& view);
void cancel_linking(AppState& state, LinkingView& view);
void step_linking(AppState& state, LinkingView& view);
void draw_linking_view(AppState& state, LinkingView& view, int source_set);
// {"preview"?: {calls, network_calls, estimated_prompt_tokens, destination, model}, "running", "done", "error",
//  "summary"?: {n, scored, method, fk, top_k, res, subset_match, exact_match, column_recall, column_precision,
//  usage}, "items"?: [{id, outcome, gold_tables, retrieved_tables}], "rows": [...]}
nlohmann::json linking_view_json(const LinkingView& view);

}  // namespace chokepoint::web
