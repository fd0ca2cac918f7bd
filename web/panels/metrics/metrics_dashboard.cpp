// The Summary and Charts tabs of Predictions & metrics: EX and EXP/EXR/F1 per regime, breakdowns per database and
// difficulty, EX by joins and the EXP/EXR distributions over failed items.
#include "web/panels/metrics/metrics_dashboard.h"

#include <imgui.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include "core/base/clock.h"
#include "core/dataset/eval_set_loader.h"
#include "core/evaluation/tie_queries.h"
#include "core/metrics/eval_pairs.h"
#include "core/metrics/evaluation_job.h"
#include "core/metrics/ex_headline.h"
#include "core/metrics/explanation.h"
#include "core/metrics/regime.h"
#include "core/metrics/report_csv.h"
#include "core/metrics/transitions.h"
#include "core/sql/query_shape.h"
#include "web/bridge/canvas_capture.h"
#include "web/bridge/file_bridge.h"
#include "web/llm/llm_session.h"
#include "web/panel_registry.h"
#include "web/panels/metrics/explanation_view.h"
#include "web/panels/metrics/group_cells.h"
#include "web/panels/metrics/items_view.h"
#include "web/panels/metrics/metric_glossary.h"
#include "web/panels/metrics/metrics_memory.h"
#include "web/panels/metrics/metrics_panel.h"
#include "web/panels/metrics/scenario_view.h"
#include "web/sub_tab_registry.h"
#include "web/widgets/charts.h"
#include "web/widgets/enum_combo.h"
#include "web/widgets/item_places.h"
#include "web/widgets/regime_picker.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {

// Items (those of `subset`, or all) grouped by keys[i].
void draw_breakdown(const char* id, const MetricsRun& run, const std::vector<std::string>& keys,
                    const std::optional<std::vector<size_t>>& subset) {
  std::map<std::string, std::vector<size_t>> groups;
  auto add = [&](size_t i) {
    if (i < keys.size()) groups[keys[i].empty() ? "(none)" : keys[i]].push_back(i);
  };
  if (subset)
    for (size_t i : *subset) add(i);
  else
    for (size_t i = 0; i < run.items().size(); ++i) add(i);
  const auto& regimes = run.options().regimes;
  const int ncol = 4 + static_cast<int>(regimes.size());
  // The group's name in full (Spider's database names run to 30 characters and were cut at 1280 pixels), up to
  // two fifths of the table; the numbers share the rest.
  float name_width = ImGui::CalcTextSize(id).x;
  for (const auto& entry : groups) name_width = std::max(name_width, ImGui::CalcTextSize(entry.first.c_str()).x);
  name_width = std::min(name_width + ImGui::GetStyle().CellPadding.x * 2, ImGui::GetContentRegionAvail().x * 0.4f);
  if (!ImGui::BeginTable(id, ncol, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg)) return;
  ImGui::TableSetupColumn(id, ImGuiTableColumnFlags_WidthFixed, name_width);
  ImGui::TableSetupColumn("scored");
  ImGui::TableSetupColumn("EX %");
  ImGui::TableSetupColumn("Soft-F1 %");
  for (const auto& r : regimes) ImGui::TableSetupColumn((r.name() + " F1").c_str());
  table_headers_with_definitions();
  for (const auto& [key, idx] : groups) {
    const EvaluationSummary s = summarize(run.items(), regimes, idx);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(key.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(group_scored(s.scored, s.n).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(group_percent(s.ex, s.scored).c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(group_percent(s.soft_f1, s.scored).c_str());
    for (const auto& m : s.regimes) {
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(group_percent(m.f1, s.scored).c_str());
    }
  }
  ImGui::EndTable();
}

// The run's summary over `subset` (all items when nullopt; a non-empty subset, summarize reads empty as all).
void draw_summary(const MetricsRun& run, const std::optional<std::vector<size_t>>& subset) {
  const EvaluationSummary s = summarize(run.items(), run.options().regimes, subset ? *subset : std::vector<size_t>{});
  // What EX is over, and what was not scored and why, before any other number (core/metrics/ex_headline.h).
  ImGui::TextWrapped("%s: %s", run.label.c_str(), ex_headline(s, run.options().semantics).c_str());
  ImGui::Text("of the scored: %zu predictions failed, %zu stopped at the time limit", s.pred_errors, s.timeouts);
  ImGui::Text("Soft-F1 %.2f%% (BIRD mini-dev)", s.soft_f1);
  tooltip_definition("Soft-F1");
  if (ImGui::BeginTable("regime-means", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg)) {
    ImGui::TableSetupColumn("regime");
    ImGui::TableSetupColumn("EXP %");
    ImGui::TableSetupColumn("EXR %");
    ImGui::TableSetupColumn("F1 %");
    table_headers_with_definitions();
    for (const auto& m : s.regimes) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(m.regime.name().c_str());
      tooltip_definition(m.regime.name());
      ImGui::TableNextColumn();
      ImGui::Text("%.2f", m.exp);
      ImGui::TableNextColumn();
      ImGui::Text("%.2f", m.exr);
      ImGui::TableNextColumn();
      ImGui::Text("%.2f", m.f1);
    }
    ImGui::EndTable();
  }
}

void draw_charts(const MetricsRun& run, MetricsPanel& panel) {
  std::vector<bool> ex;
  std::vector<int> joins;
  for (size_t i = 0; i < run.items().size(); ++i) {
    if (run.items()[i].status != ItemStatus::Scored) continue;
    ex.push_back(run.items()[i].ex);
    joins.push_back(run.joins[i]);
  }
  auto buckets = ex_by_joins(ex, joins);
  std::vector<BarDatum> bars;
  if (buckets.ok())
    for (const auto& b : *buckets) bars.push_back({std::to_string(b.joins), b.ex(), std::to_string(b.n) + " items"});
  ImGui::BeginGroup();
  // Over the scored items only (each bar's count is in its tooltip).
  ImGui::Text("EX by number of joins (SQLMorph Fig. 3), over the %zu scored items", ex.size());
  draw_bar_chart("ex-by-joins", bars, 100.0, ui_px(460, 230), {"joins in the gold query", "EX (%)", "%.1f"});
  ImGui::EndGroup();

  const auto& regimes = run.options().regimes;
  if (regimes.empty()) return;
  panel.chart_regime = std::clamp(panel.chart_regime, 0, static_cast<int>(regimes.size()) - 1);
  // Beside the first chart while both fit (a chart made wider by its grip pushes the second one down).
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (right - ImGui::GetItemRectMax().x > ui_px(480)) ImGui::SameLine();
  ImGui::BeginGroup();
  ImGui::SetNextItemWidth(ui_px(140));
  if (ImGui::BeginCombo("regime##chart", regimes[static_cast<size_t>(panel.chart_regime)].name().c_str())) {
    for (size_t i = 0; i < regimes.size(); ++i)
      if (ImGui::Selectable(regimes[i].name().c_str(), static_cast<int>(i) == panel.chart_regime))
        panel.chart_regime = static_cast<int>(i);
    ImGui::EndCombo();
  }
  std::vector<double> exp, exr;
  for (const auto& it : run.items()) {
    if (it.status != ItemStatus::Scored || it.ex) continue;
    const auto& sc = it.scores[static_cast<size_t>(panel.chart_regime)];
    exp.push_back(sc.exp);
    exr.push_back(sc.exr);
  }
  ImGui::Text("EXP and EXR over the %zu items this run fails", exp.size());
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "One system's failures. SQLMorph Fig. 5 draws the items every system fails: the Studies tab's "
        "shared-failures study.");
  draw_histogram_pair("exp-exr", exp, exr, 10, ui_px(460, 230));
  ImGui::EndGroup();
}

}  // namespace chokepoint::web
