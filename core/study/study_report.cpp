// StudyReport as JSON and its invariants.
#include "core/study/study_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace chokepoint::study {

Cell number_cell(double value) { return Cell{true, value, {}}; }
Cell text_cell(std::string value) { return Cell{false, 0, std::move(value)}; }

namespace {
double rounded(double v) { return std::round(v * 100.0) / 100.0; }
}  // namespace

std::string cell_text(const Cell& cell) {
  if (!cell.is_number) return cell.text;
  if (!std::isfinite(cell.number)) return "";
  char buf[64];
  const double r = rounded(cell.number);
  if (r == std::floor(r) && std::fabs(r) < 1e15)
    std::snprintf(buf, sizeof buf, "%.0f", r);
  else
    std::snprintf(buf, sizeof buf, "%.2f", r);
  return buf;
}

const char* chart_kind_name(ChartKind kind) {
  switch (kind) {
    case ChartKind::Bars:
      return "bars";
    case ChartKind::Histogram:
      return "histogram";
    case ChartKind::Radar:
      return "radar";
    case ChartKind::Scatter:
      return "scatter";
  }
  return "bars";
}

double radar_top(const StudyChart& chart) {
  double top = 100;
  for (const auto& s : chart.series)
    for (double v : s.values)
      if (std::isfinite(v)) top = std::max(top, v);
  if (top <= 100) return 100;
  const double step = std::pow(10.0, std::floor(std::log10(top)));
  return std::ceil(top / step) * step;
}

double percent(size_t part, size_t whole) {
  return whole ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0;
}

namespace {

std::string table_problem(const StudyTable& t) {
  if (t.id.empty()) return "a table has no id";
  for (char c : t.id)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'))
      return "table id '" + t.id + "' is not a file stem";
  for (const auto& row : t.rows)
    if (row.size() != t.columns.size()) return "table '" + t.id + "' has a row of the wrong width";
  for (const auto& row : t.published)
    if (row.cells.size() != t.columns.size()) return "table '" + t.id + "' has a published row of the wrong width";
  return "";
}

nlohmann::ordered_json cells_json(const std::vector<Cell>& cells) {
  auto out = nlohmann::ordered_json::array();
  for (const auto& c : cells) {
    if (c.is_number)
      out.push_back(std::isfinite(c.number) ? nlohmann::ordered_json(rounded(c.number)) : nlohmann::ordered_json());
    else
      out.push_back(c.text);
  }
  return out;
}

nlohmann::ordered_json table_json(const StudyTable& t) {
  nlohmann::ordered_json j;
  j["id"] = t.id;
  j["title"] = t.title;
  j["over"] = t.over;
  j["columns"] = t.columns;
  j["rows"] = nlohmann::ordered_json::array();
  for (const auto& r : t.rows) j["rows"].push_back(cells_json(r));
  j["published"] = nlohmann::ordered_json::array();
  for (const auto& p : t.published) j["published"].push_back({{"source", p.source}, {"cells", cells_json(p.cells)}});
  return j;
}

}  // namespace

std::string report_problem(const StudyReport& report) {
  for (const auto& t : report.tables)
    if (auto p = table_problem(t); !p.empty()) return p;
  if (!report.items.columns.empty())
    if (auto p = table_problem(report.items); !p.empty()) return p;
  for (const auto& c : report.charts) {
    if (c.kind == ChartKind::Radar && c.categories.size() < 3)
      return "radar chart '" + c.id + "' has fewer than 3 spokes";
    for (const auto& s : c.series)
      if (s.values.size() != c.categories.size()) return "chart '" + c.id + "' has a series of the wrong length";
    if (c.kind != ChartKind::Scatter && !c.points.empty()) return "chart '" + c.id + "' has points but is no scatter";
    if (c.kind == ChartKind::Scatter && !c.series.empty()) return "scatter chart '" + c.id + "' has series";
    for (const auto& p : c.points)
      if (p.group >= c.categories.size() || !std::isfinite(p.x) || !std::isfinite(p.y))
        return "scatter chart '" + c.id + "' has a point outside its groups or off the map";
  }
  return "";
}

nlohmann::ordered_json report_json(const StudyReport& report) {
  nlohmann::ordered_json j;
  j["study"] = report.study;
  j["title"] = report.title;
  j["inputs"] = nlohmann::ordered_json::array();
  for (const auto& in : report.inputs) j["inputs"].push_back({{"name", in.name}, {"value", in.value}});
  j["notes"] = report.notes;
  j["tables"] = nlohmann::ordered_json::array();
  for (const auto& t : report.tables) j["tables"].push_back(table_json(t));
  j["charts"] = nlohmann::ordered_json::array();
  for (const auto& c : report.charts) {
    nlohmann::ordered_json cj;
    cj["id"] = c.id;
    cj["title"] = c.title;
    cj["kind"] = chart_kind_name(c.kind);
    cj["y_label"] = c.y_label;
    cj["categories"] = c.categories;
    cj["series"] = nlohmann::ordered_json::array();
    for (const auto& s : c.series) {
      auto values = nlohmann::ordered_json::array();
      for (double v : s.values)
        values.push_back(std::isfinite(v) ? nlohmann::ordered_json(rounded(v)) : nlohmann::ordered_json());
      cj["series"].push_back({{"name", s.name}, {"values", values}});
    }
    if (c.kind == ChartKind::Scatter) {  // [x, y, group] per point, four decimals: a map, not a measurement
      cj["points"] = nlohmann::ordered_json::array();
      for (const auto& p : c.points)
        cj["points"].push_back({std::round(p.x * 1e4) / 1e4, std::round(p.y * 1e4) / 1e4, p.group});
    }
    j["charts"].push_back(cj);
  }
  nlohmann::ordered_json items;
  items["columns"] = report.items.columns;
  items["rows"] = nlohmann::ordered_json::array();
  for (const auto& r : report.items.rows) items["rows"].push_back(cells_json(r));
  j["items"] = items;
  return j;
}

}  // namespace chokepoint::study
