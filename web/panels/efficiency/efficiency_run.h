// The Efficiency tab of the Metrics panel: VES, C-VES and R-VES of the finished run, as
// `chokepoint ves` computes them (core/metrics/efficiency_evaluation.h): EX decides which pairs are correct, a
// correct pair's gold and prediction are stepped alternately and their time ratios scored; each gold is also timed
// against itself, so the spread of a pair that differs in nothing stands next to VES. The timing runs on the page's
// thread, one pair per frame (its queries must not share the CPU with the evaluation worker or the drawing while a
// span is measured), and the browser's coarsened clock is measured and shown. Any item's EXPLAIN QUERY PLAN of gold
// and prediction can be opened side by side.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/metrics/efficiency_evaluation.h"
#include "web/app_state.h"

namespace chokepoint::web {

struct MetricsRun;

struct EfficiencyRun {
  int iterations = 10;  // BIRD's evaluation_ves.py default (mini-dev has 100); each is a run of both queries
  int mode = 0;         // 0: step (first row to last), 1: BIRD's execute (first step only)
  int pair_limit_ms = 2000;
  std::shared_ptr<MetricsRun> source;
  size_t next = 0;  // pairs of the source timed so far
  std::vector<PairEfficiency> items;
  bool running = false, done = false, cancelled = false;
  int64_t resolution_ns = 0, min_span_ns = 0;
  EfficiencySummary summary;
  int selected = -1;  // the item whose plans are shown
  PairPlans plans;
  std::string error;
};

void start_efficiency_run(AppState& state);
void cancel_efficiency_run(AppState& state);
void step_efficiency_run(AppState& state, double budget_ms);  // every frame
// Shows item `k`'s query plans (gold and prediction side by side).
void select_efficiency_item(AppState& state, int k);
void draw_efficiency_view(AppState& state);
// {"running", "done", "cancelled", "error", "timed", "total", "iterations", "mode", "resolution_ns", "min_span_ns",
//  "summary"?: {n, scored, correct, ves, c_ves, r_ves, mean_cv, self_items, self_ves, self_score_sd, self_cv,
//  timing_failures}, "items": [{id, ex, correct, score, reward, kept, mean_ratio, cv}], "plans"?: {item, gold, pred}}
nlohmann::json efficiency_run_json(const EfficiencyRun& run);

}  // namespace chokepoint::web
