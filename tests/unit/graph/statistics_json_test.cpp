// The JSON printed by `chokepoint schema stats`: field names and order as the schema-stats spec names them, labels with
// their sources.
#include "core/graph/statistics_json.h"

#include <gtest/gtest.h>

#include "tests/unit/graph/schema_builders.h"

namespace chokepoint {
namespace {

TEST(StatisticsJson, DatabaseObjectHasTheIssueFieldsInOrder) {
  const SchemaGraph g = build_schema_graph(testing_schemas::toxicology());
  const auto j = database_statistics_json(g, compute_statistics(g));
  std::vector<std::string> keys;
  for (const auto& item : j.items()) keys.push_back(item.key());
  EXPECT_EQ(keys,
            (std::vector<std::string>{"db_id", "nodes", "edges", "labels", "avg_degree", "connected", "components",
                                      "cyclic", "cycles", "cycles_at_least", "cycles_by_length", "diameter"}));
  EXPECT_EQ(j["edges"], 5);
  EXPECT_EQ(j["labels"], 6);
  EXPECT_EQ(j["cycles_by_length"]["3"], 2);
  EXPECT_EQ(j["cycles_by_length"]["4"], 1);
}

TEST(StatisticsJson, EdgeLabelsCarryTheirSource) {
  const auto user = std::vector<JoinHint>{single_column_hint("molecule", "label", "connected", "bond_id")};
  const SchemaGraph g = build_schema_graph(testing_schemas::toxicology(), {}, {}, user);
  StatisticsJsonOptions options;
  options.edge_labels = true;
  options.centrality = true;
  const auto j = database_statistics_json(g, compute_statistics(g), options);
  ASSERT_EQ(j["edge_labels"].size(), 6u);
  std::map<std::string, int> sources;
  for (const auto& e : j["edge_labels"])
    for (const auto& l : e["labels"]) ++sources[l["source"].get<std::string>()];
  EXPECT_EQ(sources, (std::map<std::string, int>{{"fk", 5}, {"sibling", 1}, {"user", 1}}));
  EXPECT_EQ(j["centrality"].size(), 4u);
  EXPECT_EQ(j["centrality"][0]["table"], "molecule");
}

TEST(StatisticsJson, SummaryFields) {
  CollectionSummary s;
  s.count = 2;
  s.pct_connected = 50;
  const auto j = summary_json(s);
  std::vector<std::string> keys;
  for (const auto& item : j.items()) keys.push_back(item.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"count", "pct_connected", "pct_cyclic", "avg_degree", "avg_diameter"}));
  EXPECT_EQ(j["pct_connected"], 50.0);
}

}  // namespace
}  // namespace chokepoint
