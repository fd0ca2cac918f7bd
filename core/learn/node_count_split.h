// TQA's train/dev/test split (thesis §4.3.1, Fig. 4.4, Table 4.1): seeded k-means (k = 2, seed 35) over databases
// described by their queries' join-query-graph node counts, then the larger cluster split by whole databases. The
// thesis gives only the outcome (466/125/106 queries, 31/10/7 databases); our rule is in docs/decisions.md §34.
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/result.h"

namespace chokepoint::learn {

// One query of the set: its database and the node count of its main join query graph (the caller computes it, e.g.
// tqa::ItemLinkerAnalysis::jqg_nodes).
struct QueryNodes {
  std::string db_id;
  size_t nodes = 0;
};

struct NodeCountSplitOptions {
  size_t min_nodes = 3;      // the queries TQA considers: a linker table needs >= 3 nodes (thesis Alg. 2, Table 4.1)
  int k = 2;                 // thesis §4.3.1
  uint64_t seed = 35;        // thesis §4.3.1: seeds the k-means restarts and the database order
  int restarts = 10;         // k-means++ restarts, the lowest inertia kept (scikit-learn's n_init = 10)
  double test_share = 0.15;  // test takes databases until it holds this share of the cluster's queries
  size_t test_queries = 0;   // > 0: an absolute target instead of test_share (the reference implementation's 100)
  double dev_share = 0.2;    // dev then takes databases until it holds this share of the queries left
};

// Invariants: db_ids sorted; centroid has one value per NodeCountSplit::node_counts.
struct NodeCountCluster {
  int label = -1;
  std::vector<std::string> db_ids;
  size_t queries = 0;
  std::vector<double> centroid;  // mean share of queries per node count
};

// One part of the split. Invariants: db_ids in the order the rule assigned them; queries = sum of node_counts.
struct SplitPart {
  std::vector<std::string> db_ids;
  size_t queries = 0;
  std::map<size_t, size_t> node_counts;  // JQG node count -> queries (Table 4.1's distribution)
};

struct NodeCountSplit {
  std::vector<size_t> node_counts;            // the feature columns: every node count >= min_nodes present, ascending
  std::vector<std::string> db_ids;            // clustered databases, sorted (rows of `features`)
  std::vector<std::vector<double>> features;  // per database: share of its queries with each node count
  std::vector<std::string> unclustered;       // databases with no query of >= min_nodes nodes (sorted)
  std::vector<NodeCountCluster> clusters;     // by label
  int chosen = -1;                            // label of the cluster that is split (most databases, then queries)
  std::vector<std::string> order;             // the chosen cluster's databases in the seeded order the rule walks
  SplitPart train, dev, test;
};

// The split rule alone, on databases already in order: test takes databases in order until it holds at least its
// target (test_share of all the queries, or test_queries when set), but leaves two databases; dev then takes
// databases until it holds at least dev_share of the queries left after test, but leaves one; train takes the rest
// (so with fewer than three databases test stays empty). Query and node counts per part come from `queries`
// (>= min_nodes only). This is the reference implementation's rule (test ~100 queries, dev 20% of the rest;
// notes/sqlmorph-reference-implementation.md §3.1 step 5) with the test target as a share, 0.15 by default: the
// thesis' 106 of 697 queries is 15.2%, and its dev, 125 of the 591 left, is 21% >= 20%.
void assign_parts(const std::vector<std::string>& order, const std::vector<QueryNodes>& queries,
                  const NodeCountSplitOptions& options, NodeCountSplit& out);

// The databases sorted by name, then shuffled (Fisher-Yates) with SeededRandom(seed): the order the rule walks.
std::vector<std::string> seeded_order(std::vector<std::string> db_ids, uint64_t seed);

// The whole method: features, k-means, the chosen cluster, its seeded order and the split. An error when fewer
// databases than k have a query of >= min_nodes nodes.
Result<NodeCountSplit> split_by_node_counts(const std::vector<QueryNodes>& queries,
                                            const NodeCountSplitOptions& options = {});

// Table 4.1's distribution text: "3: 92.70%, 4: 6.22%, 5: 1.07%" (shares of the part's queries, two decimals).
std::string node_count_distribution_text(const std::map<size_t, size_t>& node_counts);

// {"node_counts", "clusters": [{"label", "db_ids", "queries", "centroid": {"3": share, ...}}], "chosen",
//  "unclustered", "order", "split": {"train"|"dev"|"test": {"db_ids", "databases", "queries",
//  "node_count_distribution": {"3": percent, ...}, "distribution_text"}}, "options"}
nlohmann::json node_count_split_json(const NodeCountSplit& split, const NodeCountSplitOptions& options);

}  // namespace chokepoint::learn
