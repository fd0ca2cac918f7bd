// The Predictions & Metrics panel: pick a gold set and a prediction set, semantics and regimes; the evaluation runs a
// few items per frame (progress bar, cancel); then a dashboard: EX and EXP/EXR/F1 per regime, per database and
// difficulty, EX by number of joins, EXP/EXR distributions over failed items, ΔEX against a pinned baseline run, and
// a per-item explanation of matched columns, rows and cells.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/metrics/evaluation_job.h"
#include "core/metrics/pair_evaluation.h"
#include "core/sql/scenario_filter.h"
#include "web/app_state.h"
#include "web/panels/metrics/debug_run.h"
#include "web/panels/metrics/describe_run.h"
#include "web/panels/metrics/efficiency_run.h"
#include "web/panels/metrics/error_category_run.h"
#include "web/panels/metrics/errors_view.h"
#include "web/panels/metrics/gold_check.h"
#include "web/panels/metrics/gold_facts.h"
#include "web/panels/metrics/judge_run.h"
#include "web/panels/metrics/optimize_run.h"
#include "web/panels/metrics/runs_view.h"
#include "web/panels/metrics/sc_embeddings.h"
#include "web/panels/metrics/worker_evaluation.h"

namespace chokepoint::web {

struct MetricsRun {
  std::string label;                    // "gold.json vs pred.json"
  std::string gold_name, pred_name;     // the two sets' names
  std::vector<std::string> difficulty;  // per pair, from the gold set ("" when absent)
  std::vector<int> joins;               // per pair: joins in the gold query's main join query graph (-1 unknown)
  size_t joins_counted = 0;             // joins are counted a slice per frame (a parse each), before the run is done
  GoldFacts facts;                      // counted with the joins: characteristics, QVT keys, EM and hardness
  double facts_ms = 0;                  // main-thread time spent counting the joins and facts (state JSON, bench)
  std::unique_ptr<EvaluationJob> job;   // the pairs, options and items evaluated so far (core/metrics)
  bool done = false;
  std::shared_ptr<WorkerEvaluation> worker;  // while the worker evaluates it; null on the page's thread and when done
  std::string evaluated_in = "page";         // "worker" or "page": where the last items were evaluated
  size_t worker_restarts = 0;                // workers started again past a pair that stalled or stopped one
  RunErrors errors;                          // the failed items by 004's taxonomy, once the run is done
  bool store_tried = false;                  // the finished run was handed to the run store (runs_view.h)
  int64_t stored_id = 0;                     // its id there; 0 when not kept
  const std::vector<EvalPair>& pairs() const { return job->pairs(); }
  const std::vector<ItemEvaluation>& items() const { return job->items(); }  // in pair order
  const EvaluationOptions& options() const { return job->options(); }
};

struct MetricsPanel {
  static std::vector<Regime> default_regimes() { return table_xi_regimes(); }  // the five of SQLMorph Table XI
  int gold_set = 0, pred_set = 0;
  bool restored = false;  // the last session's choices were applied (metrics_memory.h)
  size_t sets_seen = 0;   // loaded sets the pickers have followed (each new upload becomes the gold or prediction pick)
  ExSemantics semantics = ExSemantics::Bird;
  bool semantics_chosen = false;  // by the user or a command; until then it follows the files' benchmark
  std::vector<Regime> regimes = default_regimes();  // none chosen: Table XI's
  int timeout_ms = 5000;
  // Scoring options of issue 17 item 6 (EvaluationOptions): off by default, as BIRD and Spider score.
  bool tie_aware = false;
  double abs_tolerance = 0, rel_tolerance = 0;
  int worker_stall_ms = 0;          // 0: worker_stall_ms(timeout_ms); a page command sets it (tests of the restart)
  std::shared_ptr<MetricsRun> run;  // current or last run
  std::shared_ptr<MetricsRun> baseline;  // pinned for ΔEX
  bool running = false;
  int chart_regime = 0;  // index into run->options.regimes
  int selected_item = -1;
  int item_filter = 0;       // Items list: all, EX = 0, errors, time limits, truncated, changed vs the pinned run
  std::string error_filter;  // Errors list: "" all, "system", "result", or one error_category
  int selected_error = -1;   // position in run->errors.items
  DebugRun debug;            // debugging the run's wrong predictions (Errors tab)
  ErrorCategoryRun error_category;  // the model's say on condition_filter vs data_processing (Errors tab)
  // The Summary tab's scenario (sql/scenario_filter.h) and breakdown by one characteristic of the gold.
  std::string scenario_text;
  std::string scenario_error;                     // why scenario_text does not parse
  std::shared_ptr<sql::ScenarioFilter> scenario;  // null: every item
  int group_by = static_cast<int>(sql::Characteristic::Joins);
  std::string error;
  bool request_run = false;  // set by a page command; acted on like the Evaluate button
  // SC with the endpoint's embeddings (LLM panel settings) instead of the local trigram cosine.
  bool endpoint_embeddings = false;
  std::string embedding_model;                    // "" = the LLM settings' model
  std::shared_ptr<ScEmbeddingPrefetch> prefetch;  // before the run scores: the vectors SC will need
  RunsView runs;                                  // the Runs tab: kept runs, two compared, marks
  JudgeRun judge;                                 // the Judge tab: a model's second opinion on EX
  DescribeRun describe;                           // the SQL-to-Text tab: describe queries, ROUGE and a judge
  OptimizeRun optimize;                           // the Optimise tab: faster rewrites, VES per variant
  EfficiencyRun efficiency;                       // the Efficiency tab: VES, C-VES, R-VES of the finished run
  GoldCheckRun gold_check;                        // the gold set's own check: its ceiling and unusable golds
};

void draw_metrics_panel(AppState& state, MetricsPanel& panel);
// Positions of the run's items the Items list shows under panel.item_filter.
std::vector<size_t> filtered_items(const MetricsRun& run, const MetricsPanel& panel);
void step_metrics_job(AppState& state, MetricsPanel& panel, double budget_ms);  // called every frame
// A run of `pairs` on the loaded databases, started in the evaluation worker when it can be (else on the page).
// The page has one evaluation worker (starting another ends the one before): a run beside the Metrics panel's, as
// the Run-a-model panel's format x model table, passes in_worker = false and is evaluated on the page in slices.
std::shared_ptr<MetricsRun> make_metrics_run(const AppState& state, std::vector<EvalPair> pairs,
                                             EvaluationOptions options, int worker_stall_ms = 0, bool in_worker = true);
// Evaluates more of the run (the worker's items, or pairs in place within the budget); true once it is done. A
// worker that refuses the run is reported and the rest is evaluated in place.
bool advance_metrics_run(AppState& state, MetricsRun& run, double budget_ms);
// The pickers take the sets loaded since the last call (each new one becomes the gold or prediction pick); a panel
// that then picks a pair itself calls this first, so the next frame does not move its pick.
void follow_new_sets(const AppState& state, MetricsPanel& panel);
nlohmann::json metrics_state_json(const MetricsPanel& panel);
MetricsPanel& metrics_panel(AppState& state);

}  // namespace chokepoint::web
