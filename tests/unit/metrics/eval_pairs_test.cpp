// Pairing gold and predictions: one rule for every front end.
#include "core/metrics/eval_pairs.h"

#include <gtest/gtest.h>

namespace chokepoint {

namespace {

EvalSet gold_of(std::vector<EvalItem> items) {
  EvalSet s;
  s.format = DatasetFormat::BirdDevJson;
  s.items = std::move(items);
  return s;
}

EvalSet lines_of(std::vector<std::string> sql) {
  EvalSet s;
  s.format = DatasetFormat::SqlLines;
  for (size_t i = 0; i < sql.size(); ++i) s.items.push_back({std::to_string(i), "", "", "", sql[i], ""});
  return s;
}

}  // namespace

TEST(EvalPairs, PairsFollowTheGoldOrderWithItsKeysAndDatabases) {
  auto gold = gold_of({{"10", "a", "q", "", "SELECT 1", "simple"}, {"11", "b", "q", "", "SELECT 2", ""}});
  auto pairs = pair_gold_with_predictions(gold, lines_of({"SELECT 1", "SELECT 3"}));
  ASSERT_TRUE(pairs.ok()) << pairs.error();
  ASSERT_EQ(pairs->size(), 2u);
  EXPECT_EQ((*pairs)[0].id, "10");
  EXPECT_EQ((*pairs)[1].db_id, "b");
  EXPECT_EQ((*pairs)[1].gold_sql, "SELECT 2");
  EXPECT_EQ((*pairs)[1].pred_sql, "SELECT 3");
}

TEST(EvalPairs, ItemWithoutKeyIsNamedByPosition) {
  auto gold = gold_of({{"", "a", "", "", "SELECT 1", ""}});
  auto pairs = pair_gold_with_predictions(gold, lines_of({"SELECT 1"}));
  ASSERT_TRUE(pairs.ok());
  EXPECT_EQ((*pairs)[0].id, "0");
}

TEST(EvalPairs, GoldItemWithoutDatabaseIsAnError) {
  auto gold = gold_of({{"1", "a", "", "", "SELECT 1", ""}, {"2", "", "", "", "SELECT 2", ""}});
  auto pairs = pair_gold_with_predictions(gold, lines_of({"SELECT 1", "SELECT 2"}));
  ASSERT_FALSE(pairs.ok());
  EXPECT_EQ(pairs.error(), "gold item 2 has no db_id");
}

TEST(EvalPairs, MisalignedFilesAreAnError) {
  auto gold = gold_of({{"1", "a", "", "", "SELECT 1", ""}});
  EXPECT_FALSE(pair_gold_with_predictions(gold, lines_of({"SELECT 1", "SELECT 2"})).ok());
}

}  // namespace chokepoint
