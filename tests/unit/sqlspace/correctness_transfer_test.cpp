// The estimator applied to another set: a forest trained where "wrong exactly when #80" holds predicts the target's
// items with #80 to fail and the others to succeed; columns are matched by id, unknown and absent cells read 0.
#include "core/sqlspace/correctness_transfer.h"

#include <gtest/gtest.h>

namespace chokepoint::sqlspace {
namespace {

TEST(CorrectnessTransfer, LearnsTheRuleAndAppliesItByColumnId) {
  FeatureMatrix train;
  train.feature_ids = {39, 80};
  std::vector<std::optional<bool>> correct;
  for (int i = 0; i < 40; ++i) {
    FeatureRow row = train.new_row(std::to_string(i), "db");
    const bool join = i % 2 == 0;
    row.set(0, i % 3 == 0);
    row.set(1, join);
    train.rows.push_back(row);
    correct.push_back(i == 39 ? std::nullopt : std::optional<bool>(!join));  // one unscored item
  }
  FeatureMatrix target;
  target.feature_ids = {80, 117};  // other columns, another order; no #39
  target.rows = {target.new_row("a", "db"), target.new_row("b", "db"), target.new_row("c", "db")};
  target.rows[0].set(0, true);
  target.rows[1].set(0, false);  // row c: #80 unknown, reads 0
  learn::ForestOptions o;
  o.trees = 25;
  o.seed = 3;
  const auto t = transfer_correctness(train, correct, target, o);
  EXPECT_EQ(t.trained, 39u);
  EXPECT_EQ(t.feature_ids, (std::vector<int>{39, 80}));
  ASSERT_EQ(t.p_correct.size(), 3u);
  EXPECT_LT(t.p_correct[0], 0.5);
  EXPECT_GT(t.p_correct[1], 0.5);
  EXPECT_GT(t.p_correct[2], 0.5);
  EXPECT_EQ(transfer_correctness(train, correct, target, o).p_correct, t.p_correct);  // seeded
}

TEST(CorrectnessTransfer, NothingScoredGivesNoPredictions) {
  FeatureMatrix m;
  m.feature_ids = {80};
  m.rows = {m.new_row("a", "db")};
  m.rows[0].set(0, true);
  EXPECT_TRUE(transfer_correctness(m, {std::nullopt}, m, {}).p_correct.empty());
}

}  // namespace
}  // namespace chokepoint::sqlspace
