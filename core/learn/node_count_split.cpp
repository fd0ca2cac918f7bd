// TQA's split (see node_count_split.h): per-database node-count shares -> seeded k-means -> the larger cluster in a
// seeded order -> greedy test, dev, train by whole databases.
#include "core/learn/node_count_split.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "core/learn/kmeans.h"
#include "core/learn/seeded_random.h"

namespace chokepoint::learn {
namespace {

double round_to(double x, double unit) { return std::round(x / unit) * unit; }

std::map<std::string, size_t> queries_per_db(const std::vector<QueryNodes>& queries, size_t min_nodes) {
  std::map<std::string, size_t> out;
  for (const auto& q : queries)
    if (q.nodes >= min_nodes) ++out[q.db_id];
  return out;
}

void take(SplitPart& part, const std::string& db, size_t queries) {
  part.db_ids.push_back(db);
  part.queries += queries;
}

}  // namespace

std::vector<std::string> seeded_order(std::vector<std::string> db_ids, uint64_t seed) {
  std::sort(db_ids.begin(), db_ids.end());
  SeededRandom random(seed);
  random.shuffle(db_ids);
  return db_ids;
}

void assign_parts(const std::vector<std::string>& order, const std::vector<QueryNodes>& queries,
                  const NodeCountSplitOptions& options, NodeCountSplit& out) {
  out.train = out.dev = out.test = SplitPart{};
  const std::map<std::string, size_t> per_db = queries_per_db(queries, options.min_nodes);
  auto count = [&](const std::string& db) {
    auto it = per_db.find(db);
    return it == per_db.end() ? size_t{0} : it->second;
  };
  size_t next = 0, total = 0;
  const size_t n = order.size();
  for (const auto& db : order) total += count(db);
  const double test_target = options.test_queries > 0 ? static_cast<double>(options.test_queries)
                                                      : options.test_share * static_cast<double>(total);
  // Test first, by query count; it leaves at least one database each to dev and train.
  for (; next < n && static_cast<double>(out.test.queries) < test_target && n - next > 2; ++next)
    take(out.test, order[next], count(order[next]));
  size_t left = 0;
  for (size_t i = next; i < n; ++i) left += count(order[i]);
  const double dev_target = options.dev_share * static_cast<double>(left);
  for (; next < n && static_cast<double>(out.dev.queries) < dev_target && n - next > 1; ++next)
    take(out.dev, order[next], count(order[next]));
  for (; next < n; ++next) take(out.train, order[next], count(order[next]));
  for (SplitPart* part : {&out.train, &out.dev, &out.test}) {
    const std::set<std::string> dbs(part->db_ids.begin(), part->db_ids.end());
    for (const auto& q : queries)
      if (q.nodes >= options.min_nodes && dbs.count(q.db_id)) ++part->node_counts[q.nodes];
  }
}

Result<NodeCountSplit> split_by_node_counts(const std::vector<QueryNodes>& queries,
                                            const NodeCountSplitOptions& options) {
  NodeCountSplit out;
  const std::map<std::string, size_t> per_db = queries_per_db(queries, options.min_nodes);
  std::set<std::string> all_dbs;
  std::set<size_t> counts;
  for (const auto& q : queries) {
    all_dbs.insert(q.db_id);
    if (q.nodes >= options.min_nodes) counts.insert(q.nodes);
  }
  for (const auto& db : all_dbs)
    if (!per_db.count(db)) out.unclustered.push_back(db);
  if (options.k < 1) return Error{"k must be at least 1"};
  if (per_db.size() < static_cast<size_t>(options.k))
    return Error{std::to_string(per_db.size()) + " database(s) have a query of at least " +
                 std::to_string(options.min_nodes) +
                 " join-query-graph nodes; k-means needs at least k = " + std::to_string(options.k)};
  out.node_counts.assign(counts.begin(), counts.end());
  // Features: per database (sorted), the share of its queries with each node count.
  DenseMatrix x(per_db.size(), out.node_counts.size());
  std::map<std::string, size_t> row_of;
  for (const auto& [db, n] : per_db) {
    row_of[db] = out.db_ids.size();
    out.db_ids.push_back(db);
  }
  for (const auto& q : queries) {
    if (q.nodes < options.min_nodes) continue;
    const size_t col = static_cast<size_t>(std::lower_bound(out.node_counts.begin(), out.node_counts.end(), q.nodes) -
                                           out.node_counts.begin());
    const size_t row = row_of.at(q.db_id);
    x.at(row, col) += 1.0 / static_cast<double>(per_db.at(q.db_id));
  }
  for (size_t r = 0; r < x.rows; ++r) out.features.emplace_back(x.row(r), x.row(r) + x.cols);

  KMeansOptions ko;
  ko.k = options.k;
  ko.restarts = options.restarts;
  ko.seed = options.seed;
  const KMeansResult km = kmeans(x, ko);
  for (size_t c = 0; c < km.centroids.rows; ++c) {
    NodeCountCluster cluster;
    cluster.label = static_cast<int>(c);
    cluster.centroid.assign(km.centroids.row(c), km.centroids.row(c) + km.centroids.cols);
    out.clusters.push_back(std::move(cluster));
  }
  for (size_t r = 0; r < out.db_ids.size(); ++r) {
    NodeCountCluster& cluster = out.clusters[static_cast<size_t>(km.labels[r])];
    cluster.db_ids.push_back(out.db_ids[r]);
    cluster.queries += per_db.at(out.db_ids[r]);
  }
  // Thesis §4.3.1: the cluster with more databases (then more queries, then the lower label).
  for (const auto& c : out.clusters) {
    if (out.chosen < 0) {
      out.chosen = c.label;
      continue;
    }
    const NodeCountCluster& best = out.clusters[static_cast<size_t>(out.chosen)];
    if (c.db_ids.size() > best.db_ids.size() || (c.db_ids.size() == best.db_ids.size() && c.queries > best.queries))
      out.chosen = c.label;
  }
  out.order = seeded_order(out.clusters[static_cast<size_t>(out.chosen)].db_ids, options.seed);
  assign_parts(out.order, queries, options, out);
  return out;
}

std::string node_count_distribution_text(const std::map<size_t, size_t>& node_counts) {
  size_t total = 0;
  for (const auto& [n, q] : node_counts) total += q;
  std::string out;
  for (const auto& [n, q] : node_counts) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%zu: %.2f%%", n, total ? 100.0 * static_cast<double>(q) / total : 0.0);
    if (!out.empty()) out += ", ";
    out += buf;
  }
  return out;
}

nlohmann::json node_count_split_json(const NodeCountSplit& split, const NodeCountSplitOptions& options) {
  using nlohmann::json;
  auto by_count = [&](const std::vector<double>& values, double scale, double unit) {
    json j = json::object();
    for (size_t i = 0; i < values.size() && i < split.node_counts.size(); ++i)
      j[std::to_string(split.node_counts[i])] = round_to(values[i] * scale, unit);
    return j;
  };
  json clusters = json::array();
  for (const auto& c : split.clusters)
    clusters.push_back({{"label", c.label},
                        {"db_ids", c.db_ids},
                        {"databases", c.db_ids.size()},
                        {"queries", c.queries},
                        {"centroid", by_count(c.centroid, 1.0, 1e-4)}});
  json databases = json::array();
  for (size_t r = 0; r < split.db_ids.size(); ++r) {
    int label = -1;
    for (const auto& c : split.clusters)
      if (std::find(c.db_ids.begin(), c.db_ids.end(), split.db_ids[r]) != c.db_ids.end()) label = c.label;
    databases.push_back(
        {{"db_id", split.db_ids[r]}, {"cluster", label}, {"features", by_count(split.features[r], 1.0, 1e-4)}});
  }
  auto part = [&](const SplitPart& p) {
    json dist = json::object();
    for (const auto& [n, q] : p.node_counts)
      dist[std::to_string(n)] = p.queries ? round_to(100.0 * static_cast<double>(q) / p.queries, 0.01) : 0.0;
    return json{{"db_ids", p.db_ids},
                {"databases", p.db_ids.size()},
                {"queries", p.queries},
                {"node_count_distribution", dist},
                {"distribution_text", node_count_distribution_text(p.node_counts)}};
  };
  return {{"node_counts", split.node_counts},
          {"databases", databases},
          {"clusters", clusters},
          {"chosen", split.chosen},
          {"unclustered", split.unclustered},
          {"order", split.order},
          {"split", {{"train", part(split.train)}, {"dev", part(split.dev)}, {"test", part(split.test)}}},
          {"options",
           {{"min_nodes", options.min_nodes},
            {"k", options.k},
            {"seed", options.seed},
            {"restarts", options.restarts},
            {"test_share", options.test_share},
            {"test_queries", options.test_queries},
            {"dev_share", options.dev_share}}}};
}

}  // namespace chokepoint::learn
