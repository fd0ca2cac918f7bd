// SQL-to-Text's JSON, the shape both `chokepoint describe` and the SQL-to-Text tab show: blocks appear only for what
// ran, and every figure of a hand-made summary lands under its name.
#include <gtest/gtest.h>

#include "core/llm_tasks/sql_to_text_json.h"

namespace chokepoint::llm_tasks {
namespace {

DescribedItem item(const std::string& id, std::optional<bool> same, std::optional<bool> ex) {
  DescribedItem it;
  it.id = id;
  it.reference = "How many atoms?";
  it.generated = "Count the atoms.";
  it.same_forward = same;
  it.same_backward = same;
  it.ex = ex;
  return it;
}

TEST(SqlToTextJson, AnItemCarriesItsScoresAndOnlyTheVerdictsItHas) {
  DescribedItem it = item("q1", true, std::nullopt);
  it.rouge.r1.f1 = 0.5;
  it.rouge.r2.recall = 0.25;
  const auto j = described_item_json(it);
  EXPECT_EQ(j["id"], "q1");
  EXPECT_EQ(j["generated"], "Count the atoms.");
  EXPECT_DOUBLE_EQ(j["rouge1_f1"].get<double>(), 0.5);
  EXPECT_DOUBLE_EQ(j["rouge2_recall"].get<double>(), 0.25);
  EXPECT_EQ(j["same_forward"], true);
  EXPECT_FALSE(j.contains("ex"));
  EXPECT_FALSE(j.contains("cosine"));
  EXPECT_FALSE(j.contains("error"));

  DescribedItem none;
  none.id = "q2";
  none.error = "no question in the answer";
  const auto k = described_item_json(none);
  EXPECT_TRUE(k["generated"].is_null());
  EXPECT_EQ(k["error"], "no question in the answer");
}

TEST(SqlToTextJson, TheJudgeAndTheCheckAppearOnlyWhenTheyRan) {
  // Two predictions, both judged different in both orders: one wrong (a true positive), one right (a false one).
  const auto s = summarize_descriptions({item("a", false, false), item("b", false, true)});
  const auto plain = describe_summary_json(s, false, false);
  EXPECT_EQ(plain["n"], 2);
  EXPECT_EQ(plain["described"], 2);
  EXPECT_FALSE(plain.contains("judge"));
  EXPECT_FALSE(plain.contains("check"));
  EXPECT_TRUE(plain["cosine"].is_null());  // no embeddings were asked for
  const auto full = describe_summary_json(s, true, true);
  EXPECT_DOUBLE_EQ(full["judge"]["forward"].get<double>(), 0.0);  // neither judged the same
  EXPECT_EQ(full["check"]["different_both"]["true_positive"], 1);
  EXPECT_EQ(full["check"]["different_both"]["false_positive"], 1);
  EXPECT_DOUBLE_EQ(full["check"]["different_both"]["precision"].get<double>(), 50.0);
  EXPECT_DOUBLE_EQ(full["check"]["different_both"]["recall"].get<double>(), 100.0);
  EXPECT_EQ(full["rouge"]["rougeL"].size(), 3u);
}

}  // namespace
}  // namespace chokepoint::llm_tasks
