// The Efficiency tab: the finished run's pairs, one per frame, through evaluate_efficiency; then the summary.
#include "web/panels/efficiency/efficiency_run.h"
#include "web/panel_registry.h"
#include "web/sub_tab_registry.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "core/base/clock.h"
#include "web/panels/metrics/metrics_run.h"
#include "web/widgets/item_places.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {
namespace {

EfficiencyOptions options_of(const EfficiencyRun& run) {
  EfficiencyOptions o;
  o.timing.mode = run.mode == 1 ? TimingMode::BirdExecute : TimingMode::Step;
  o.timing.iterations = std::clamp(run.iterations, 1, 1000);
  o.timing.min_span_ns = run.min_span_ns;
  o.timing.timeout_ms = run.pair_limit_ms;
  o.self_check = true;
  return o;
}

void finish_efficiency(AppState& state, EfficiencyRun& run) {
  run.running = false;
  run.done = true;
  run.summary = summarize_efficiency(run.items);
  char buf[160];
  std::snprintf(buf, sizeof buf, "efficiency: VES %.2f, C-VES %.2f, R-VES %.2f over %zu items", run.summary.scores.ves,
                run.summary.scores.c_ves, run.summary.scores.r_ves, run.summary.scores.n);
  notify(state, buf);
}

void draw_summary(const EfficiencyRun& run) {
  const auto& s = run.summary;
  ImGui::Text("VES %.2f   C-VES %.2f   R-VES %.2f   over %zu scored items, %zu correct", s.scores.ves, s.scores.c_ves,
              s.scores.r_ves, s.scores.n, s.scores.correct);
  ImGui::Text(
      "spread: the same gold timed against itself scores %.2f (sd %.2f over %zu items; ideally 100); "
      "a correct pair's ratios vary by %.1f%% (mean CV)",
      s.self_ves, s.self_score_sd, s.self_items, 100 * s.mean_cv);
  ImGui::TextDisabled(
      "clock resolution %.1f us; each span at least %.2f ms (short queries repeated within it); "
      "%s; %d runs of each query",
      static_cast<double>(run.resolution_ns) / 1000, static_cast<double>(run.min_span_ns) / 1e6,
      run.mode == 1 ? "timed as BIRD's execute (first step only, rows not fetched)"
                    : "timed: SQLite stepping each prepared statement, first row to last",
      run.iterations);
  if (s.gold_errors || s.no_database || s.timing_failures)
    ImGui::TextDisabled(
        "%zu gold errors and %zu without database (not scored); %zu correct pairs failed or ran out "
        "of time while timed (scored 0)",
        s.gold_errors, s.no_database, s.timing_failures);
}

void draw_plans(const EfficiencyRun& run) {
  if (run.selected < 0 || static_cast<size_t>(run.selected) >= run.items.size()) return;
  const auto& pair = run.source->pairs()[static_cast<size_t>(run.selected)];
  ImGui::Text("EXPLAIN QUERY PLAN of item %s", pair.id.c_str());
  if (!ImGui::BeginTable("plans", 2, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchSame)) return;
  ImGui::TableSetupColumn("gold");
  ImGui::TableSetupColumn("prediction");
  ImGui::TableHeadersRow();
  ImGui::TableNextRow();
  auto side = [](const std::vector<std::string>& lines, const std::string& error, const std::string& sql) {
    ImGui::TableNextColumn();
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("%s", sql.c_str());
    ImGui::PopTextWrapPos();
    if (!error.empty()) draw_error(error);
    for (const auto& l : lines) ImGui::TextUnformatted(l.c_str());
  };
  side(run.plans.gold, run.plans.gold_error, pair.gold_sql);
  side(run.plans.pred, run.plans.pred_error, pair.pred_sql);
  ImGui::EndTable();
}

void draw_efficiency_items(AppState& state) {
  EfficiencyRun& run = state.panels.get<EfficiencyRun>();
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_Resizable | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("efficiency-items", 8, flags, ImVec2(0, ImGui::GetContentRegionAvail().y))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  for (const char* c : {"item", "EX", "score", "reward", "mean ratio", "kept", "CV", "self"})
    ImGui::TableSetupColumn(c);
  ImGui::TableHeadersRow();
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(run.items.size()));
  while (clipper.Step()) {
    for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
      const auto& it = run.items[static_cast<size_t>(row)];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      if (ImGui::Selectable((it.ex.id + "##eff" + std::to_string(row)).c_str(), run.selected == row,
                            ImGuiSelectableFlags_SpanAllColumns))
        select_efficiency_item(state, row);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(it.ex.status != ItemStatus::Scored ? "-" : it.ex.ex ? "1" : "0");
      const auto& s = it.timing.summary;
      ImGui::TableNextColumn();
      ImGui::Text("%.1f", it.correct() ? s.score : 0.0);
      ImGui::TableNextColumn();
      ImGui::Text("%.2f", it.correct() ? s.reward : 0.0);
      ImGui::TableNextColumn();
      if (it.timed) ImGui::Text("%.3f", s.mean);
      ImGui::TableNextColumn();
      if (it.timed) ImGui::Text("%zu/%zu", s.kept, s.runs);
      ImGui::TableNextColumn();
      if (it.timed) ImGui::Text("%.1f%%", 100 * s.cv);
      ImGui::TableNextColumn();
      if (it.self_timed && it.self.ok()) ImGui::Text("%.1f", it.self.summary.score);
    }
  }
  ImGui::EndTable();
}

}  // namespace

void start_efficiency_run(AppState& state) {
  EfficiencyRun& run = state.panels.get<EfficiencyRun>();
  run.error.clear();
  if (!current_evaluation(state) || !current_evaluation(state)->done) {
    run.error = "evaluate a prediction set first";
    return;
  }
  run.source = current_evaluation(state);
  run.items.clear();
  run.next = 0;
  run.selected = -1;
  run.plans = {};
  run.done = run.cancelled = false;
  run.running = true;
  run.resolution_ns = clock_resolution_ns(steady_clock_ns);
  // The browser coarsens performance.now() (to 5 us when cross-origin isolated, 100 us otherwise): a span of 20
  // ticks keeps one tick under 5% of it, and 1 ms is the floor as in the CLI.
  run.min_span_ns = std::max<int64_t>(1000000, 20 * run.resolution_ns);
  (void)state;
}

void cancel_efficiency_run(AppState& state) {
  EfficiencyRun& run = state.panels.get<EfficiencyRun>();
  if (!run.running) return;
  run.running = false;
  run.cancelled = true;
  run.done = true;
  run.summary = summarize_efficiency(run.items);
}

void step_efficiency_run(AppState& state, double budget_ms) {
  EfficiencyRun& run = state.panels.get<EfficiencyRun>();
  if (!run.running || !run.source) return;
  const double start = monotonic_ms();
  const auto& pairs = run.source->pairs();
  // At least one pair per frame: a pair's timing is one measurement and is never split across frames.
  do {
    if (run.next >= pairs.size()) {
      finish_efficiency(state, run);
      return;
    }
    const auto& pair = pairs[run.next];
    const LoadedDatabase* db = find_database(state, pair.db_id);
    if (!db || !db->connection) {
      PairEfficiency none;
      none.ex.id = pair.id;
      none.ex.db_id = pair.db_id;
      none.ex.status = ItemStatus::NoDatabase;
      run.items.push_back(std::move(none));
    } else {
      EvaluationOptions ex = run.source->options();
      ex.regimes.clear();
      run.items.push_back(evaluate_efficiency(*db->connection, pair, ex, options_of(run)));
    }
    ++run.next;
  } while (monotonic_ms() - start < budget_ms);
}

void select_efficiency_item(AppState& state, int k) {
  EfficiencyRun& run = state.panels.get<EfficiencyRun>();
  if (k < 0 || static_cast<size_t>(k) >= run.items.size() || !run.source) return;
  run.selected = k;
  const auto& pair = run.source->pairs()[static_cast<size_t>(k)];
  const LoadedDatabase* db = find_database(state, pair.db_id);
  run.plans = {};
  if (!db || !db->connection) {
    run.plans.gold_error = run.plans.pred_error = "database " + pair.db_id + " is not loaded";
    return;
  }
  run.plans = pair_plans(*db->connection, pair.gold_sql, pair.pred_sql);
}

void draw_efficiency_view(AppState& state) {
  EfficiencyRun& run = state.panels.get<EfficiencyRun>();
  ImGui::TextWrapped(
      "How fast the correct predictions run against their gold queries: VES as BIRD's evaluation_ves.py scores it "
      "(sqrt of the mean time ratio x 100, outliers beyond 3 sd dropped, wrong items 0), C-VES over the correct "
      "items only (004) and R-VES with mini-dev's reward steps. Times are taken on this page, one pair per frame.");
  ImGui::BeginDisabled(run.running);
  ImGui::SetNextItemWidth(ui_px(100));
  ImGui::InputInt("runs of each query", &run.iterations);
  run.iterations = std::clamp(run.iterations, 1, 1000);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ui_px(260));
  ImGui::Combo("timing", &run.mode, "SQLite stepping, first row to last\0BIRD's execute (first step only)\0");
  ImGui::SameLine();
  if (ImGui::Button("Time the predictions")) start_efficiency_run(state);
  note_item_place("time the predictions");
  ImGui::EndDisabled();
  if (!run.error.empty()) draw_error(run.error);
  if (run.running && run.source) {
    const size_t total = run.source->pairs().size();
    if (draw_progress_cancel(run.next, total)) cancel_efficiency_run(state);
    return;
  }
  if (!run.done) return;
  if (run.source != current_evaluation(state))
    ImGui::TextDisabled("(timed an earlier run: %s)", run.source->label.c_str());
  if (run.cancelled) ImGui::TextDisabled("cancelled after %zu pairs: the scores cover those", run.items.size());
  draw_summary(run);
  draw_plans(run);
  draw_efficiency_items(state);
}

nlohmann::json efficiency_run_json(const EfficiencyRun& run) {
  nlohmann::json j = {{"running", run.running},
                      {"done", run.done},
                      {"cancelled", run.cancelled},
                      {"error", run.error},
                      {"timed", run.next},
                      {"total", run.source ? run.source->pairs().size() : 0},
                      {"iterations", run.iterations},
                      {"mode", run.mode == 1 ? "bird-execute" : "step"},
                      {"resolution_ns", run.resolution_ns},
                      {"min_span_ns", run.min_span_ns}};
  if (!run.done) return j;
  const auto& s = run.summary;
  j["summary"] = {{"n", s.n},
                  {"scored", s.scores.n},
                  {"correct", s.scores.correct},
                  {"ves", s.scores.ves},
                  {"c_ves", s.scores.c_ves},
                  {"r_ves", s.scores.r_ves},
                  {"mean_cv", s.mean_cv},
                  {"self_items", s.self_items},
                  {"self_ves", s.self_ves},
                  {"self_score_sd", s.self_score_sd},
                  {"self_cv", s.self_cv},
                  {"timing_failures", s.timing_failures}};
  nlohmann::json items = nlohmann::json::array();
  for (const auto& it : run.items) {
    const auto& t = it.timing.summary;
    items.push_back({{"id", it.ex.id},
                     {"ex", it.ex.status == ItemStatus::Scored ? nlohmann::json(it.ex.ex) : nlohmann::json()},
                     {"correct", it.correct()},
                     {"score", it.correct() ? t.score : 0.0},
                     {"reward", it.correct() ? t.reward : 0.0},
                     {"kept", t.kept},
                     {"mean_ratio", t.mean},
                     {"cv", t.cv}});
  }
  j["items"] = std::move(items);
  if (run.selected >= 0)
    j["plans"] = {{"item", run.selected},
                  {"gold", run.plans.gold},
                  {"pred", run.plans.pred},
                  {"gold_error", run.plans.gold_error},
                  {"pred_error", run.plans.pred_error}};
  return j;
}

namespace {

// {"do": "efficiency_run", "iterations": N, "mode": "step" | "bird-execute"}: the Efficiency tab's choices and its
// "Time the predictions" button; {"do": "efficiency_cancel"}; {"do": "efficiency_plan", "item": k}: item k's plans.
const PageCommandRegistrar efficiency_registrar{"efficiency_run", [](AppState& state, const nlohmann::json& cmd) {
                                                  EfficiencyRun& run = state.panels.get<EfficiencyRun>();
                                                  run.iterations = cmd.value("iterations", 10);
                                                  run.mode =
                                                      cmd.value("mode", std::string("step")) == "bird-execute" ? 1 : 0;
                                                  start_efficiency_run(state);
                                                }};
const PageCommandRegistrar efficiency_cancel_registrar{
    "efficiency_cancel", [](AppState& state, const nlohmann::json&) { cancel_efficiency_run(state); }};
const PageCommandRegistrar efficiency_plan_registrar{"efficiency_plan", [](AppState& state, const nlohmann::json& cmd) {
                                                       select_efficiency_item(state, cmd.value("item", -1));
                                                     }};

const SubTabRegistrar efficiency_run_tab{
    {kMetricsPanelName, "Efficiency", 30, "efficiency", draw_efficiency_view, step_efficiency_run,
     [](AppState& s) { return efficiency_run_json(s.panels.get<EfficiencyRun>()); }}};

}  // namespace

}  // namespace chokepoint::web
