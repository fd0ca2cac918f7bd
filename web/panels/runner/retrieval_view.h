// Stage-level retrieval in the Run a model panel (core/linking/column_retrieval, as `chokepoint
// retrieval` does it): the panel's set, labelled as one of the O/O, L/O, O/L, L/L variants that the TQA panel's
// de-naturalised variants (or `chokepoint tqa denat`) produce, retrieved by Full-Schema, TCSL or SCSL with the LLM
// tab's model after a preview; each finished run fills one cell of a Table VIII shaped grid (FPR / SLR, with the
// change against the O/O cell of the same approach), and the last run lists every item's gold and retrieved columns.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/linking/column_retrieval.h"
#include "core/linking/linking_scores.h"
#include "core/llm/call_scheduler.h"
#include "core/study/retrieval_study.h"
#include "core/tqa/denaturalisation.h"
#include "web/app_state.h"
#include "web/llm/llm_session.h"
#include "web/llm/session_batch_run.h"

namespace chokepoint::web {

struct RetrievalView {
  int approach = 1;  // linking::RetrievalApproach in declaration order: Full-Schema, TCSL, SCSL
  int variant = -1;  // tqa::DenatSetting in declaration order; -1 until guessed from the set's databases
  bool foreign_keys = false;
  std::string set_name;
  std::shared_ptr<const EvalSet> set;  // the set as it was planned
  linking::RetrievalApproach planned_approach = linking::RetrievalApproach::FullSchema;
  tqa::DenatSetting planned_variant = tqa::DenatSetting::OO;
  linking::RetrievalOptions options;
  std::vector<linking::RetrievalAsk> asks;  // both rounds once the second is planned
  std::vector<Result<std::string>> answers;
  size_t first_round = 0;  // asks[0, first_round) are the first round's
  size_t tcsl_second_at_most = 0;
  BatchLife life;            // the one batch life cycle: preview, Confirm, the rounds' calls, done or cancelled
  SessionBatchPreview sent;  // what the preview said would leave the page (llm_session.h)
  std::unique_ptr<CallScheduler> scheduler;
  bool done = false, cancelled = false;  // the scores are there (a full-schema run makes no call at all)
  std::vector<linking::RetrievedItem> items;
  linking::RetrievalScores scores;
  struct Cell {  // one (approach, variant) of Table VIII: the newest run's scores and items
    std::string set, model;
    bool foreign_keys = false;
    linking::RetrievalScores scores;
    std::vector<study::RetrievalItemRow> rows;
  };
  std::map<std::pair<int, int>, Cell> table;  // (approach, variant) -> cell
  UsageTotals usage;
  long long persisted_calls = 0;
  std::string error;
};

// The variant a set most likely is: O/L when its items' databases were made by the TQA panel's de-naturalisation
// ("denaturalised" origin), O/O otherwise. The user can change it; questions alone cannot tell L from O.
int guess_retrieval_variant(const AppState& state, const EvalSet& set);
void prepare_retrieval(AppState& state, RetrievalView& view, int source_set);  // plans and opens the preview
void confirm_retrieval(AppState& state, RetrievalView& view);
void cancel_retrieval(AppState& state, RetrievalView& view);
void step_retrieval(AppState& state, RetrievalView& view);
void draw_retrieval_view(AppState& state, RetrievalView& view, int source_set);
// The retrieval study over the table's cells: core's retrieval_report_of_runs (core/study/retrieval_study.h), which
// lays them out as `chokepoint study retrieval` does and refuses an empty table or cells of two models or foreign-key
// choices.
Result<study::StudyReport> retrieval_study_report(const RetrievalView& view);
// {"preview"?: {calls, second_round_at_most, network_calls, estimated_prompt_tokens, destination, model},
//  "running", "done", "error", "summary"?: {approach, variant, n, fpr, fpr_pooled, slr, fpr_items, usage},
//  "items"?: [{id, outcome, gold_columns, retrieved_columns, picked_tables?}],
//  "table_viii": [{approach, cells: {variant: {n, fpr, fpr_pooled, slr, delta_fpr?, delta_slr?}}}]}
nlohmann::json retrieval_view_json(const RetrievalView& view);

}  // namespace chokepoint::web
