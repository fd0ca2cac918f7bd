// The tqa-augment study over a hand-made system: EX per variant, ΔEX of each augmented item against its original
// (thesis Table 4.6's four classes), the hiding and attribute tables as given, the thesis' rows beside ours, and the
// refusals of inputs that are not aligned. Expected values are worked out by hand.
#include "core/study/tqa_augment_study.h"

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

const StudyTable& table_of(const StudyReport& r, const std::string& id) {
  for (const auto& t : r.tables)
    if (t.id == id) return t;
  throw std::runtime_error("no table " + id);
}

AugmentInputs augment_inputs() {
  AugmentInputs in;
  in.hiding_rule = "matcher";
  // Original: 1100. SR: 1010 (item 1 lost, item 2 gained). CA: 110g (item 3 not scored). BT not given.
  in.systems = {{"A", {items("1100"), items("1010"), {}, items("110g")}}};
  in.hiding = {{"SR", 3, 4, 1, 2}, {"CA", 4, 4, 0, 0}};
  in.attributes = {{"original", 4, 50, 25, 100, 0}, {"SR", 4, 25, 25, 100, 0}};
  return in;
}

TEST(TqaAugmentStudy, ExPerVariantAndDeltaPerTechnique) {
  auto rep = tqa_augment_study(augment_inputs());
  ASSERT_TRUE(rep.ok()) << rep.error();
  EXPECT_EQ(report_problem(*rep), "");
  const auto& ex = table_of(*rep, "ex");
  ASSERT_EQ(ex.rows.size(), 1u);
  EXPECT_EQ(ex.rows[0][1].number, 50);                 // original: 2 of 4
  EXPECT_EQ(ex.rows[0][2].number, 50);                 // SR: 2 of 4
  EXPECT_EQ(cell_text(ex.rows[0][3]), "");             // BT not given
  EXPECT_NEAR(ex.rows[0][4].number, 200.0 / 3, 1e-9);  // CA: 2 of the 3 scored
  const auto& d = table_of(*rep, "delta");
  ASSERT_EQ(d.rows.size(), 2u);
  // SR: pairs 4; +1 item 2, -1 item 1, 0|1 item 0, 0|0 item 3: 25 % each.
  EXPECT_EQ(cell_text(d.rows[0][1]), "SR");
  EXPECT_EQ(d.rows[0][2].number, 4);
  for (size_t c = 3; c < 7; ++c) EXPECT_EQ(d.rows[0][c].number, 25) << c;
  // CA: item 3 left out; 3 pairs, all kept: 2 right, 1 wrong.
  EXPECT_EQ(d.rows[1][2].number, 3);
  EXPECT_NEAR(d.rows[1][4].number, 200.0 / 3, 1e-9);
  EXPECT_NE(d.over.find("1 pairs left out"), std::string::npos) << d.over;
  EXPECT_EQ(d.published.size(), 9u);
}

TEST(TqaAugmentStudy, HidingAndAttributesBesideTheThesis) {
  auto rep = tqa_augment_study(augment_inputs());
  ASSERT_TRUE(rep.ok()) << rep.error();
  const auto& h = table_of(*rep, "hiding");
  EXPECT_EQ(h.rows[0][1].number, 75);
  EXPECT_EQ(h.rows[0][2].number, 50);
  EXPECT_EQ(h.rows[1][2].number, 0);  // nothing to hide in CA's evidence: 0 of 0
  ASSERT_EQ(h.published.size(), 9u);
  EXPECT_EQ(h.published[5].source, "thesis Table 4.3 (dev)");
  EXPECT_EQ(h.published[5].cells[2].number, 88.9);
  const auto& a = table_of(*rep, "attributes");
  EXPECT_EQ(a.rows[1][2].number, 25);
  EXPECT_EQ(a.published.size(), 8u);
}

TEST(TqaAugmentStudy, WithoutSystemsOnlyTheTextTables) {
  auto in = augment_inputs();
  in.systems.clear();
  auto rep = tqa_augment_study(in);
  ASSERT_TRUE(rep.ok()) << rep.error();
  std::vector<std::string> ids;
  for (const auto& t : rep->tables) ids.push_back(t.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"hiding", "attributes"}));
}

TEST(TqaAugmentStudy, LinkerPresencePerVariantAsTheThesisWritesItsCells) {
  auto in = augment_inputs();
  in.presence = {{"original", 3, 1, 0}, {"SR", 2, 1, 1}};
  auto rep = tqa_augment_study(in);
  ASSERT_TRUE(rep.ok()) << rep.error();
  const auto& p = table_of(*rep, "linker_presence");
  ASSERT_EQ(p.rows.size(), 2u);
  EXPECT_EQ(p.rows[0][1].text, "3 / 4 (75.00%)");
  EXPECT_EQ(p.rows[0][2].text, "1 / 4 (25.00%)");
  EXPECT_EQ(p.rows[1][1].text, "2 / 3 (66.67%)") << "the item with no retrieval is outside both columns";
  EXPECT_EQ(p.rows[1][4].number, 1);
  ASSERT_EQ(p.published.size(), 4u);
  EXPECT_EQ(p.published[2].cells[1].text, "98 / 106 (92.45%)");  // BT, as Table 4.9 prints it
  EXPECT_EQ(p.published[0].cells[2].text, "9 / 106 (8.49%)");
  in.presence.clear();
  auto without = tqa_augment_study(in);
  ASSERT_TRUE(without.ok());
  for (const auto& t : without->tables) EXPECT_NE(t.id, "linker_presence") << "no linker run given: no table";
  // ... and the notes say so, with how to get it; with the table there, they do not.
  auto mentions_missing_49 = [](const StudyReport& r) {
    for (const auto& n : r.notes)
      if (n.rfind("Table 4.9 (the linker table among a schema linker's tables) is not laid out", 0) == 0) return true;
    return false;
  };
  EXPECT_TRUE(mentions_missing_49(*without));
  EXPECT_FALSE(mentions_missing_49(*rep));
}

TEST(TqaAugmentStudy, RefusesInputsThatAreNotAligned) {
  auto no_original = augment_inputs();
  no_original.systems[0].variants[0].clear();
  EXPECT_NE(tqa_augment_study(no_original).error().find("no predictions on the original"), std::string::npos);
  auto only_original = augment_inputs();
  only_original.systems[0].variants[1].clear();
  only_original.systems[0].variants[3].clear();
  EXPECT_NE(tqa_augment_study(only_original).error().find("only the original"), std::string::npos);
  auto shorter = augment_inputs();
  shorter.systems[0].variants[1].pop_back();
  EXPECT_NE(tqa_augment_study(shorter).error().find("the sets must hold the same items"), std::string::npos);
  auto other = augment_inputs();
  other.systems[0].variants[3][1].id = "x";
  EXPECT_NE(tqa_augment_study(other).error().find("in order"), std::string::npos);
  auto twice = augment_inputs();
  twice.systems.push_back(twice.systems[0]);
  EXPECT_NE(tqa_augment_study(twice).error().find("given twice"), std::string::npos);
}

}  // namespace
}  // namespace chokepoint::study
