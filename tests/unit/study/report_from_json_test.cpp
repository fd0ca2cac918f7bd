// A study's report.json read back: a report written and read again is the same report (numbers to report_json's two
// decimals, blanks still blank, the radar still a radar), and a file that is not one, or lies about its shape, is
// refused naming where.
#include "core/study/report_from_json.h"

#include <cmath>

#include <gtest/gtest.h>

#include "core/study/llm_tasks_study.h"

namespace chokepoint::study {
namespace {

StudyReport sample() {
  LlmTasksInputs in;
  in.items = 2;
  in.semantics = "bird";
  in.formats = {"SimpleDDL-MD-Chat"};
  in.main_format = "SimpleDDL-MD-Chat";
  LlmTasksModel m;
  m.name = "m <1>";
  m.format_ex = {{"SimpleDDL-MD-Chat", 50}};
  m.by_gold_tables = {{"1", 2, 50}};
  m.wrong = 1;
  m.system_errors = {{"syntax error", 1}};
  m.link = {{"presql", false, 2, 0.5, 1.0, 0.5}};
  in.models = {m};
  in.item_rows = {{"0", "db", {"1"}}, {"1", "db", {"syntax error"}}};
  auto r = llm_tasks_report(in);
  r.inputs = {{"gold", "dev.json"}};
  r.tables[0].published.push_back({"004 Table 3", r.tables[0].rows[0]});
  return r;
}

TEST(ReportFromJson, AWrittenReportReadsBackTheSame) {
  const StudyReport r = sample();
  const std::string text = report_json(r).dump();
  auto back = report_from_json(text);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(report_json(*back).dump(), text);
  EXPECT_EQ(back->charts[0].kind, ChartKind::Radar);
  EXPECT_TRUE(std::isnan(back->charts[0].series[0].values[1]));  // no debugging: no value
  EXPECT_EQ(back->items.id, "items");
  EXPECT_EQ(back->items.rows.size(), 2u);
  EXPECT_EQ(back->tables[0].published[0].source, "004 Table 3");
}

TEST(ReportFromJson, RefusesWhatIsNotAReportNamingWhere) {
  EXPECT_EQ(report_from_json("{\"study\": ").error(), "not JSON");
  EXPECT_EQ(report_from_json("[1, 2]").error(), "not a study report (no 'study' and 'tables')");
  auto j = report_json(sample());
  j["study"] = "made-up";
  EXPECT_EQ(report_from_json(j.dump()).error(), "the report names an unknown study 'made-up'");
  j = report_json(sample());
  j["tables"][1]["rows"][0].erase(0);
  EXPECT_NE(report_from_json(j.dump()).error().find("table 2 row 1 has"), std::string::npos);
  j = report_json(sample());
  j["tables"][0]["rows"][0][1] = nlohmann::json::object();
  EXPECT_NE(report_from_json(j.dump()).error().find("neither a number nor text"), std::string::npos);
  j = report_json(sample());
  j["charts"][0]["kind"] = "pie";
  EXPECT_NE(report_from_json(j.dump()).error().find("unknown kind 'pie'"), std::string::npos);
  j = report_json(sample());
  j["charts"][0]["categories"] = {"a", "b"};
  for (auto& s : j["charts"][0]["series"]) s["values"] = {1, 2};
  EXPECT_NE(report_from_json(j.dump()).error().find("fewer than 3 spokes"), std::string::npos);
}

TEST(ReportFromJson, ABoundIsARefusalNotATruncation) {
  ReportBounds small;
  small.rows = 3;
  auto r = report_from_json(report_json(sample()).dump(), small);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("more than 3 rows"), std::string::npos) << r.error();
  small = ReportBounds{};
  small.text = 10;
  EXPECT_FALSE(report_from_json(report_json(sample()).dump(), small).ok());
}

// A scatter's points read back as written (four decimals), and a point outside its groups is refused naming it.
TEST(ReportFromJson, AScatterReadsBackAndItsPointsAreChecked) {
  StudyReport r = sample();
  StudyChart map;
  map.id = "map";
  map.title = "the items on a map";
  map.y_label = "UMAP";
  map.kind = ChartKind::Scatter;
  map.categories = {"simple", "moderate"};
  map.points = {{1.23456, -7, 0}, {0.5, 0.25, 1}};
  r.charts.push_back(map);
  ASSERT_EQ(report_problem(r), "");
  const std::string text = report_json(r).dump();
  auto back = report_from_json(text);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(report_json(*back).dump(), text);
  ASSERT_EQ(back->charts.back().points.size(), 2u);
  EXPECT_DOUBLE_EQ(back->charts.back().points[0].x, 1.2346);
  EXPECT_EQ(back->charts.back().points[1].group, 1u);

  auto j = report_json(r);
  j["charts"].back()["points"][1][2] = 2;  // no third group
  EXPECT_NE(report_from_json(j.dump()).error().find("point 2 is not [x, y, group]"), std::string::npos);
  j = report_json(r);
  j["charts"].back().erase("points");
  EXPECT_NE(report_from_json(j.dump()).error().find("'points' is not a list"), std::string::npos);

  r.charts.back().points.push_back({0, 0, 5});
  EXPECT_NE(report_problem(r).find("outside its groups"), std::string::npos);
  r.charts.back().points.pop_back();
  r.charts.back().series.push_back({"s", {1, 2}});
  EXPECT_NE(report_problem(r).find("has series"), std::string::npos);
}

}  // namespace
}  // namespace chokepoint::study
