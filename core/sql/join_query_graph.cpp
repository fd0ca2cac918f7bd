// Building join query graphs from a NameResolution: collect equi-join conditions of a scope from its ON clauses,
// USING lists, NATURAL joins and WHERE conjuncts, then group them by unordered instance pair.
#include "core/sql/join_query_graph.h"

#include <algorithm>
#include <map>
#include <numeric>

#include "core/sql/parser.h"

namespace chokepoint::sql {
namespace {

const Node* unparen(const Node* n) {
  while (n && n->kind == Kind::Paren) n = n->get(Slot::This);
  return n;
}

void conjuncts(const Node* e, std::vector<const Node*>& out) {
  e = unparen(e);
  if (!e) return;
  if (e->kind == Kind::Binary && e->text == "AND") {
    conjuncts(e->get(Slot::Left), out);
    conjuncts(e->get(Slot::Right), out);
    return;
  }
  out.push_back(e);
}

class GraphBuilder {
 public:
  GraphBuilder(const NameResolution& names, const Schema& schema, int scope)
      : names_(names), schema_(schema), scope_(scope) {}

  JoinQueryGraph build() {
    JoinQueryGraph g;
    g.scope = scope_;
    const Scope& sc = names_.scopes[scope_];
    g.select = sc.select;
    for (int id : sc.instances) {
      const TableInstance& inst = names_.instances[id];
      g.nodes.push_back(JqgNode{id, inst.table, inst.alias, inst.derived});
    }
    if (sc.select) {
      seen_.clear();
      from(*sc.select);
      std::vector<const Node*> where;
      conjuncts(sc.select->get(Slot::Where), where);
      for (const Node* c : where) equality(c, JoinSource::Where);
    }
    std::map<std::pair<int, int>, size_t> index;
    for (auto& cond : conditions_) {
      int a = g.node_of_instance(cond.left_instance), b = g.node_of_instance(cond.right_instance);
      auto key = std::minmax(a, b);
      auto it = index.find(key);
      if (it == index.end()) {
        it = index.emplace(key, g.edges.size()).first;
        g.edges.push_back(JqgEdge{key.first, key.second, {}});
      }
      g.edges[it->second].conditions.push_back(std::move(cond));
    }
    std::sort(g.edges.begin(), g.edges.end(),
              [](const JqgEdge& x, const JqgEdge& y) { return std::tie(x.a, x.b) < std::tie(y.a, y.b); });
    return g;
  }

 private:
  bool in_scope(int instance) const { return instance >= 0 && names_.instances[instance].scope == scope_; }

  int instance_of_source(const Node* src) const {
    for (int id : names_.scopes[scope_].instances)
      if (names_.instances[id].source == src) return id;
    return -1;
  }

  void side(int instance, const std::string& column, std::string& table_out, std::string& column_out) const {
    ColumnRef ref;
    ref.kind = RefKind::TableColumn;
    ref.instance = instance;
    ref.column = column;
    if (names_.base_column(ref, table_out, column_out)) return;
    const TableInstance& inst = names_.instances[instance];
    table_out = inst.derived ? inst.ref_name() : inst.table;
    column_out = column;
  }

  void add(int left, const std::string& lcol, int right, const std::string& rcol, JoinSource src, const Node* node) {
    JoinCondition c;
    c.left_instance = left;
    c.right_instance = right;
    side(left, lcol, c.left_table, c.left_column);
    side(right, rcol, c.right_table, c.right_column);
    c.source = src;
    c.node = node;
    conditions_.push_back(std::move(c));
  }

  void equality(const Node* e, JoinSource src) {
    if (!e || e->kind != Kind::Binary || (e->text != "=" && e->text != "==")) return;
    const Node* l = unparen(e->get(Slot::Left));
    const Node* r = unparen(e->get(Slot::Right));
    if (!l || !r || l->kind != Kind::Column || r->kind != Kind::Column) return;
    const ColumnRef* lr = names_.find(l);
    const ColumnRef* rr = names_.find(r);
    if (!lr || !rr || lr->kind != RefKind::TableColumn || rr->kind != RefKind::TableColumn) return;
    if (!in_scope(lr->instance) || !in_scope(rr->instance) || lr->instance == rr->instance) return;
    add(lr->instance, lr->column, rr->instance, rr->column, src, e);
  }

  // The first instance seen so far (left of the current join) that has `column`.
  int left_with_column(const std::string& column, std::string& spelled) const {
    for (int id : seen_)
      for (const auto& c : names_.columns_of(id, schema_))
        if (iequals(c, column)) {
          spelled = c;
          return id;
        }
    return -1;
  }

  void from(const Node& owner) {
    for (const auto& ch : owner.children) {
      if (ch.slot != Slot::From) continue;
      const Node& item = *ch.node;
      if (item.kind != Kind::Join) {
        source(item);
        continue;
      }
      const Node* src = item.get(Slot::Source);
      std::vector<int> before = seen_;
      if (src) source(*src);
      int right = src ? instance_of_source(src) : -1;
      if (const Node* on = item.get(Slot::On)) {
        std::vector<const Node*> cs;
        conjuncts(on, cs);
        for (const Node* c : cs) equality(c, JoinSource::On);
      }
      if (right < 0) continue;
      std::vector<int> now = seen_;
      seen_ = before;
      for (const auto& u : item.children) {
        if (u.slot != Slot::Using) continue;
        std::string lcol;
        int left = left_with_column(u.node->text, lcol);
        std::string rcol = u.node->text;
        for (const auto& c : names_.columns_of(right, schema_))
          if (iequals(c, rcol)) rcol = c;
        if (left >= 0) add(left, lcol, right, rcol, JoinSource::Using, &item);
      }
      if (item.text.rfind("NATURAL", 0) == 0) {
        for (const auto& rcol : names_.columns_of(right, schema_)) {
          std::string lcol;
          int left = left_with_column(rcol, lcol);
          if (left >= 0) add(left, lcol, right, rcol, JoinSource::Natural, &item);
        }
      }
      seen_ = now;
    }
  }

  void source(const Node& src) {
    if (src.kind == Kind::JoinGroup) {
      from(src);
      return;
    }
    int id = instance_of_source(&src);
    if (id >= 0) seen_.push_back(id);
  }

  const NameResolution& names_;
  const Schema& schema_;
  int scope_;
  std::vector<int> seen_;  // instances left of the join being read
  std::vector<JoinCondition> conditions_;
};

}  // namespace

const char* join_source_name(JoinSource s) {
  switch (s) {
    case JoinSource::On:
      return "on";
    case JoinSource::Using:
      return "using";
    case JoinSource::Natural:
      return "natural";
    case JoinSource::Where:
      return "where";
  }
  return "";
}

int JoinQueryGraph::node_of_instance(int instance) const {
  for (size_t i = 0; i < nodes.size(); ++i)
    if (nodes[i].instance == instance) return static_cast<int>(i);
  return -1;
}

bool JoinQueryGraph::is_cyclic() const {
  std::vector<int> parent(nodes.size());
  std::iota(parent.begin(), parent.end(), 0);
  auto root = [&](int x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for (const auto& e : edges) {
    int a = root(e.a), b = root(e.b);
    if (a == b) return true;
    parent[a] = b;
  }
  return false;
}

JoinQueryGraph build_join_query_graph(const NameResolution& names, const Schema& schema, int scope) {
  if (scope < 0 || scope >= static_cast<int>(names.scopes.size())) return {};
  return GraphBuilder(names, schema, scope).build();
}

std::vector<JoinQueryGraph> build_join_query_graphs(const NameResolution& names, const Schema& schema) {
  std::vector<JoinQueryGraph> out;
  for (size_t s = 0; s < names.scopes.size(); ++s)
    out.push_back(build_join_query_graph(names, schema, static_cast<int>(s)));
  return out;
}

Result<std::vector<EquiJoinPair>> workload_equi_joins(std::string_view sql, const Schema& schema) {
  auto tree = parse_sql(sql);
  if (!tree.ok()) return Error{tree.error()};
  NameResolution names = resolve_names(**tree, schema);
  std::vector<EquiJoinPair> out;
  auto same = [](const EquiJoinPair& x, const std::string& ta, const std::string& ca, const std::string& tb,
                 const std::string& cb) {
    return iequals(x.table_a, ta) && iequals(x.column_a, ca) && iequals(x.table_b, tb) && iequals(x.column_b, cb);
  };
  for (const auto& g : build_join_query_graphs(names, schema)) {
    for (const auto& e : g.edges) {
      for (const auto& c : e.conditions) {
        if (!schema.find_table(c.left_table) || !schema.find_table(c.right_table)) continue;
        bool dup = std::any_of(out.begin(), out.end(), [&](const EquiJoinPair& p) {
          return same(p, c.left_table, c.left_column, c.right_table, c.right_column) ||
                 same(p, c.right_table, c.right_column, c.left_table, c.left_column);
        });
        if (!dup) out.push_back({c.left_table, c.left_column, c.right_table, c.right_column});
      }
    }
  }
  return out;
}

}  // namespace chokepoint::sql
