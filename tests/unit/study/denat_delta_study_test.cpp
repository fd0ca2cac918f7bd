// The denat-delta study over two hand-made systems: EX per setting, ΔEX on each system's O/O-correct items as the
// paper computes it, the paper's rows beside ours, and the refusals of inputs that are not aligned. Expected values
// are worked out by hand in each test.
#include "core/study/denat_delta_study.h"

#include <cmath>

#include <gtest/gtest.h>

namespace chokepoint::study {
namespace {

std::vector<ItemEvaluation> items(const std::string& pattern) {  // '1' right, '0' wrong, 'g' gold failed
  std::vector<ItemEvaluation> out;
  for (size_t i = 0; i < pattern.size(); ++i) {
    ItemEvaluation it;
    it.id = std::to_string(i);
    it.db_id = "db";
    it.ex = pattern[i] == '1';
    if (pattern[i] == 'g') it.status = ItemStatus::GoldError;
    out.push_back(it);
  }
  return out;
}

// A: right on items 0-3 in O/O. L/O keeps 3 of them; O/L keeps 2 and item 3's gold fails there; L/L not given.
// B: right on items 0 and 1 in O/O; L/L loses one.
std::vector<DenatSystem> two_systems() {
  return {{"A", {items("11110"), items("11010"), items("101g1"), {}}}, {"B", {items("11000"), {}, {}, items("01000")}}};
}

const StudyTable& table_of(const StudyReport& r, const std::string& id) {
  for (const auto& t : r.tables)
    if (t.id == id) return t;
  throw std::runtime_error("no table " + id);
}

TEST(DenatDeltaStudy, DeltaIsOverTheOOCorrectItemsAsPercentChange) {
  NaturalnessTally tally{"dictionary-coverage heuristic", {5, 1, 0}, {0, 2, 4}, true};
  auto study = denat_delta_study(two_systems(), tally);
  ASSERT_TRUE(study.ok()) << study.error();
  const auto& a = study->systems[0];
  EXPECT_EQ(a.oo_correct, 4u);
  EXPECT_EQ(a.deltas[1].base, 4u);  // L/O: 3 of 4 right -> -25 %
  EXPECT_DOUBLE_EQ(a.deltas[1].delta, -25);
  EXPECT_EQ(a.deltas[2].base, 3u);  // O/L: item 3 not scored, left out; 2 of 3 right
  EXPECT_EQ(a.deltas[2].left_out, 1u);
  EXPECT_NEAR(a.deltas[2].delta, 100.0 * 2 / 3 - 100, 1e-9);
  EXPECT_FALSE(a.deltas[3].given);
  // EX over all items: O/L scores 4 items (item 3's gold failed), 3 right (item 4 is right there, though wrong in O/O).
  EXPECT_EQ(a.scored[2], 4u);
  EXPECT_EQ(a.correct[2], 3u);
  const auto& b = study->systems[1];
  EXPECT_EQ(b.oo_correct, 2u);
  EXPECT_DOUBLE_EQ(b.deltas[3].delta, -50);

  const auto& vii = table_of(study->report, "delta");
  ASSERT_EQ(vii.rows.size(), 2u);
  EXPECT_EQ(cell_text(vii.rows[0][4]), "");  // A has no L/L
  EXPECT_EQ(vii.rows[1][4].number, -50);
  ASSERT_EQ(vii.published.size(), 3u);
  EXPECT_EQ(cell_text(vii.published[2].cells[0]), "DIN-SQL");
  EXPECT_EQ(vii.published[2].cells[3].number, -23.4);
  EXPECT_EQ(report_problem(study->report), "");
  // The naturalness table and chart carry the tally as given.
  const auto& nat = table_of(study->report, "naturalness");
  EXPECT_EQ(nat.rows[2][2].number, 4);
  EXPECT_NE(nat.over.find("dictionary-coverage heuristic"), std::string::npos);
}

TEST(DenatDeltaStudy, ItemRowsCarryEachGivenSetting) {
  auto study = denat_delta_study(two_systems(), {});
  ASSERT_TRUE(study.ok()) << study.error();
  const auto& items_table = study->report.items;
  // position, id, db_id; A: O/O, L/O, O/L (status, ex each); B: O/O, L/L.
  EXPECT_EQ(items_table.columns.size(), 3u + 2 * 3 + 2 * 2);
  ASSERT_EQ(items_table.rows.size(), 5u);
  EXPECT_EQ(cell_text(items_table.rows[3][7]), "gold_error");
  EXPECT_EQ(cell_text(items_table.rows[3][8]), "");
  // Without an "after" tally, the chart shows no after bars.
  EXPECT_TRUE(std::isnan(study->report.charts[1].series[1].values[0]));
}

TEST(DenatDeltaStudy, RefusesInputsThatAreNotAligned) {
  EXPECT_FALSE(denat_delta_study({}, {}).ok());
  auto no_oo = two_systems();
  no_oo[0].settings[0].clear();
  EXPECT_NE(denat_delta_study(no_oo, {}).error().find("no O/O predictions"), std::string::npos);
  auto only_oo = two_systems();
  only_oo[1].settings[3].clear();
  EXPECT_NE(denat_delta_study(only_oo, {}).error().find("has only O/O"), std::string::npos);
  auto short_set = two_systems();
  short_set[0].settings[1].pop_back();
  EXPECT_NE(denat_delta_study(short_set, {}).error().find("L/O has 4 items, O/O 5"), std::string::npos);
  auto other_ids = two_systems();
  other_ids[1].settings[0][2].id = "x";
  EXPECT_NE(denat_delta_study(other_ids, {}).error().find("every system answers the same sets"), std::string::npos);
  auto twice = two_systems();
  twice[1].name = "A";
  EXPECT_NE(denat_delta_study(twice, {}).error().find("given twice"), std::string::npos);
}

}  // namespace
}  // namespace chokepoint::study
