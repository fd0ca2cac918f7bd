#include "web/panels/studies/study_report_view.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "web/widgets/charts.h"
#include "web/widgets/ui_px.h"

namespace chokepoint::web {
namespace {

const ImVec4 kPublished(0.75f, 0.75f, 0.55f, 1);

void draw_study_report_table(const study::StudyTable& t) {
  ImGui::TextUnformatted(t.title.c_str());
  ImGui::TextDisabled("over %s", t.over.c_str());
  const int columns = static_cast<int>(t.columns.size()) + (t.published.empty() ? 0 : 1);
  // A table that scrolls sideways is a child window, which takes the height it is given (none: what is left of the
  // panel below it, often a sliver): give it its rows' height, at most kMaxRows of them, then it scrolls down too.
  constexpr size_t kMaxRows = 24;
  const size_t rows = t.rows.size() + t.published.size() + 1;
  const ImGuiStyle& style = ImGui::GetStyle();
  const float row_h = ImGui::GetTextLineHeight() + 2 * style.CellPadding.y + 1;
  const float height = row_h * static_cast<float>(std::min(rows, kMaxRows)) + style.ScrollbarSize + 4;
  ImGuiTableFlags flags =
      ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX;
  if (rows > kMaxRows) flags |= ImGuiTableFlags_ScrollY;
  if (columns == 0 || !ImGui::BeginTable(("study-" + t.id).c_str(), columns, flags, ImVec2(0, height))) return;
  ImGui::TableSetupScrollFreeze(t.published.empty() ? 0 : 1, 1);
  if (!t.published.empty()) ImGui::TableSetupColumn("source");
  for (const auto& c : t.columns) ImGui::TableSetupColumn(c.c_str());
  ImGui::TableHeadersRow();
  for (const auto& row : t.rows) {
    ImGui::TableNextRow();
    if (!t.published.empty()) {
      ImGui::TableNextColumn();
      ImGui::TextUnformatted("ours");
    }
    for (const auto& cell : row) {
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(study::cell_text(cell).c_str());
    }
  }
  for (const auto& p : t.published) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextColored(kPublished, "%s", p.source.c_str());
    for (const auto& cell : p.cells) {
      ImGui::TableNextColumn();
      ImGui::TextColored(kPublished, "%s", study::cell_text(cell).c_str());
    }
  }
  ImGui::EndTable();
}

// Grouped series drawn as one bar per (category, series), labelled "category: series" when there are several; a
// radar and a map (scatter) as their own charts.
void draw_chart(const study::StudyChart& c) {
  if (c.kind == study::ChartKind::Scatter) {
    ImGui::TextWrapped("%s", c.title.c_str());
    ImGui::TextDisabled("%s; %zu items", c.y_label.c_str(), c.points.size());
    std::vector<ScatterPoint> points;
    for (const auto& p : c.points) points.push_back({p.x, p.y, p.group});
    const float width = std::min(ImGui::GetContentRegionAvail().x, ui_px(760));
    draw_scatter_chart(("study-chart-" + c.id).c_str(), c.categories, points,
                       ImVec2(std::max(width, ui_px(320)), ui_px(420)));
    return;
  }
  if (c.kind == study::ChartKind::Radar) {
    ImGui::TextUnformatted(c.title.c_str());
    std::vector<RadarSeries> series;
    for (const auto& s : c.series) series.push_back({s.name, s.values});
    const float width = std::min(ImGui::GetContentRegionAvail().x, ui_px(760));
    draw_radar_chart(("study-chart-" + c.id).c_str(), c.categories, series, study::radar_top(c),
                     ImVec2(std::max(width, ui_px(320)), ui_px(420)));
    return;
  }
  std::vector<BarDatum> bars;
  double max_value = 0;
  for (size_t k = 0; k < c.categories.size(); ++k)
    for (const auto& s : c.series) {
      const double v = k < s.values.size() ? s.values[k] : NAN;
      if (std::isnan(v)) continue;
      bars.push_back({c.series.size() > 1 ? c.categories[k] + ": " + s.name : c.categories[k], v, s.name});
      max_value = std::max(max_value, v);
    }
  ImGui::TextUnformatted(c.title.c_str());
  if (bars.empty()) {
    ImGui::TextDisabled("(no value to draw)");
    return;
  }
  ChartAxes axes;
  axes.y_title = c.y_label;
  const float width = std::min(ImGui::GetContentRegionAvail().x, ui_px(90) * static_cast<float>(bars.size()) + 80);
  draw_bar_chart(("study-chart-" + c.id).c_str(), bars, max_value > 0 ? max_value : 1,
                 ImVec2(std::max(width, ui_px(240)), ui_px(220)), axes);
}

}  // namespace

void draw_study_report(const study::StudyReport& report) {
  ImGui::TextWrapped("%s", report.title.c_str());
  for (const auto& in : report.inputs) ImGui::TextDisabled("%s: %s", in.name.c_str(), in.value.c_str());
  for (const auto& note : report.notes) {  // BulletText does not wrap: a long note would run off the panel
    ImGui::Bullet();
    ImGui::TextWrapped("%s", note.c_str());
  }
  for (const auto& t : report.tables) {
    ImGui::Separator();
    draw_study_report_table(t);
  }
  for (const auto& c : report.charts) {
    ImGui::Separator();
    draw_chart(c);
  }
  ImGui::Separator();
  ImGui::TextDisabled("%zu per-item rows (in report.html and report.json)", report.items.rows.size());
}

}  // namespace chokepoint::web
