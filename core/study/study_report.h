// A study's output as a value: tables (title, what n is over, columns, our rows and, where a paper published the
// same quantity, its rows beside ours), charts as data (bars and histograms), the per-item rows and the notes on
// what was skipped. The CLI writes it as report.json, one CSV per table and report.html (report_csv.h,
// report_html.h); nothing here knows about files.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace chokepoint::study {

// One cell: a number (counts and percents) or text. Numbers print with two decimals unless whole.
struct Cell {
  bool is_number = false;
  double number = 0;
  std::string text;
};
Cell number_cell(double value);
Cell text_cell(std::string value);
std::string cell_text(const Cell& cell);  // "12", "36.21", or the text

// A row the paper published, with its source ("thesis Table 3.6"); same columns as the table's own rows.
struct PublishedRow {
  std::string source;
  std::vector<Cell> cells;
};

// Invariant: every row, ours or published, has columns.size() cells. `id` is a file stem ([a-z0-9_]).
struct StudyTable {
  std::string id;     // "transitions" -> transitions.csv
  std::string title;  // "ΔEX of each expansion against its seed (thesis Table 3.7)"
  std::string over;   // what the rows are computed over: "58 expansions scored with their seed (2 skipped: ...)"
  std::vector<std::string> columns;
  std::vector<std::vector<Cell>> rows;
  std::vector<PublishedRow> published;
};

enum class ChartKind { Bars, Histogram, Radar, Scatter };
const char* chart_kind_name(ChartKind kind);  // "bars", "histogram", "radar", "scatter"

struct ChartSeries {
  std::string name;
  std::vector<double> values;  // one per category; NaN: no value (a number the paper did not publish)
};

// One dot of a scatter chart: its place on the map and its group (an index into the chart's categories).
struct ChartPoint {
  double x = 0, y = 0;
  size_t group = 0;
};

// Grouped bars: for each category one bar per series. A histogram is the same with bins as categories and counts as
// values. A radar has one spoke per category (at least three) and one closed line per series, on one radial scale.
// A scatter has no series: one point per item, coloured by its group (the categories name the groups).
// Invariants: every series has categories.size() values; only a scatter has points, and each one's group names a
// category.
struct StudyChart {
  std::string id;
  std::string title;
  std::string y_label;  // "EX (%)", "items"
  ChartKind kind = ChartKind::Bars;
  std::vector<std::string> categories;
  std::vector<ChartSeries> series;
  std::vector<ChartPoint> points = {};  // a scatter's
};

struct StudyInput {
  std::string name;   // "seeds", "pred-expansions"
  std::string value;  // the path or setting as given
};

struct StudyReport {
  std::string study;  // the catalogue name: "jqe-delta"
  std::string title;  // one line
  std::vector<StudyInput> inputs;
  std::vector<std::string> notes;  // items skipped and why, definitions a reader needs
  std::vector<StudyTable> tables;
  std::vector<StudyChart> charts;
  StudyTable items;  // one row per evaluated item (id "items"): what every table is computed from
};

// The radial scale of a radar: 100 when every value fits (percentages), else the largest value rounded up to one
// significant digit (a VES of 250 gives 300).
double radar_top(const StudyChart& chart);

// Checks the invariants above; the first broken one.
std::string report_problem(const StudyReport& report);

// {study, title, inputs, notes, tables: [{id, title, over, columns, rows, published: [{source, cells}]}],
//  charts: [{id, title, kind, y_label, categories, series}], items: {columns, rows}}. Numbers are rounded to two
// decimals (a missing value is null); text stays text.
nlohmann::ordered_json report_json(const StudyReport& report);

// Percent of part in whole, 0 when whole is 0.
double percent(size_t part, size_t whole);

}  // namespace chokepoint::study
