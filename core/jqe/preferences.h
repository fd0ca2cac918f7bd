// User preferences that order join-condition combinations (decisions.md §5.4; thesis §3.2.7; SQLMorph §IV-C.1):
// complexity (number of added conditions) and the candidate table's centrality in the schema graph, each ascending
// or descending, in the order the user lists them. Default: complexity descending only. Whatever the keys, ties
// break by candidate table name (case-insensitive), then by the conditions' positions in the candidate's list
// (query FROM order, then label text), so two runs always enumerate the same sequence.
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/graph/schema_graph.h"

namespace chokepoint::jqe {

enum class SortKey { complexity, centrality };
enum class Direction { ascending, descending };
enum class CentralityKind { degree, betweenness };

struct OrderKey {
  SortKey key = SortKey::complexity;
  Direction direction = Direction::descending;
};

struct Preferences {
  std::vector<OrderKey> order{{SortKey::complexity, Direction::descending}};
  CentralityKind centrality = CentralityKind::degree;
  // At most this many conditions between the candidate and one query instance; 0 = unlimited, 1 = the option
  // "at most one condition per table pair" (decisions.md §5, item 3). The default 2 admits the thesis'
  // connected:JC3-JC4 and keeps BIRD's Match–Player edge (22 FK labels) from producing 2^22 combinations.
  int max_conditions_per_pair = 2;
};

// "complexity:desc,centrality:asc" (keys: complexity, centrality; directions: asc, desc; direction optional,
// default desc). An empty string gives the default order.
Result<std::vector<OrderKey>> parse_order(const std::string& text);
std::string order_to_string(const std::vector<OrderKey>& order);
Result<CentralityKind> parse_centrality(const std::string& text);  // "degree" | "betweenness"
const char* to_string(CentralityKind kind);

// Centrality of every table of the schema graph (index = table index), normalised as networkx does.
std::vector<double> table_centrality(const SchemaGraph& graph, CentralityKind kind);

}  // namespace chokepoint::jqe
