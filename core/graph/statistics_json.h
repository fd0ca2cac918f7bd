// Schema-graph statistics as JSON, the shape `chokepoint schema stats` prints and the app reads: one object per
// database (db_id, nodes, edges, labels, avg_degree, connected, components, cyclic, cycles, cycles_by_length,
// diameter, ...) and a collection summary (count, pct_connected, pct_cyclic, avg_degree, avg_diameter).
#pragma once
#include <nlohmann/json.hpp>

#include "core/graph/schema_graph.h"
#include "core/graph/statistics.h"

namespace chokepoint {

struct StatisticsJsonOptions {
  bool edge_labels = false;  // add "edge_labels": every table pair with its join conditions and their sources
  bool centrality = false;   // add "centrality": degree and betweenness per table
};

// Fields in this order: db_id, nodes, edges, labels (count), avg_degree, connected, components, cyclic, cycles,
// cycles_at_least, cycles_by_length ({"3": n, ...}), diameter, then the optional parts and "warnings" if any.
nlohmann::ordered_json database_statistics_json(const SchemaGraph& graph, const GraphStatistics& stats,
                                                const StatisticsJsonOptions& options = {});
nlohmann::ordered_json summary_json(const CollectionSummary& summary);

}  // namespace chokepoint
