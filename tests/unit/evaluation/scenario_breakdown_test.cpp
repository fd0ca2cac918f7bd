// The pair-by-pair parts of the scenario breakdowns (core/evaluation/scenario_breakdown.h): QVT from keys computed one
// pair at a time, and the characteristics of one gold.
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

TEST(ScenarioBreakdown, QvtOverKeysComputedPairByPair) {
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
  // Group one: EX 1 and 0 (the unscored item left out), 50 %; group two: 1 and 1, 100 %; QVT is their mean.
  const auto qvt = qvt_of_keys(keys, items);
  EXPECT_EQ(qvt_json(qvt).dump(), R"({"groups":2,"items":4,"qvt":75.0})");
  // More keys than items: the keys past the items are left out.
  keys.push_back("SELECT 1");
  EXPECT_EQ(qvt_json(qvt_of_keys(keys, items)), qvt_json(qvt));
}

TEST(ScenarioBreakdown, OneGoldsCharacteristics) {
  const auto joined = gold_characteristics_of({"0", "db", "SELECT a FROM t JOIN u ON t.id = u.id", ""});
  ASSERT_TRUE(joined.has_value());
  EXPECT_EQ(*joined, *sql::sql_characteristics("SELECT a FROM t JOIN u ON t.id = u.id"));
  EXPECT_EQ((*joined)[static_cast<size_t>(sql::Characteristic::Joins)], 1);
  EXPECT_FALSE(gold_characteristics_of({"1", "db", "SELEC nonsense", ""}).has_value());
}

}  // namespace
}  // namespace chokepoint::evaluation
