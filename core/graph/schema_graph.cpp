// Construction of the schema graph from declared keys, sibling keys and join hints (rules in schema_graph.h).
#include "core/graph/schema_graph.h"

#include <algorithm>
#include <map>
#include <set>

namespace chokepoint {
namespace {

// A foreign key with both tables resolved to node indices and column lists of equal length.
struct ResolvedKey {
  int from = -1;
  std::vector<std::string> from_columns;
  int to = -1;
  std::vector<std::string> to_columns;
};

// Order-free identity of a join condition, so "a.x = b.y" and "b.y = a.x" (from any source) count once.
std::string condition_key(const JoinLabel& label) {
  std::vector<std::string> pairs;
  for (size_t i = 0; i < label.left_columns.size(); ++i) {
    std::string l = to_lower_ascii(label.left_table + "." + label.left_columns[i]);
    std::string r = to_lower_ascii(label.right_table + "." + label.right_columns[i]);
    if (r < l) std::swap(l, r);
    pairs.push_back(l + "=" + r);
  }
  std::sort(pairs.begin(), pairs.end());
  std::string key;
  for (const auto& p : pairs) key += p + "\n";
  return key;
}

class GraphBuilder {
 public:
  explicit GraphBuilder(const Schema& schema) : schema_(schema) {
    graph_.db_id = schema.db_id;
    for (const auto& t : schema.tables) graph_.tables.push_back(t.name);
  }

  // Adds a label between two distinct tables unless the same condition is already known.
  void add(JoinLabel label) {
    const int u = graph_.find_table(label.left_table);
    const int v = graph_.find_table(label.right_table);
    if (u < 0 || v < 0 || u == v || label.left_columns.empty()) return;
    if (!seen_.insert(condition_key(label)).second) return;
    SchemaEdge& edge = edges_[{std::min(u, v), std::max(u, v)}];
    edge.a = std::min(u, v);
    edge.b = std::max(u, v);
    edge.labels.push_back(std::move(label));
  }

  std::vector<ResolvedKey> resolve_foreign_keys() {
    std::vector<ResolvedKey> keys;
    for (size_t ti = 0; ti < schema_.tables.size(); ++ti) {
      const Table& from = schema_.tables[ti];
      for (const auto& fk : from.foreign_keys) {
        const int to = graph_.find_table(fk.to_table);
        if (to < 0) {
          warn("foreign key of " + from.name + " references unknown table " + fk.to_table);
          continue;
        }
        const Table& target = schema_.tables[static_cast<size_t>(to)];
        ResolvedKey key{static_cast<int>(ti), {}, to, {}};
        // An FK that names no target column means the target's primary key (SQLite semantics).
        const auto& to_cols = fk.to_columns.empty() ? target.primary_key : fk.to_columns;
        if (fk.from_columns.empty() || fk.from_columns.size() != to_cols.size()) {
          warn("foreign key of " + from.name + " to " + target.name + " has mismatched column lists");
          continue;
        }
        for (const auto& c : fk.from_columns) key.from_columns.push_back(spelled(from, c));
        for (const auto& c : to_cols) key.to_columns.push_back(spelled(target, c));
        keys.push_back(std::move(key));
      }
    }
    return keys;
  }

  void add_foreign_keys(const std::vector<ResolvedKey>& keys) {
    for (const auto& k : keys) {
      if (k.from == k.to) continue;  // self-references would be loops
      add(JoinLabel{name(k.from), k.from_columns, name(k.to), k.to_columns, LabelSource::fk});
    }
  }

  // FK–FK labels: R1.c = R2.d when R1.c -> T.x and R2.d -> T.x (same column), or, with the table rule, any
  // T column, pairing key components one by one as the reference implementation does on single-column keys.
  void add_siblings(const std::vector<ResolvedKey>& keys, SiblingRule rule) {
    if (rule == SiblingRule::none) return;
    for (size_t i = 0; i < keys.size(); ++i) {
      for (size_t j = i + 1; j < keys.size(); ++j) {
        const ResolvedKey& p = keys[i];
        const ResolvedKey& q = keys[j];
        if (p.to != q.to || p.from == q.from) continue;
        JoinLabel shared{name(p.from), {}, name(q.from), {}, LabelSource::sibling};
        for (size_t a = 0; a < p.to_columns.size(); ++a) {
          for (size_t b = 0; b < q.to_columns.size(); ++b) {
            if (!iequals(p.to_columns[a], q.to_columns[b])) continue;
            shared.left_columns.push_back(p.from_columns[a]);
            shared.right_columns.push_back(q.from_columns[b]);
          }
        }
        if (!shared.left_columns.empty()) add(shared);
        if (rule != SiblingRule::table) continue;
        for (size_t a = 0; a < p.to_columns.size(); ++a) {
          for (size_t b = 0; b < q.to_columns.size(); ++b) {
            if (iequals(p.to_columns[a], q.to_columns[b])) continue;
            add(JoinLabel{name(p.from), {p.from_columns[a]}, name(q.from), {q.from_columns[b]}, LabelSource::sibling});
          }
        }
      }
    }
  }

  void add_hints(const std::vector<JoinHint>& hints, LabelSource source) {
    for (const auto& h : hints) {
      if (!h.db_id.empty() && h.db_id != schema_.db_id) continue;
      JoinLabel label{h.left_table, h.left_columns, h.right_table, h.right_columns, source};
      const std::string what = std::string(to_string(source)) + " hint " + label.text();
      const Table* l = schema_.find_table(h.left_table);
      const Table* r = schema_.find_table(h.right_table);
      if (!l || !r) {
        warn(what + ": unknown table " + (l ? h.right_table : h.left_table));
        continue;
      }
      if (h.left_columns.empty() || h.left_columns.size() != h.right_columns.size()) {
        warn(what + ": mismatched column lists");
        continue;
      }
      if (l == r) continue;  // a self-join adds no edge to the schema graph
      bool known = true;
      for (size_t i = 0; i < h.left_columns.size() && known; ++i) {
        const Column* lc = l->find_column(h.left_columns[i]);
        const Column* rc = r->find_column(h.right_columns[i]);
        if (!lc || !rc) {
          warn(what + ": unknown column " +
               (lc ? r->name + "." + h.right_columns[i] : l->name + "." + h.left_columns[i]));
          known = false;
          continue;
        }
        label.left_columns[i] = lc->name;
        label.right_columns[i] = rc->name;
      }
      if (!known) continue;
      label.left_table = l->name;
      label.right_table = r->name;
      add(std::move(label));
    }
  }

  SchemaGraph finish() {
    for (auto& [pair, edge] : edges_) graph_.edges.push_back(std::move(edge));
    return std::move(graph_);
  }

 private:
  const std::string& name(int table) const { return graph_.tables[static_cast<size_t>(table)]; }
  static std::string spelled(const Table& t, const std::string& column) {
    const Column* c = t.find_column(column);
    return c ? c->name : column;
  }
  void warn(std::string message) {
    if (!schema_.db_id.empty()) message = schema_.db_id + ": " + message;
    graph_.warnings.push_back(std::move(message));
  }

  const Schema& schema_;
  SchemaGraph graph_;
  std::map<std::pair<int, int>, SchemaEdge> edges_;  // ordered, so edges come out sorted by (a, b)
  std::set<std::string> seen_;
};

}  // namespace

const char* to_string(LabelSource source) {
  switch (source) {
    case LabelSource::fk:
      return "fk";
    case LabelSource::sibling:
      return "sibling";
    case LabelSource::workload:
      return "workload";
    case LabelSource::user:
      return "user";
  }
  return "fk";
}

const char* to_string(SiblingRule rule) {
  switch (rule) {
    case SiblingRule::column:
      return "column";
    case SiblingRule::table:
      return "table";
    case SiblingRule::none:
      return "none";
  }
  return "column";
}

Result<SiblingRule> parse_sibling_rule(const std::string& text) {
  if (text == "column") return SiblingRule::column;
  if (text == "table") return SiblingRule::table;
  if (text == "none") return SiblingRule::none;
  return Error{"--siblings must be column, table or none (got '" + text + "')"};
}

std::string JoinLabel::text() const {
  std::string out;
  for (size_t i = 0; i < left_columns.size() && i < right_columns.size(); ++i) {
    if (i) out += " AND ";
    out += left_table + "." + left_columns[i] + " = " + right_table + "." + right_columns[i];
  }
  return out;
}

int SchemaGraph::find_table(const std::string& name) const {
  for (size_t i = 0; i < tables.size(); ++i)
    if (iequals(tables[i], name)) return static_cast<int>(i);
  return -1;
}

const SchemaEdge* SchemaGraph::find_edge(int u, int v) const {
  const int a = std::min(u, v), b = std::max(u, v);
  auto it =
      std::lower_bound(edges.begin(), edges.end(), std::make_pair(a, b),
                       [](const SchemaEdge& e, const std::pair<int, int>& k) { return std::make_pair(e.a, e.b) < k; });
  return it != edges.end() && it->a == a && it->b == b ? &*it : nullptr;
}

std::vector<int> SchemaGraph::neighbours(int table) const {
  std::vector<int> out;
  for (const auto& e : edges) {
    if (e.a == table) out.push_back(e.b);
    if (e.b == table) out.push_back(e.a);
  }
  std::sort(out.begin(), out.end());
  return out;
}

size_t SchemaGraph::label_count() const {
  size_t n = 0;
  for (const auto& e : edges) n += e.labels.size();
  return n;
}

UndirectedGraph SchemaGraph::to_undirected() const {
  UndirectedGraph g;
  for (const auto& t : tables) g.add_node(t);
  for (const auto& e : edges) g.add_edge(e.a, e.b);
  return g;
}

SchemaGraph build_schema_graph(const Schema& schema, const SchemaGraphOptions& options,
                               const std::vector<JoinHint>& workload, const std::vector<JoinHint>& user) {
  GraphBuilder builder(schema);
  const auto keys = builder.resolve_foreign_keys();
  builder.add_foreign_keys(keys);
  builder.add_siblings(keys, options.siblings);
  builder.add_hints(workload, LabelSource::workload);
  builder.add_hints(user, LabelSource::user);
  return builder.finish();
}

}  // namespace chokepoint
