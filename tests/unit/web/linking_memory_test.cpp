// The Schema linking rows and retrieved tables through the workspace record and back: every field as it was, a row
// or set that is not what the record writes skipped whole, and a view with runs of its own left as it is.
#include "web/panels/runner/linking_memory.h"

#include <gtest/gtest.h>

namespace chokepoint::web {
namespace {

LinkingView two_runs() {
  LinkingView view;
  linking::LinkingScores s;
  s.n = 5;
  s.skipped = 1;
  s.column_items = 4;
  s.res = 0.625;
  s.subset_match = 0.8;
  s.exact_match = 0.4;
  s.column_recall = 0.75;
  s.column_precision = 0.5;
  s.column_recall_micro = 0.7;
  s.column_precision_micro = 0.45;
  view.rows.push_back({"dev.json", "fake-a", "zero-shot", false, 2, s});
  view.rows.push_back({"dev.BT.json", "fake-a", "presql", true, 0, linking::LinkingScores{}});
  view.retrieved_by_set["dev.json"] = {"zero-shot, top 2", {{"0", {"atom", "bond"}}, {"1", {}}}};
  return view;
}

TEST(LinkingMemory, RowsAndRetrievedTablesComeBackAsTheyWere) {
  const LinkingView view = two_runs();
  LinkingView back;
  restore_linking(back, nlohmann::json::parse(linking_memory(view).dump()));
  ASSERT_EQ(back.rows.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    const auto &a = view.rows[i], &b = back.rows[i];
    EXPECT_EQ(b.set, a.set);
    EXPECT_EQ(b.model, a.model);
    EXPECT_EQ(b.method, a.method);
    EXPECT_EQ(b.foreign_keys, a.foreign_keys);
    EXPECT_EQ(b.top_k, a.top_k);
    EXPECT_EQ(b.scores.n, a.scores.n);
    EXPECT_EQ(b.scores.skipped, a.scores.skipped);
    EXPECT_EQ(b.scores.column_items, a.scores.column_items);
    EXPECT_DOUBLE_EQ(b.scores.res, a.scores.res);
    EXPECT_DOUBLE_EQ(b.scores.subset_match, a.scores.subset_match);
    EXPECT_DOUBLE_EQ(b.scores.exact_match, a.scores.exact_match);
    EXPECT_DOUBLE_EQ(b.scores.column_recall, a.scores.column_recall);
    EXPECT_DOUBLE_EQ(b.scores.column_precision, a.scores.column_precision);
    EXPECT_DOUBLE_EQ(b.scores.column_recall_micro, a.scores.column_recall_micro);
    EXPECT_DOUBLE_EQ(b.scores.column_precision_micro, a.scores.column_precision_micro);
  }
  ASSERT_EQ(back.retrieved_by_set.size(), 1u);
  const auto& r = back.retrieved_by_set.at("dev.json");
  EXPECT_EQ(r.method, "zero-shot, top 2");
  EXPECT_EQ(r.tables.at("0"), (std::vector<std::string>{"atom", "bond"}));
  EXPECT_TRUE(r.tables.at("1").empty());
}

TEST(LinkingMemory, ADamagedRowOrSetIsSkippedWhole) {
  nlohmann::json memory = linking_memory(two_runs());
  memory["rows"][0]["scores"].erase("res");
  memory["rows"][1]["top_k"] = "two";
  memory["rows"].push_back("not a row");
  memory["retrieved"]["other.json"] = {{"method", "x"}, {"tables", {{"0", {"atom", 3}}}}};
  LinkingView back;
  restore_linking(back, memory);
  EXPECT_TRUE(back.rows.empty());
  ASSERT_EQ(back.retrieved_by_set.size(), 1u);
  EXPECT_TRUE(back.retrieved_by_set.count("dev.json"));
}

TEST(LinkingMemory, RunsOfThisPageStand) {
  LinkingView view;
  view.rows.push_back({"mine.json", "m", "few-shot", false, 0, linking::LinkingScores{}});
  restore_linking(view, linking_memory(two_runs()));
  ASSERT_EQ(view.rows.size(), 1u);
  EXPECT_EQ(view.rows[0].set, "mine.json");
  restore_linking(view, nlohmann::json("not an object"));
  EXPECT_EQ(view.rows.size(), 1u);
}

}  // namespace
}  // namespace chokepoint::web
