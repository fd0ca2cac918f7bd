// report.json back into a StudyReport: the inverse of report_json, checked field by field.
#include "core/study/report_from_json.h"

#include <limits>

#include <nlohmann/json.hpp>

#include "core/study/study_catalogue.h"

namespace chokepoint::study {
namespace {

using json = nlohmann::json;

struct Reader {
  const ReportBounds& bounds;
  size_t cells = 0;

  Result<std::string> text(const json& o, const char* key, const std::string& where) const {
    if (!o.contains(key) || !o[key].is_string()) return Error{where + ": '" + key + "' is not text"};
    const auto& s = o[key].get_ref<const std::string&>();
    if (s.size() > bounds.text) return Error{where + ": '" + key + "' is longer than " + std::to_string(bounds.text)};
    return s;
  }

  Result<std::vector<std::string>> texts(const json& o, const char* key, const std::string& where, size_t most) const {
    if (!o.contains(key) || !o[key].is_array()) return Error{where + ": '" + key + "' is not a list"};
    if (o[key].size() > most)
      return Error{where + ": '" + key + "' has more than " + std::to_string(most) + " entries"};
    std::vector<std::string> out;
    for (const auto& v : o[key]) {
      if (!v.is_string() || v.get_ref<const std::string&>().size() > bounds.text)
        return Error{where + ": '" + key + "' holds something other than text"};
      out.push_back(v.get<std::string>());
    }
    return out;
  }

  // One row: numbers stay numbers, text stays text, null is a blank number (a value the paper did not publish).
  Result<std::vector<Cell>> row(const json& r, size_t width, const std::string& where) {
    if (!r.is_array()) return Error{where + " is not a list"};
    if (r.size() != width)
      return Error{where + " has " + std::to_string(r.size()) + " cells for " + std::to_string(width) + " columns"};
    if ((cells += r.size()) > bounds.cells) return Error{"more than " + std::to_string(bounds.cells) + " cells"};
    std::vector<Cell> out;
    for (const auto& c : r) {
      if (c.is_number())
        out.push_back(number_cell(c.get<double>()));
      else if (c.is_null())
        out.push_back(number_cell(std::numeric_limits<double>::quiet_NaN()));
      else if (c.is_string() && c.get_ref<const std::string&>().size() <= bounds.text)
        out.push_back(text_cell(c.get<std::string>()));
      else
        return Error{where + " holds a cell that is neither a number nor text"};
    }
    return out;
  }

  Result<StudyTable> table(const json& t, const std::string& where) {
    if (!t.is_object()) return Error{where + " is not an object"};
    StudyTable out;
    auto id = text(t, "id", where), title = text(t, "title", where), over = text(t, "over", where);
    if (!id.ok()) return Error{id.error()};
    if (!title.ok()) return Error{title.error()};
    if (!over.ok()) return Error{over.error()};
    out.id = *id;
    out.title = *title;
    out.over = *over;
    auto columns = texts(t, "columns", where, bounds.columns);
    if (!columns.ok()) return Error{columns.error()};
    out.columns = *columns;
    if (!t.contains("rows") || !t["rows"].is_array()) return Error{where + ": 'rows' is not a list"};
    if (t["rows"].size() > bounds.rows) return Error{where + ": more than " + std::to_string(bounds.rows) + " rows"};
    for (size_t i = 0; i < t["rows"].size(); ++i) {
      auto r = row(t["rows"][i], out.columns.size(), where + " row " + std::to_string(i + 1));
      if (!r.ok()) return Error{r.error()};
      out.rows.push_back(std::move(*r));
    }
    const json none = json::array();
    const json& published = t.contains("published") ? t["published"] : none;
    if (!published.is_array() || published.size() > bounds.rows) return Error{where + ": 'published' is not a list"};
    for (size_t i = 0; i < published.size(); ++i) {
      const std::string at = where + " published row " + std::to_string(i + 1);
      if (!published[i].is_object()) return Error{at + " is not an object"};
      auto source = text(published[i], "source", at);
      if (!source.ok()) return Error{source.error()};
      auto cells_of = row(published[i].value("cells", json()), out.columns.size(), at);
      if (!cells_of.ok()) return Error{cells_of.error()};
      out.published.push_back({*source, std::move(*cells_of)});
    }
    return out;
  }

  Result<StudyChart> chart(const json& c, const std::string& where) {
    if (!c.is_object()) return Error{where + " is not an object"};
    StudyChart out;
    for (auto [key, field] :
         {std::pair<const char*, std::string*>{"id", &out.id}, {"title", &out.title}, {"y_label", &out.y_label}}) {
      auto v = text(c, key, where);
      if (!v.ok()) return Error{v.error()};
      *field = *v;
    }
    auto kind = text(c, "kind", where);
    if (!kind.ok()) return Error{kind.error()};
    if (*kind == "bars")
      out.kind = ChartKind::Bars;
    else if (*kind == "histogram")
      out.kind = ChartKind::Histogram;
    else if (*kind == "radar")
      out.kind = ChartKind::Radar;
    else if (*kind == "scatter")
      out.kind = ChartKind::Scatter;
    else
      return Error{where + ": unknown kind '" + kind->substr(0, 40) + "' (bars, histogram, radar or scatter)"};
    auto categories = texts(c, "categories", where, bounds.rows);
    if (!categories.ok()) return Error{categories.error()};
    out.categories = *categories;
    if (!c.contains("series") || !c["series"].is_array() || c["series"].size() > bounds.columns)
      return Error{where + ": 'series' is not a list"};
    for (size_t i = 0; i < c["series"].size(); ++i) {
      const std::string at = where + " series " + std::to_string(i + 1);
      const json& s = c["series"][i];
      if (!s.is_object()) return Error{at + " is not an object"};
      auto name = text(s, "name", at);
      if (!name.ok()) return Error{name.error()};
      auto values = row(s.value("values", json()), out.categories.size(), at);
      if (!values.ok()) return Error{values.error()};
      ChartSeries series{*name, {}};
      for (const auto& v : *values) {
        if (!v.is_number) return Error{at + " holds a value that is not a number"};
        series.values.push_back(v.number);
      }
      out.series.push_back(std::move(series));
    }
    if (out.kind != ChartKind::Scatter) return out;
    if (!c.contains("points") || !c["points"].is_array() || c["points"].size() > bounds.rows)
      return Error{where + ": 'points' is not a list of at most " + std::to_string(bounds.rows)};
    for (size_t i = 0; i < c["points"].size(); ++i) {
      const json& p = c["points"][i];
      const bool shaped = p.is_array() && p.size() == 3 && p[0].is_number() && p[1].is_number() &&
                          p[2].is_number_unsigned() && p[2].get<size_t>() < out.categories.size();
      if (!shaped)
        return Error{where + " point " + std::to_string(i + 1) +
                     " is not [x, y, group] with a group of its categories"};
      out.points.push_back({p[0].get<double>(), p[1].get<double>(), p[2].get<size_t>()});
    }
    return out;
  }
};

}  // namespace

Result<StudyReport> report_from_json(const std::string& text, const ReportBounds& bounds) {
  const json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) return Error{"not JSON"};
  if (!j.is_object() || !j.contains("study") || !j.contains("tables"))
    return Error{"not a study report (no 'study' and 'tables')"};
  Reader in{bounds};
  StudyReport r;
  auto study = in.text(j, "study", "the report");
  if (!study.ok()) return Error{study.error()};
  if (!find_study(*study)) return Error{"the report names an unknown study '" + study->substr(0, 60) + "'"};
  r.study = *study;
  auto title = in.text(j, "title", "the report");
  if (!title.ok()) return Error{title.error()};
  r.title = *title;
  auto notes = in.texts(j, "notes", "the report", bounds.rows);
  if (!notes.ok()) return Error{notes.error()};
  r.notes = *notes;
  if (!j.contains("inputs") || !j["inputs"].is_array() || j["inputs"].size() > bounds.rows)
    return Error{"the report: 'inputs' is not a list"};
  for (const auto& i : j["inputs"]) {
    if (!i.is_object()) return Error{"the report: an input is not an object"};
    auto name = in.text(i, "name", "an input"), value = in.text(i, "value", "an input");
    if (!name.ok()) return Error{name.error()};
    if (!value.ok()) return Error{value.error()};
    r.inputs.push_back({*name, *value});
  }
  if (!j["tables"].is_array() || j["tables"].size() > bounds.tables)
    return Error{"the report: 'tables' is not a list of at most " + std::to_string(bounds.tables)};
  for (size_t k = 0; k < j["tables"].size(); ++k) {
    auto t = in.table(j["tables"][k], "table " + std::to_string(k + 1));
    if (!t.ok()) return Error{t.error()};
    r.tables.push_back(std::move(*t));
  }
  if (!j.contains("charts") || !j["charts"].is_array() || j["charts"].size() > bounds.charts)
    return Error{"the report: 'charts' is not a list of at most " + std::to_string(bounds.charts)};
  for (size_t k = 0; k < j["charts"].size(); ++k) {
    auto c = in.chart(j["charts"][k], "chart " + std::to_string(k + 1));
    if (!c.ok()) return Error{c.error()};
    r.charts.push_back(std::move(*c));
  }
  if (j.contains("items") && j["items"].is_object() && !j["items"].value("columns", json::array()).empty()) {
    json items = j["items"];
    items["id"] = "items";
    items["title"] = "items";
    items["over"] = "";
    auto t = in.table(items, "the items");
    if (!t.ok()) return Error{t.error()};
    r.items = std::move(*t);
  }
  if (auto problem = report_problem(r); !problem.empty()) return Error{problem};
  return r;
}

}  // namespace chokepoint::study
