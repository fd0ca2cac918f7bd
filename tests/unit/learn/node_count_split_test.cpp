// TQA's split (thesis §4.3.1, Table 4.1): databases described by the node-count shares of their queries, k-means with
// k = 2 and seed 35, and the larger cluster split into train / dev / test by whole databases. Shares, centroids and
// part sizes below are worked out by hand.
#include <algorithm>

#include <gtest/gtest.h>

#include "core/learn/node_count_split.h"

namespace chokepoint::learn {
namespace {

// `n` queries of database `db` whose join query graphs have `nodes` nodes.
void add(std::vector<QueryNodes>& q, const std::string& db, size_t nodes, int n) {
  for (int i = 0; i < n; ++i) q.push_back({db, nodes});
}

// Two clear groups: a-d mostly 3-node queries, e-f mostly 4-node ones.
std::vector<QueryNodes> two_groups() {
  std::vector<QueryNodes> q;
  add(q, "a", 3, 10);
  add(q, "b", 3, 9);
  add(q, "b", 4, 1);
  add(q, "c", 3, 20);
  add(q, "d", 3, 4);
  add(q, "d", 4, 1);
  add(q, "e", 4, 5);
  add(q, "f", 4, 3);
  add(q, "f", 5, 1);
  add(q, "a", 2, 7);  // two-node queries have no linker table: not TQA's
  return q;
}

TEST(NodeCountSplit, FeaturesAreEachDatabasesShareOfQueriesPerNodeCount) {
  std::vector<QueryNodes> q;
  add(q, "a", 3, 3);
  add(q, "a", 4, 1);
  add(q, "b", 3, 1);
  add(q, "b", 5, 1);
  auto s = split_by_node_counts(q);
  ASSERT_TRUE(s.ok()) << s.error();
  EXPECT_EQ(s->node_counts, (std::vector<size_t>{3, 4, 5}));
  EXPECT_EQ(s->db_ids, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(s->features[0], (std::vector<double>{0.75, 0.25, 0.0}));
  EXPECT_EQ(s->features[1], (std::vector<double>{0.5, 0.0, 0.5}));
}

TEST(NodeCountSplit, QueriesBelowThreeNodesDoNotCountAndTheirOnlyDatabaseIsLeftOut) {
  std::vector<QueryNodes> q = two_groups();
  add(q, "g", 2, 12);
  add(q, "g", 1, 3);
  auto s = split_by_node_counts(q);
  ASSERT_TRUE(s.ok()) << s.error();
  EXPECT_EQ(s->unclustered, std::vector<std::string>{"g"});
  EXPECT_EQ(s->db_ids.size(), 6u);
  EXPECT_EQ(s->node_counts, (std::vector<size_t>{3, 4, 5}));
}

TEST(NodeCountSplit, TheClusterWithMoreDatabasesIsChosen) {
  auto s = split_by_node_counts(two_groups());
  ASSERT_TRUE(s.ok()) << s.error();
  ASSERT_EQ(s->clusters.size(), 2u);
  const NodeCountCluster& chosen = s->clusters[static_cast<size_t>(s->chosen)];
  EXPECT_EQ(chosen.db_ids, (std::vector<std::string>{"a", "b", "c", "d"}));
  EXPECT_EQ(chosen.queries, 45u);  // 10 + 10 + 20 + 5 (a's two-node queries excluded)
  // Mean of (1, 0, 0), (0.9, 0.1, 0), (1, 0, 0), (0.8, 0.2, 0).
  ASSERT_EQ(chosen.centroid.size(), 3u);
  EXPECT_NEAR(chosen.centroid[0], 0.925, 1e-12);
  EXPECT_NEAR(chosen.centroid[1], 0.075, 1e-12);
  EXPECT_NEAR(chosen.centroid[2], 0.0, 1e-12);
  const NodeCountCluster& other = s->clusters[static_cast<size_t>(1 - s->chosen)];
  EXPECT_EQ(other.db_ids, (std::vector<std::string>{"e", "f"}));
}

TEST(NodeCountSplit, OnlyTheChosenClustersDatabasesAreSplit) {
  auto s = split_by_node_counts(two_groups());
  ASSERT_TRUE(s.ok()) << s.error();
  std::vector<std::string> all = s->train.db_ids;
  all.insert(all.end(), s->dev.db_ids.begin(), s->dev.db_ids.end());
  all.insert(all.end(), s->test.db_ids.begin(), s->test.db_ids.end());
  std::sort(all.begin(), all.end());
  EXPECT_EQ(all, (std::vector<std::string>{"a", "b", "c", "d"}));
  EXPECT_EQ(s->train.queries + s->dev.queries + s->test.queries, 45u);
}

TEST(NodeCountSplit, TheOrderIsTheSortedDatabasesShuffledBySeed) {
  // SplitMix64 from 35, Fisher-Yates from the last position: below(4) = 3, below(3) = 1, below(2) = 1, worked out
  // with an independent reimplementation of the generator.
  EXPECT_EQ(seeded_order({"d", "b", "c", "a"}, 35), (std::vector<std::string>{"a", "c", "b", "d"}));
  EXPECT_EQ(seeded_order({"a", "b", "c", "d"}, 35), seeded_order({"c", "d", "a", "b"}, 35));  // input order is moot
}

// d1 .. d6 hold 60, 50, 40, 30, 20 and 10 queries (210); d4 has three four-node queries.
std::vector<QueryNodes> six_databases() {
  std::vector<QueryNodes> q;
  add(q, "d1", 3, 60);
  add(q, "d2", 3, 50);
  add(q, "d3", 3, 40);
  add(q, "d4", 3, 27);
  add(q, "d4", 4, 3);
  add(q, "d5", 3, 20);
  add(q, "d6", 3, 10);
  return q;
}

TEST(NodeCountSplit, TestTakesDatabasesUntilItHoldsItsShareThenDevItsShareOfTheRest) {
  NodeCountSplit s;
  assign_parts({"d1", "d2", "d3", "d4", "d5", "d6"}, six_databases(), NodeCountSplitOptions{}, s);
  // Test: 15% of 210 is 31.5, and d1 alone holds 60. Dev: 20% of the 150 left is 30; d2 holds 50. Train: the rest.
  EXPECT_EQ(s.test.db_ids, std::vector<std::string>{"d1"});
  EXPECT_EQ(s.dev.db_ids, std::vector<std::string>{"d2"});
  EXPECT_EQ(s.train.db_ids, (std::vector<std::string>{"d3", "d4", "d5", "d6"}));
  EXPECT_EQ(s.train.queries, 100u);
}

TEST(NodeCountSplit, AnAbsoluteTestTargetIsTheReferenceImplementationsRule) {
  NodeCountSplitOptions o;
  o.test_queries = 100;
  NodeCountSplit s;
  assign_parts({"d1", "d2", "d3", "d4", "d5", "d6"}, six_databases(), o, s);
  // Test: 60 < 100, then 110 >= 100. Dev: 20% of the 100 left is 20, and d3 alone holds 40. Train: the rest.
  EXPECT_EQ(s.test.db_ids, (std::vector<std::string>{"d1", "d2"}));
  EXPECT_EQ(s.test.queries, 110u);
  EXPECT_EQ(s.dev.db_ids, std::vector<std::string>{"d3"});
  EXPECT_EQ(s.dev.queries, 40u);
  EXPECT_EQ(s.train.db_ids, (std::vector<std::string>{"d4", "d5", "d6"}));
  EXPECT_EQ(s.train.queries, 60u);
  // Train: 27 + 20 + 10 = 57 three-node and 3 four-node queries of 60.
  EXPECT_EQ(node_count_distribution_text(s.train.node_counts), "3: 95.00%, 4: 5.00%");
}

TEST(NodeCountSplit, TestLeavesOneDatabaseEachToDevAndTrain) {
  std::vector<QueryNodes> q;
  add(q, "big", 3, 500);
  add(q, "x", 3, 5);
  add(q, "y", 3, 5);
  NodeCountSplitOptions o;
  o.test_share = 0.99;
  NodeCountSplit s;
  assign_parts({"big", "x", "y"}, q, o, s);
  EXPECT_EQ(s.test.db_ids, std::vector<std::string>{"big"});
  EXPECT_EQ(s.dev.db_ids, std::vector<std::string>{"x"});  // 20% of 10 is 2; x holds 5
  EXPECT_EQ(s.train.db_ids, std::vector<std::string>{"y"});
}

TEST(NodeCountSplit, TheDistributionTextReadsLikeTableFourOne) {
  // Thesis Table 4.1, train: 466 queries, 432 / 29 / 5 of them with 3 / 4 / 5 nodes.
  EXPECT_EQ(node_count_distribution_text({{3, 432}, {4, 29}, {5, 5}}), "3: 92.70%, 4: 6.22%, 5: 1.07%");
  // Dev: 125 = 115 + 9 + 1 (6 nodes); test: 106 = 99 + 6 + 1.
  EXPECT_EQ(node_count_distribution_text({{3, 115}, {4, 9}, {6, 1}}), "3: 92.00%, 4: 7.20%, 6: 0.80%");
  EXPECT_EQ(node_count_distribution_text({{3, 99}, {4, 6}, {5, 1}}), "3: 93.40%, 4: 5.66%, 5: 0.94%");
}

TEST(NodeCountSplit, FewerDatabasesThanClustersIsAnError) {
  std::vector<QueryNodes> q;
  add(q, "only", 3, 4);
  add(q, "pairs", 2, 4);
  auto s = split_by_node_counts(q);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().find("1 database(s)"), std::string::npos) << s.error();
}

TEST(NodeCountSplit, TheJsonFormHasClustersAndEachPartsDistribution) {
  auto s = split_by_node_counts(two_groups());
  ASSERT_TRUE(s.ok());
  const nlohmann::json j = node_count_split_json(*s, NodeCountSplitOptions{});
  EXPECT_EQ(j["options"]["seed"], 35);
  EXPECT_EQ(j["options"]["k"], 2);
  EXPECT_EQ(j["clusters"].size(), 2u);
  EXPECT_EQ(j["clusters"][s->chosen]["centroid"]["3"], 0.925);
  EXPECT_EQ(j["databases"].size(), 6u);
  size_t queries = 0;
  for (const char* part : {"train", "dev", "test"}) queries += j["split"][part]["queries"].get<size_t>();
  EXPECT_EQ(queries, 45u);
}

}  // namespace
}  // namespace chokepoint::learn
