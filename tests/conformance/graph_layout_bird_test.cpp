// The graph drawings on real schemas and queries: the join query graph of every BIRD dev gold query and the schema
// graph of every BIRD dev database, laid out by Kamada–Kawai and placed as the app's graph view places them (labels
// as boxes about 8.5 px a character and 23 px high, the JQE tab's 440 x 240 canvas and the Schema graph tab's
// 900 x 520), have no two labels covering each other. Skips without shared data.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "core/graph/box_separation.h"
#include "core/graph/layout.h"
#include "core/graph/schema_graph.h"
#include "core/schema/tables_json.h"
#include "core/sql/query_shape.h"

namespace chokepoint {
namespace {

const std::string kBird = std::string(CHOKEPOINT_SHARED_DATA) + "/bird";

std::vector<Box> drawn(const UndirectedGraph& g, double width, double height) {
  std::vector<Point2> half_sizes;
  for (const auto& label : g.labels()) half_sizes.push_back({label.size() * 8.5 / 2 + 6, 23.0 / 2});
  const auto at = place_boxes(kamada_kawai_layout(g), half_sizes, width, height);
  std::vector<Box> boxes;
  for (size_t i = 0; i < at.size(); ++i) boxes.push_back({at[i], half_sizes[i].x, half_sizes[i].y});
  return boxes;
}

TEST(GraphLayoutBird, NoLabelCoversAnotherInAnyGoldJoinQueryGraph) {
  std::ifstream gold(kBird + "/dev_gold.sql");
  if (!gold || !std::ifstream(kBird + "/dev_tables.json")) GTEST_SKIP() << "no BIRD dev data";
  auto schemas = load_tables_json(kBird + "/dev_tables.json");
  ASSERT_TRUE(schemas.ok()) << schemas.error();
  std::map<std::string, const Schema*> by_id;
  for (const auto& s : *schemas) by_id[s.db_id] = &s;
  std::string line;
  size_t queries = 0, drawn_graphs = 0, three_or_more = 0;
  while (std::getline(gold, line)) {
    const auto tab = line.rfind('\t');
    if (tab == std::string::npos) continue;
    ++queries;
    const auto schema = by_id.find(line.substr(tab + 1));
    ASSERT_NE(schema, by_id.end()) << line;
    const auto picture = sql::query_graph_picture(line.substr(0, tab), *schema->second);
    if (picture.nodes.empty()) continue;
    UndirectedGraph g;
    for (const auto& n : picture.nodes) g.add_node(n);
    for (const auto& [a, b] : picture.edges) g.add_edge(a, b);
    ++drawn_graphs;
    if (g.node_count() >= 3) ++three_or_more;
    EXPECT_FALSE(boxes_overlap(drawn(g, 440, 240))) << "query " << queries << ": " << line;
  }
  EXPECT_EQ(queries, 1534u);
  EXPECT_GT(drawn_graphs, 1500u);
  EXPECT_GT(three_or_more, 100u);  // the graphs of three or more tables the layout used to fold onto a line
}

TEST(GraphLayoutBird, NoLabelCoversAnotherInAnySchemaGraph) {
  auto schemas = load_tables_json(kBird + "/dev_tables.json");
  if (!schemas.ok()) GTEST_SKIP() << "no BIRD dev data";
  ASSERT_EQ(schemas->size(), 11u);
  for (const auto& s : *schemas)
    EXPECT_FALSE(boxes_overlap(drawn(build_schema_graph(s).to_undirected(), 900, 520))) << s.db_id;
}

}  // namespace
}  // namespace chokepoint
