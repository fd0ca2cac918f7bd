// A study report as files: CSV quoting, the HTML page's escaping of hostile text, that it names no URL, and that
// every table title is on it. Expected text is written out by hand.
#include <gtest/gtest.h>

#include <limits>

#include "core/study/report_csv.h"
#include "core/study/report_html.h"
#include "core/study/study_report.h"

namespace chokepoint::study {
namespace {

StudyReport hostile_report() {
  StudyReport r;
  r.study = "shared-failures";
  r.title = "Study of <b>systems</b>";
  r.inputs = {{"gold", "dev.json"}};
  r.notes = {"note with \"quotes\" & ampersands"};
  StudyTable t;
  t.id = "shared_failures";
  t.title = "Table one: means";
  t.over = "2 items";
  t.columns = {"system", "EXP (%)"};
  t.rows = {{text_cell("<script>alert('x')</script>"), number_cell(12.345)}, {text_cell("plain"), number_cell(50)}};
  t.published = {{"SQLMorph Table XI", {text_cell("CHESS"), number_cell(28.76)}}};
  StudyTable u = t;
  u.id = "second";
  u.title = "Table two: counts";
  u.published.clear();
  r.tables = {t, u};
  r.charts = {{"means", "Means of <systems>", "percent (%)", ChartKind::Bars, {"EXP"}, {{"<script>", {12.345}}}}};
  r.items.id = "items";
  r.items.columns = {"id", "question"};
  r.items.rows = {{text_cell("0"), text_cell("What is \"<img src=x onerror=alert(1)>\"?")}};
  return r;
}

TEST(StudyCsv, FieldsWithCommasQuotesOrNewlinesAreQuoted) {
  EXPECT_EQ(csv_field("plain"), "plain");
  EXPECT_EQ(csv_field("a,b"), "\"a,b\"");
  EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_field("two\nlines"), "\"two\nlines\"");
  EXPECT_EQ(csv_field("cr\r"), "\"cr\r\"");
  EXPECT_EQ(csv_field(""), "");
}

TEST(StudyCsv, ATableIsOursThenThePublishedRowsWithTheirSource) {
  const auto r = hostile_report();
  EXPECT_EQ(table_csv(r.tables[0]),
            "source,system,EXP (%)\r\n"
            "ours,<script>alert('x')</script>,12.35\r\n"
            "ours,plain,50\r\n"
            "SQLMorph Table XI,CHESS,28.76\r\n");
  EXPECT_EQ(items_csv(r.items), "id,question\r\n0,\"What is \"\"<img src=x onerror=alert(1)>\"\"?\"\r\n");
}

TEST(StudyHtml, EscapesEveryCharacterThatCouldOpenMarkup) {
  EXPECT_EQ(html_escape("<script>alert('x') & \"y\"</script>"),
            "&lt;script&gt;alert(&#39;x&#39;) &amp; &quot;y&quot;&lt;/script&gt;");
}

TEST(StudyHtml, HostileTextNeverBecomesMarkup) {
  const std::string html = report_html(hostile_report());
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("<img"), std::string::npos);
  EXPECT_EQ(html.find("<b>"), std::string::npos);
  EXPECT_NE(html.find("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"), std::string::npos);
  EXPECT_NE(html.find("&lt;img src=x onerror=alert(1)&gt;"), std::string::npos);
}

TEST(StudyHtml, ThePageFetchesNothing) {
  const std::string html = report_html(hostile_report());
  EXPECT_EQ(html.find("http:"), std::string::npos);
  EXPECT_EQ(html.find("https:"), std::string::npos);
  EXPECT_EQ(html.find("src="), html.find("src=x"));  // the only src= is the escaped text of the hostile question
  EXPECT_NE(html.find("default-src 'none'"), std::string::npos);
  EXPECT_NE(html.find("<svg"), std::string::npos);
}

TEST(StudyHtml, EveryTableTitleAndThePublishedRowsAreOnThePage) {
  const std::string html = report_html(hostile_report());
  EXPECT_NE(html.find("Table one: means"), std::string::npos);
  EXPECT_NE(html.find("Table two: counts"), std::string::npos);
  EXPECT_NE(html.find("Means of &lt;systems&gt;"), std::string::npos);
  EXPECT_NE(html.find("<tr class=\"published\"><td>SQLMorph Table XI</td><td>CHESS</td>"), std::string::npos);
}

TEST(StudyHtml, AValueThePaperDidNotPublishDrawsNoBar) {
  StudyChart chart{"c",
                   "EXP",
                   "percent (%)",
                   ChartKind::Bars,
                   {"EC-EC-IE", "NC-PC"},
                   {{"CHESS (published)", {28.76, std::numeric_limits<double>::quiet_NaN()}}}};
  const std::string svg = chart_svg(chart);
  size_t bars = 0;
  for (size_t at = svg.find("<rect x"); at != std::string::npos; at = svg.find("<rect x", at + 1)) ++bars;
  EXPECT_EQ(bars, 2u);  // the EC-EC-IE bar and the legend's swatch
  EXPECT_EQ(svg.find("nan"), std::string::npos);
  EXPECT_TRUE(
      report_json(StudyReport{"s", "t", {}, {}, {}, {chart}, {}})["charts"][0]["series"][0]["values"][1].is_null());
}

TEST(StudyHtml, ARadarDrawsOneClosedLinePerSeriesOverItsValuesOnly) {
  const double none = std::numeric_limits<double>::quiet_NaN();
  StudyChart chart{"r",
                   "tasks",
                   "percent",
                   ChartKind::Radar,
                   {"a", "b", "c", "d"},
                   {{"m1", {50, 100, 25, 75}}, {"m<2>", {50, none, 250, 10}}}};
  const std::string svg = chart_svg(chart);
  size_t lines = 0, dots = 0;
  for (size_t at = svg.find("fill-opacity"); at != std::string::npos; at = svg.find("fill-opacity", at + 1)) ++lines;
  for (size_t at = svg.find("<circle"); at != std::string::npos; at = svg.find("<circle", at + 1)) ++dots;
  EXPECT_EQ(lines, 2u);
  EXPECT_EQ(dots, 7u);                                // m<2>'s missing b has no dot
  EXPECT_NE(svg.find(">300.0<"), std::string::npos);  // 250 is over 100: the scale grows to 300
  EXPECT_NE(svg.find("m&lt;2&gt;"), std::string::npos);
  EXPECT_EQ(svg.find("nan"), std::string::npos);
  chart.categories.resize(2);
  for (auto& s : chart.series) s.values.resize(2);
  EXPECT_NE(report_problem(StudyReport{"s", "t", {}, {}, {}, {chart}, {}}), "");
  EXPECT_EQ(report_json(StudyReport{"s", "t", {}, {}, {}, {chart}, {}})["charts"][0]["kind"], "radar");
}

TEST(StudyReportJson, NumbersAreRoundedAndRowsKeptInOrder) {
  const auto j = report_json(hostile_report());
  EXPECT_EQ(j["tables"][0]["rows"][0][1], 12.35);
  EXPECT_EQ(j["tables"][0]["published"][0]["source"], "SQLMorph Table XI");
  EXPECT_EQ(j["items"]["rows"].size(), 1u);
  EXPECT_EQ(report_problem(hostile_report()), "");
}

TEST(StudyReportJson, ARowOfTheWrongWidthIsAProblem) {
  auto r = hostile_report();
  r.tables[1].rows[0].pop_back();
  EXPECT_NE(report_problem(r), "");
}

// A scatter: one dot per point in its group's colour, one legend entry per group (escaped), the method below.
TEST(StudyHtml, AScatterDrawsADotPerPointAndItsGroups) {
  StudyChart chart;
  chart.id = "map";
  chart.title = "map";
  chart.y_label = "UMAP <seed 0>";
  chart.kind = ChartKind::Scatter;
  chart.categories = {"simple", "<b>hard</b>"};
  chart.points = {{0, 0, 0}, {1, 2, 1}, {-3, 4, 1}};
  const std::string svg = chart_svg(chart);
  size_t dots = 0;
  for (size_t at = svg.find("<circle"); at != std::string::npos; at = svg.find("<circle", at + 1)) ++dots;
  EXPECT_EQ(dots, 3u + 2u);  // the points and the legend's two swatches
  EXPECT_NE(svg.find("&lt;b&gt;hard&lt;/b&gt;"), std::string::npos);
  EXPECT_NE(svg.find("UMAP &lt;seed 0&gt;"), std::string::npos);
  EXPECT_EQ(svg.find("nan"), std::string::npos);
}

}  // namespace
}  // namespace chokepoint::study
