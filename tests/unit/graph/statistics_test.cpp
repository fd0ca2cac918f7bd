// Structural statistics on graphs whose figures can be counted by hand, and on the thesis' toxicology schema
// (Table 3.5 row: (4, 5), 3 cycles, d̄ 2.50, 3 (66.7%), 4 (33.3%)).
#include "core/graph/statistics.h"

#include <gtest/gtest.h>

#include "core/graph/centrality.h"
#include "core/graph/simple_cycles.h"
#include "tests/unit/graph/schema_builders.h"

namespace chokepoint {
namespace {

UndirectedGraph complete(int n) {
  UndirectedGraph g(static_cast<size_t>(n));
  for (int u = 0; u < n; ++u)
    for (int v = u + 1; v < n; ++v) g.add_edge(u, v);
  return g;
}

UndirectedGraph path_graph(int n) {
  UndirectedGraph g(static_cast<size_t>(n));
  for (int v = 0; v + 1 < n; ++v) g.add_edge(v, v + 1);
  return g;
}

UndirectedGraph ring(int n) {
  UndirectedGraph g = path_graph(n);
  g.add_edge(n - 1, 0);
  return g;
}

TEST(UndirectedGraph, IgnoresLoopsAndRepeatedEdges) {
  UndirectedGraph g(3);
  EXPECT_TRUE(g.add_edge(2, 0));
  EXPECT_FALSE(g.add_edge(0, 2));
  EXPECT_FALSE(g.add_edge(1, 1));
  EXPECT_FALSE(g.add_edge(1, 7));
  EXPECT_EQ(g.edge_count(), 1u);
  EXPECT_EQ(g.edges()[0], std::make_pair(0, 2));
}

TEST(SimpleCycles, TriangleIsOneCycle) {
  const CycleCount c = count_simple_cycles(complete(3));
  EXPECT_EQ(c.total, 1);
  EXPECT_EQ(c.by_length, (std::map<int, long long>{{3, 1}}));
  EXPECT_FALSE(c.at_least);
}

TEST(SimpleCycles, RingIsCountedOnceNotPerDirectionOrStart) {
  const CycleCount c = count_simple_cycles(ring(6));
  EXPECT_EQ(c.total, 1);
  EXPECT_EQ(c.by_length, (std::map<int, long long>{{6, 1}}));
}

TEST(SimpleCycles, CompleteGraphOnFourNodes) {
  // C(4,3) = 4 triangles and 3 Hamiltonian 4-cycles (3!/2).
  const CycleCount c = count_simple_cycles(complete(4));
  EXPECT_EQ(c.total, 7);
  EXPECT_EQ(c.by_length, (std::map<int, long long>{{3, 4}, {4, 3}}));
}

TEST(SimpleCycles, CompleteGraphOnFiveNodes) {
  // 10 triangles, C(5,4) * 3 = 15 four-cycles, 4!/2 = 12 five-cycles.
  const CycleCount c = count_simple_cycles(complete(5));
  EXPECT_EQ(c.total, 37);
  EXPECT_EQ(c.by_length, (std::map<int, long long>{{3, 10}, {4, 15}, {5, 12}}));
}

TEST(SimpleCycles, GraphsAboveSixtyFourNodesUseTheGeneralWalker) {
  // K5 on nodes 0..4 with a 66-node tail, and a 70-ring with one chord splitting it into a 36- and a 36-cycle.
  UndirectedGraph g = complete(5);
  for (int v = 5; v < 71; ++v) {
    g.add_node();
    g.add_edge(v - 1, v);
  }
  const CycleCount c = count_simple_cycles(g);
  EXPECT_EQ(c.total, 37);
  EXPECT_EQ(c.by_length, (std::map<int, long long>{{3, 10}, {4, 15}, {5, 12}}));
  UndirectedGraph r = ring(70);
  r.add_edge(0, 35);
  EXPECT_EQ(count_simple_cycles(r).by_length, (std::map<int, long long>{{36, 2}, {70, 1}}));
  CycleLimits limits;
  limits.max_cycles = 2;
  EXPECT_TRUE(count_simple_cycles(r, limits).at_least);
}

TEST(SimpleCycles, TreeHasNone) {
  UndirectedGraph star(5);
  for (int v = 1; v < 5; ++v) star.add_edge(0, v);
  EXPECT_EQ(count_simple_cycles(star).total, 0);
}

TEST(SimpleCycles, CapStopsWithAtLeast) {
  CycleLimits limits;
  limits.max_cycles = 10;
  const CycleCount c = count_simple_cycles(complete(6), limits);
  EXPECT_TRUE(c.at_least);
  EXPECT_EQ(c.total, 10);
}

TEST(SimpleCycles, StepBudgetStopsWithAtLeast) {
  CycleLimits limits;
  limits.max_steps = 5;
  EXPECT_TRUE(count_simple_cycles(complete(6), limits).at_least);
}

TEST(Statistics, ToxicologyMatchesThesisTable35) {
  const GraphStatistics st = compute_statistics(build_schema_graph(testing_schemas::toxicology()));
  EXPECT_EQ(st.db_id, "toxicology");
  EXPECT_EQ(st.nodes, 4u);
  EXPECT_EQ(st.edges, 5u);
  EXPECT_EQ(st.labels, 6u);
  EXPECT_DOUBLE_EQ(st.avg_degree, 2.5);
  EXPECT_TRUE(st.connected);
  EXPECT_EQ(st.components, 1u);
  EXPECT_TRUE(st.cyclic);
  EXPECT_EQ(st.cycles.total, 3);
  EXPECT_EQ(st.cycles.by_length, (std::map<int, long long>{{3, 2}, {4, 1}}));
  EXPECT_EQ(st.diameter, 2);  // molecule -> atom -> connected
}

TEST(Statistics, PathHasDiameterLengthAndNoCycle) {
  const GraphStatistics st = compute_statistics(path_graph(5));
  EXPECT_EQ(st.diameter, 4);
  EXPECT_FALSE(st.cyclic);
  EXPECT_EQ(st.cycles.total, 0);
  EXPECT_DOUBLE_EQ(st.avg_degree, 8.0 / 5.0);
}

TEST(Statistics, DiameterIsTheLargestComponents) {
  // A 3-node path (diameter 2) and a 4-node ring (diameter 2) plus a 2-node edge: the ring is largest.
  UndirectedGraph g(9);
  g.add_edge(0, 1);
  g.add_edge(1, 2);
  g.add_edge(3, 4);
  g.add_edge(4, 5);
  g.add_edge(5, 6);
  g.add_edge(6, 3);
  g.add_edge(7, 8);
  const GraphStatistics st = compute_statistics(g);
  EXPECT_EQ(st.components, 3u);
  EXPECT_FALSE(st.connected);
  EXPECT_TRUE(st.cyclic);
  EXPECT_EQ(st.diameter, 2);
  UndirectedGraph h(7);  // a 5-node path (diameter 4) beside a triangle (diameter 1)
  for (int v = 0; v < 4; ++v) h.add_edge(v, v + 1);
  h.add_edge(5, 6);
  EXPECT_EQ(compute_statistics(h).diameter, 4);
}

TEST(Statistics, EdgelessGraphHasDiameterZero) {
  const GraphStatistics st = compute_statistics(UndirectedGraph(3));
  EXPECT_EQ(st.diameter, 0);
  EXPECT_EQ(st.components, 3u);
  EXPECT_FALSE(st.connected);
  EXPECT_DOUBLE_EQ(st.avg_degree, 0.0);
  const GraphStatistics empty = compute_statistics(UndirectedGraph());
  EXPECT_TRUE(empty.connected);
  EXPECT_EQ(empty.components, 0u);
}

TEST(Statistics, SummaryAveragesOverDatabases) {
  // A triangle (connected, cyclic, d̄ 2, diameter 1) and two isolated nodes (d̄ 0, diameter 0).
  const std::vector<GraphStatistics> all = {compute_statistics(complete(3)), compute_statistics(UndirectedGraph(2))};
  const CollectionSummary s = summarize(all);
  EXPECT_EQ(s.count, 2u);
  EXPECT_DOUBLE_EQ(s.pct_connected, 50.0);
  EXPECT_DOUBLE_EQ(s.pct_cyclic, 50.0);
  EXPECT_DOUBLE_EQ(s.avg_degree, 1.0);
  EXPECT_DOUBLE_EQ(s.avg_diameter, 0.5);
  EXPECT_EQ(summarize({}).count, 0u);
}

TEST(Centrality, BetweennessOnAPath) {
  // a-b-c-d: b lies on the shortest paths a–c and a–d: 2 of the 3 pairs not involving b.
  const auto b = betweenness_centrality(path_graph(4));
  ASSERT_EQ(b.size(), 4u);
  EXPECT_DOUBLE_EQ(b[0], 0.0);
  EXPECT_DOUBLE_EQ(b[1], 2.0 / 3.0);
  EXPECT_DOUBLE_EQ(b[2], 2.0 / 3.0);
  EXPECT_DOUBLE_EQ(b[3], 0.0);
}

TEST(Centrality, BetweennessSplitsOverEqualPaths) {
  // A 4-ring: opposite nodes have two shortest paths, so each middle node gets 1/2 of one pair out of 3.
  const auto b = betweenness_centrality(ring(4));
  for (double x : b) EXPECT_DOUBLE_EQ(x, 0.5 / 3.0);
}

TEST(Centrality, StarCentreHasFullBetweennessAndDegree) {
  UndirectedGraph star(5);
  for (int v = 1; v < 5; ++v) star.add_edge(0, v);
  EXPECT_DOUBLE_EQ(betweenness_centrality(star)[0], 1.0);
  EXPECT_DOUBLE_EQ(betweenness_centrality(star)[1], 0.0);
  EXPECT_DOUBLE_EQ(degree_centrality(star)[0], 1.0);
  EXPECT_DOUBLE_EQ(degree_centrality(star)[1], 0.25);
  EXPECT_TRUE(betweenness_centrality(path_graph(2)) == (std::vector<double>{0.0, 0.0}));
}

}  // namespace
}  // namespace chokepoint
