// The Predictions & Metrics panel: pick a gold set and a prediction set, semantics and regimes; the evaluation runs a
// few items per frame (progress bar, cancel); then a dashboard: EX and EXP/EXR/F1 per regime, per database and
// difficulty, EX by number of joins, EXP/EXR distributions over failed items, ΔEX against a pinned baseline run, and
// a per-item explanation of matched columns, rows and cells. The tabs built on its run (Judge, Efficiency, Errors,
// SQL-to-Text, Optimise, Runs, Gold check) live in their own folders and register as its sub-tabs
// (web/sub_tab_registry.h); they read the run through AppState::runs.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/metrics/evaluation_job.h"
#include "core/metrics/pair_evaluation.h"
#include "core/sql/scenario_filter.h"
#include "web/app_state.h"
#include "web/panels/metrics/metrics_run.h"
#include "web/panels/metrics/run_delta.h"
#include "web/panels/metrics/sc_embeddings.h"

namespace chokepoint::web {

struct MetricsPanel {
  static std::vector<Regime> default_regimes() { return table_xi_regimes(); }  // the five of SQLMorph Table XI
  bool restored = false;                            // the last session's choices were applied (metrics_memory.h)
  std::vector<Regime> regimes = default_regimes();  // none chosen: Table XI's
  // Scoring options (EvaluationOptions): off by default, as BIRD and Spider score.
  bool tie_aware = false;
  double abs_tolerance = 0, rel_tolerance = 0;
  int worker_stall_ms = 0;          // 0: worker_stall_ms(timeout_ms); a page command sets it (tests of the restart)
  std::shared_ptr<MetricsRun> run;  // current or last run
  std::shared_ptr<MetricsRun> baseline;  // pinned for ΔEX
  RunDelta delta;                        // of run against baseline, kept while neither changes
  bool running = false;
  int chart_regime = 0;  // index into run->options.regimes
  int selected_item = -1;
  int item_filter = 0;  // Items list: all, EX = 0, errors, time limits, truncated, changed vs the pinned run
  // The Summary tab's scenario (sql/scenario_filter.h) and breakdown by one characteristic of the gold.
  std::string scenario_text;
  std::string scenario_error;                     // why scenario_text does not parse
  std::shared_ptr<sql::ScenarioFilter> scenario;  // null: every item
  int group_by = static_cast<int>(sql::Characteristic::Joins);
  std::string error;
  // SC with the endpoint's embeddings (LLM panel settings) instead of the local trigram cosine.
  bool endpoint_embeddings = false;
  std::string embedding_model;                    // "" = the LLM settings' model
  std::shared_ptr<ScEmbeddingPrefetch> prefetch;  // before the run scores: the vectors SC will need
};

void draw_metrics_panel(AppState& state, MetricsPanel& panel);
// Positions of the run's items the Items list shows under panel.item_filter.
std::vector<size_t> filtered_items(const MetricsRun& run, const MetricsPanel& panel);
void step_metrics_job(AppState& state, MetricsPanel& panel, double budget_ms);  // called every frame
nlohmann::json metrics_state_json(const AppState& state, const MetricsPanel& panel);
MetricsPanel& metrics_panel(AppState& state);

}  // namespace chokepoint::web
