// Counting the simple cycles of an undirected graph: cycles of length >= 3 (nodes), each undirected cycle once,
// with the distribution of lengths (thesis Table 3.5). Dense graphs explode combinatorially, so enumeration stops at
// a cap and says the figures are lower bounds instead of running for hours.
#pragma once
#include <map>

#include "core/graph/undirected_graph.h"

namespace chokepoint {

struct CycleCount {
  long long total = 0;
  std::map<int, long long> by_length;  // cycle length in nodes -> number of cycles; lengths >= 3
  bool at_least = false;               // enumeration stopped at a limit: total and by_length are lower bounds
};

struct CycleLimits {
  // Stop after this many cycles. Spider's densest schemas: cre_Theme_park (16, 50) has 556,014 and counts exactly;
  // baseball_1 (26, 94) has far more than can be listed and reports ">= 1,000,000".
  long long max_cycles = 1000000;
  long long max_steps = 50000000;  // stop after this many path extensions (guards graphs with few, long cycles)
};

CycleCount count_simple_cycles(const UndirectedGraph& graph, const CycleLimits& limits = {});

}  // namespace chokepoint
