// The pair-by-pair forms of the scenario breakdowns (core/evaluation/scenario_breakdown.h) agree with the whole-set
// forms: QVT from keys computed one pair at a time, and the characteristics of one gold.
#include "core/evaluation/scenario_breakdown.h"

#include <gtest/gtest.h>

namespace chokepoint::evaluation {
namespace {

ItemEvaluation item(ItemStatus status, bool ex) {
  ItemEvaluation it;
  it.status = status;
  it.ex = ex;
  return it;
}

TEST(ScenarioBreakdown, QvtFromKeysIsQvtOfThePairs) {
  // Two spellings of one gold (grouped by the normalised key), another gold, and an unscored item.
  const std::vector<EvalPair> pairs = {
      {"0", "db", "SELECT name FROM singer WHERE age > 20", ""},
      {"1", "db", "select  name from singer where age>20", ""},
      {"2", "db", "SELECT count(*) FROM singer", ""},
      {"3", "db", "SELECT count(*) FROM singer", ""},
      {"4", "db", "SELECT name FROM singer WHERE age > 20", ""},
  };
  const std::vector<ItemEvaluation> items = {item(ItemStatus::Scored, true), item(ItemStatus::Scored, false),
                                             item(ItemStatus::Scored, true), item(ItemStatus::Scored, true),
                                             item(ItemStatus::NoDatabase, false)};
  std::vector<std::string> keys;
  for (const auto& p : pairs) keys.push_back(qvt_key(p));
  EXPECT_EQ(keys[0], keys[1]);
  EXPECT_NE(keys[0], keys[2]);
  const auto whole = qvt_of(pairs, items);
  const auto stepwise = qvt_of_keys(keys, items);
  EXPECT_EQ(qvt_json(stepwise), qvt_json(whole));
  EXPECT_EQ(stepwise.groups.size(), 2u);
  // More keys than items: the keys past the items are left out, as qvt_of leaves out pairs past the items.
  keys.push_back("SELECT 1");
  EXPECT_EQ(qvt_json(qvt_of_keys(keys, items)), qvt_json(whole));
}

TEST(ScenarioBreakdown, OneGoldsCharacteristicsAreTheSetsEntry) {
  const std::vector<EvalPair> pairs = {{"0", "db", "SELECT a FROM t JOIN u ON t.id = u.id", ""},
                                       {"1", "db", "SELEC nonsense", ""}};
  const auto all = gold_characteristics(pairs);
  ASSERT_EQ(all.size(), 2u);
  ASSERT_TRUE(all[0].has_value());
  EXPECT_FALSE(all[1].has_value());
  const auto one = gold_characteristics_of(pairs[0]);
  ASSERT_TRUE(one.has_value());
  EXPECT_EQ(*one, *all[0]);
  EXPECT_FALSE(gold_characteristics_of(pairs[1]).has_value());
}

}  // namespace
}  // namespace chokepoint::evaluation
