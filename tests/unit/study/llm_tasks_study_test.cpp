// The llm-tasks study over hand-made figures of two models: each table in 004's layout with the paper's columns
// beside ours (and blank where the paper has no such row), the tasks left out leaving their tables out, and the
// radar's five values per model taken from the right strategy, variant and method.
#include "core/study/llm_tasks_study.h"

#include <cmath>

#include <gtest/gtest.h>

namespace chokepoint::study {
namespace {

LlmTasksModel model(const std::string& name, double ex) {
  LlmTasksModel m;
  m.name = name;
  m.format_ex = {{"SimpleDDL-MD-Chat", ex}, {"SimpleDDL-HTML-Chat", ex - 10}};
  m.by_gold_tables = {{"1", 2, 100}, {"2", 1, 0}, {"3", 1, 50}, {">3", 0, 0}};
  m.wrong = 2;
  m.system_errors = {{"no such column", 1}};
  m.result_errors = {{"condition_filter", 1}};
  DebugRound r0{0, 0, 2, 1, 1, 0, {{"condition_filter", 1}}};
  m.debug = {{"regenerate", {r0, {1, 0, 2, 1, 1, 0, {}}}},
             {"comment", {r0, {1, 1, 1, 0, 1, 50, {}}}},
             {"wrong_sql", {r0, {1, 2, 0, 0, 0, 100, {}}}}};
  m.baseline_ves = 40;
  m.baseline_c_ves = 100;
  m.optimization = {{"with-y", 41, 102, 30, 90, 1}, {"direct", 45, 101, 44, 99, 0}};
  m.describe = DescribeScores{4, 0.5, 0.25, 0.4, 75.0, name, std::nullopt};
  m.link = {{"zero-shot", false, 4, 0.5, 0.75, 0.25}, {"presql", true, 4, 0.8, 1.0, 0.5}};
  return m;
}

LlmTasksInputs llm_inputs() {
  LlmTasksInputs in;
  in.items = 4;
  in.semantics = "bird";
  in.formats = {"SimpleDDL-MD-Chat", "SimpleDDL-HTML-Chat"};
  in.main_format = "SimpleDDL-MD-Chat";
  in.rounds = 1;
  in.models = {model("a", 50), model("b", 75)};
  in.item_rows = {{"0", "db", {"1", "no such column"}}};
  return in;
}

const StudyTable& table(const StudyReport& r, const std::string& id) {
  for (const auto& t : r.tables)
    if (t.id == id) return t;
  throw std::runtime_error("no table " + id);
}

TEST(LlmTasksStudy, TableThreeHasOurFormatsThenThePapersWithItsColumnsBeside) {
  const auto rep = llm_tasks_report(llm_inputs());
  EXPECT_EQ(report_problem(rep), "");
  const auto& t = table(rep, "formats");
  ASSERT_EQ(t.columns.size(), 1u + 2 + 4);
  EXPECT_EQ(t.columns[3], "SQLCoder-34B (004)");
  ASSERT_EQ(t.rows.size(), 2u + 7);  // ours, then the 7 of the paper's 8 formats we did not run
  EXPECT_EQ(cell_text(t.rows[0][0]), "SimpleDDL-MD-Chat");
  EXPECT_EQ(t.rows[0][2].number, 75);
  EXPECT_EQ(t.rows[0][3].number, 65.0);    // SQLCoder's SimpleDDL-MD-Chat in Table 3
  EXPECT_EQ(cell_text(t.rows[1][3]), "");  // SimpleDDL-HTML-Chat: not in Table 3
  EXPECT_EQ(cell_text(t.rows[2][1]), "");  // DDL-HTML-Chat: the paper's row, not run here
  EXPECT_EQ(t.rows[2][6].number, 49.6);    // Llama2-Chat's DDL-HTML-Chat
}

TEST(LlmTasksStudy, TableFourCountsPerGoldTablesAndATotal) {
  const auto rep = llm_tasks_report(llm_inputs());
  const auto& t = table(rep, "gold_tables");
  ASSERT_EQ(t.rows.size(), 5u);
  EXPECT_EQ(t.rows[0][1].number, 2);       // n of one-table items
  EXPECT_EQ(cell_text(t.rows[3][2]), "");  // no item reads more than 3 tables: no EX
  EXPECT_EQ(cell_text(t.rows[4][0]), "Total");
  EXPECT_EQ(t.rows[4][3].number, 75);
  EXPECT_EQ(t.rows[4][4].number, 37.0);  // ChatGPT's total in Table 4
}

TEST(LlmTasksStudy, OptimisationShowsThePapersValuesOnlyBesideTheWayItScores) {
  const auto rep = llm_tasks_report(llm_inputs());
  const auto& t = table(rep, "optimization");
  // baseline VES, C-VES; then per variant VES as 004, VES safe, C-VES as 004, C-VES safe.
  ASSERT_EQ(t.rows.size(), 2u + 2 * 4);
  EXPECT_EQ(t.rows[0][2].number, 40);
  EXPECT_EQ(t.rows[0][4].number, 36.90);  // ChatGPT's baseline VES
  EXPECT_EQ(cell_text(t.rows[2][1]), "VES (as 004)");
  EXPECT_EQ(t.rows[2][2].number, 30);
  EXPECT_EQ(t.rows[2][4].number, 30.73);
  EXPECT_EQ(cell_text(t.rows[3][1]), "VES (safe)");
  EXPECT_EQ(t.rows[3][2].number, 41);
  EXPECT_EQ(cell_text(t.rows[3][4]), "");  // the paper has no safe view
}

TEST(LlmTasksStudy, LinkingHasAColumnPerModelAndForeignKeySettingRun) {
  const auto rep = llm_tasks_report(llm_inputs());
  const auto& res = table(rep, "linking_res");
  EXPECT_EQ(res.columns[1], "a w/o fk");
  EXPECT_EQ(res.columns[2], "a w/ fk");
  EXPECT_EQ(res.columns[5], "ChatGPT w/o fk (004)");
  ASSERT_EQ(res.rows.size(), 4u);
  EXPECT_EQ(res.rows[0][1].number, 50);      // zero-shot without fk, x 100
  EXPECT_EQ(cell_text(res.rows[0][2]), "");  // zero-shot with fk: not run
  EXPECT_EQ(res.rows[2][2].number, 80);      // presql with fk
  EXPECT_NEAR(res.rows[0][5].number, 63.84, 1e-9);
  const auto& m = table(rep, "linking_matches");
  ASSERT_EQ(m.rows.size(), 8u);
  EXPECT_EQ(cell_text(m.rows[1][1]), "exact match");
  EXPECT_EQ(m.rows[1][2].number, 25);
  EXPECT_EQ(m.columns[6], "SQLCoder-34B w/o fk (004)");
  EXPECT_NEAR(m.rows[0][6].number, 28, 1e-9);
}

TEST(LlmTasksStudy, RadarTakesCommentDebuggingTheBestVesAndTheBestRes) {
  const auto c = llm_tasks_radar(llm_inputs());
  EXPECT_EQ(c.kind, ChartKind::Radar);
  ASSERT_EQ(c.categories.size(), 5u);
  EXPECT_EQ(c.categories[3], "SQL-to-Text: judged the same (%)");
  EXPECT_EQ(c.series[1].values, (std::vector<double>{75, 50, 44, 75, 80}));
}

TEST(LlmTasksStudy, TasksNotRunLeaveTheirTablesOutAndTheRadarBlank) {
  auto in = llm_inputs();
  for (auto& m : in.models) {
    m.debug.clear();
    m.optimization.clear();
    m.link.clear();
    m.describe->judge.reset();
  }
  const auto rep = llm_tasks_report(in);
  std::vector<std::string> ids;
  for (const auto& t : rep.tables) ids.push_back(t.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"formats", "gold_tables", "errors", "sql_to_text"}));
  const auto& radar = rep.charts.at(0);
  EXPECT_EQ(radar.categories[3], "SQL-to-Text: ROUGE-L F1 (x 100)");
  EXPECT_TRUE(std::isnan(radar.series[0].values[1]));
  EXPECT_EQ(radar.series[0].values[3], 40);
  EXPECT_EQ(rep.items.rows.at(0).at(3).text, "no such column");
}

TEST(LlmTasksStudy, TableFiveHasADebuggerBlockPerModelThenThePapersBlocks) {
  auto in = llm_inputs();
  // b debugs a's wrong SQL in one round; a on its own is its self-debugging (two strategies, round 1 read).
  DebugRound r0{0, 0, 2, 1, 1, 0, {}};
  in.cross_debug = {{"a", "a", 2, in.models[0].debug}, {"b", "a", 2, {{"regenerate", {r0, {1, 1, 1, 0, 1, 50, {}}}}}}};
  const auto rep = llm_tasks_report(in);
  EXPECT_EQ(report_problem(rep), "");
  const auto& t = table(rep, "cross_debug");
  ASSERT_EQ(t.columns.size(), 2u + 2 + 4);  // debugger, strategy, our two generators, the paper's four
  EXPECT_EQ(t.columns[2], "a");
  EXPECT_EQ(t.columns[4], "SQLCoder-34B (004)");
  EXPECT_EQ(t.columns[5], "Codellama-34B (004)");
  // Ours: 2 debuggers x the 3 strategies seen; then the paper's 2 debuggers x 4 strategies.
  ASSERT_EQ(t.rows.size(), 2u * 3 + 2 * 4);
  EXPECT_EQ(cell_text(t.rows[0][0]), "a");
  EXPECT_EQ(cell_text(t.rows[0][1]), "regenerate");
  EXPECT_EQ(t.rows[0][2].number, 0);       // a's own regenerate, round 1
  EXPECT_EQ(t.rows[1][2].number, 50);      // a's own comment, round 1
  EXPECT_EQ(cell_text(t.rows[0][3]), "");  // a did not debug b
  EXPECT_EQ(t.rows[3][2].number, 50);      // b's regenerate on a's SQL
  EXPECT_EQ(cell_text(t.rows[4][2]), "");  // b ran no comment strategy
  EXPECT_EQ(cell_text(t.rows[0][4]), "");  // the paper has no cell for our debuggers
  EXPECT_EQ(cell_text(t.rows[6][0]), "SQLCoder-34B (004)");
  EXPECT_EQ(cell_text(t.rows[6][2]), "");
  EXPECT_EQ(t.rows[6][4].number, 0.00);   // SQLCoder regenerating its own wrong SQL
  EXPECT_EQ(t.rows[6][5].number, 12.42);  // ... Codellama's
  EXPECT_EQ(cell_text(t.rows[13][1]), "all_errors");
  EXPECT_EQ(t.rows[13][7].number, 13.07);  // InternLM with all error information on Llama2-Chat's wrong SQL
  EXPECT_NE(t.over.find("a 2, b 2;"), std::string::npos) << t.over;
}

TEST(LlmTasksStudy, ErrorsListEachKindThenTheWrongTotal) {
  const auto rep = llm_tasks_report(llm_inputs());
  const auto& t = table(rep, "errors");
  ASSERT_EQ(t.rows.size(), 3u);
  EXPECT_EQ(cell_text(t.rows[0][1]), "no such column");
  EXPECT_EQ(cell_text(t.rows[1][1]), "condition_filter");
  EXPECT_EQ(t.rows[2][2].number, 2);
}

}  // namespace
}  // namespace chokepoint::study
