// JSON rendering of schema-graph statistics (see statistics_json.h).
#include "core/graph/statistics_json.h"

namespace chokepoint {

nlohmann::ordered_json database_statistics_json(const SchemaGraph& graph, const GraphStatistics& stats,
                                                const StatisticsJsonOptions& options) {
  nlohmann::ordered_json j;
  j["db_id"] = graph.db_id;
  j["nodes"] = stats.nodes;
  j["edges"] = stats.edges;
  j["labels"] = stats.labels;
  j["avg_degree"] = stats.avg_degree;
  j["connected"] = stats.connected;
  j["components"] = stats.components;
  j["cyclic"] = stats.cyclic;
  j["cycles"] = stats.cycles.total;
  j["cycles_at_least"] = stats.cycles.at_least;
  nlohmann::ordered_json by_length = nlohmann::ordered_json::object();
  for (const auto& [length, count] : stats.cycles.by_length) by_length[std::to_string(length)] = count;
  j["cycles_by_length"] = by_length;
  j["diameter"] = stats.diameter;
  if (options.edge_labels) {
    nlohmann::ordered_json edges = nlohmann::ordered_json::array();
    for (const auto& e : graph.edges) {
      nlohmann::ordered_json edge;
      edge["tables"] = {graph.tables[static_cast<size_t>(e.a)], graph.tables[static_cast<size_t>(e.b)]};
      nlohmann::ordered_json labels = nlohmann::ordered_json::array();
      for (const auto& l : e.labels) labels.push_back({{"condition", l.text()}, {"source", to_string(l.source)}});
      edge["labels"] = labels;
      edges.push_back(edge);
    }
    j["edge_labels"] = edges;
  }
  if (options.centrality && stats.degree_centrality.size() == graph.tables.size() &&
      stats.betweenness.size() == graph.tables.size()) {
    nlohmann::ordered_json c = nlohmann::ordered_json::array();
    for (size_t i = 0; i < graph.tables.size(); ++i)
      c.push_back(
          {{"table", graph.tables[i]}, {"degree", stats.degree_centrality[i]}, {"betweenness", stats.betweenness[i]}});
    j["centrality"] = c;
  }
  if (!graph.warnings.empty()) j["warnings"] = graph.warnings;
  return j;
}

nlohmann::ordered_json summary_json(const CollectionSummary& summary) {
  nlohmann::ordered_json j;
  j["count"] = summary.count;
  j["pct_connected"] = summary.pct_connected;
  j["pct_cyclic"] = summary.pct_cyclic;
  j["avg_degree"] = summary.avg_degree;
  j["avg_diameter"] = summary.avg_diameter;
  return j;
}

}  // namespace chokepoint
