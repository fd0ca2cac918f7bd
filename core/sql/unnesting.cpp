// Unnesting, one derived table at a time: resolve names, judge the main FROM's derived tables in FROM order, inline
// the first inlinable one, and start again on the rewritten tree until none is left to inline. Every rewrite is done
// on the tree (qualify, substitute, splice), never on the text.
#include "core/sql/unnesting.h"

#include <functional>
#include <map>
#include <set>

#include "core/base/text.h"
#include "core/sql/name_resolution.h"
#include "core/sql/parser.h"
#include "core/sql/printer.h"

namespace chokepoint::sql {
namespace {

// A bound on rounds: each round removes one derived table from the main FROM and adds at most the body's own.
constexpr int kMaxRounds = 256;

struct Verdict {
  bool inline_it = false;
  NestingReason reason = NestingReason::other;
  std::string detail;
};

Verdict keep(NestingReason reason, std::string detail) { return Verdict{false, reason, std::move(detail)}; }

// A derived table of the main FROM with the nodes that define it.
struct Derived {
  int instance = -1;
  Node* source = nullptr;  // the Table (CTE reference) or Subquery node in FROM
  Node* body = nullptr;    // its query (nullptr when the CTE's definition is not found)
  Node* cte = nullptr;     // the Cte node, for a CTE
  std::string name;
};

bool contains(const std::string& op, const char* word) { return to_lower_ascii(op).find(word) != std::string::npos; }

bool is_aggregate_call(const Node& f) {
  if (f.kind != Kind::Function || f.get(Slot::Over)) return false;
  const std::string n = to_lower_ascii(f.text);
  if (n == "count" || n == "sum" || n == "avg" || n == "total" || n == "group_concat" || n == "string_agg") return true;
  return (n == "min" || n == "max") && f.list(Slot::Args).size() == 1;  // min(a, b) is the scalar function
}

// Visits the nodes of one SELECT core, without entering the queries nested in it.
void walk_core(const Node& select, const std::function<void(const Node&)>& visit) {
  walk(select, [&](const Node& n) {
    if (&n != &select && (n.kind == Kind::Select || n.kind == Kind::Compound)) return false;
    visit(n);
    return true;
  });
}

// The name the query writes for an instance, as an identifier with its original quotes; `renamed` wins.
NodePtr reference_identifier(const TableInstance& inst, const std::string& renamed = {}) {
  if (!renamed.empty()) return make_identifier(renamed);
  if (const Node* a = inst.source ? inst.source->get(Slot::Alias) : nullptr) return clone(*a);
  if (inst.source && inst.source->kind == Kind::Table)
    if (const Node* n = inst.source->get(Slot::Name)) return clone(*n);
  return make_identifier(inst.ref_name());
}

// A new name for `base` that `used` (lower case) does not hold: T<n> for a <letters><digits> alias, else base_<n>.
std::string fresh_name(const std::string& base, const std::set<std::string>& used) {
  const size_t d = base.find_first_of("0123456789");
  const bool numbered = d != std::string::npos && d > 0 && base.find_first_not_of("0123456789", d) == std::string::npos;
  const std::string stem = numbered ? base.substr(0, d) : base + "_";
  for (int n = 1;; ++n) {
    std::string candidate = stem + std::to_string(n);
    if (!used.count(to_lower_ascii(candidate))) return candidate;
  }
}

NodePtr binary_and(NodePtr left, NodePtr right) {
  if (!left) return right;
  if (!right) return left;
  NodePtr b = make_node(Kind::Binary, "AND");
  b->set(Slot::Left, std::move(left));
  b->set(Slot::Right, std::move(right));
  return b;
}

// Children of `slot` taken out of `parent`, in order.
std::vector<NodePtr> take_list(Node& parent, Slot slot) {
  std::vector<NodePtr> out;
  for (Node* c : parent.list(slot)) out.push_back(detach(*c));
  return out;
}

class Unnester {
 public:
  Unnester(Node& root, const Schema& schema) : root_(root), schema_(schema) {}

  // One round; true when a derived table was inlined (then `out.nested` is to be recomputed). Without
  // `may_inline` every derived table is only judged, an inlinable one listed as nested for the round limit.
  bool round(Unnesting& out, bool may_inline = true) {
    names_ = resolve_names(root_, schema_);
    out.nested.clear();
    if (root_.kind != Kind::Select || names_.main_scope < 0) return false;
    gather_facts();
    for (int id : names_.scopes[static_cast<size_t>(names_.main_scope)].instances) {
      if (!names_.instances[static_cast<size_t>(id)].derived) continue;
      Derived d = describe(id);
      Verdict v = judge(d);
      if (v.inline_it && !may_inline)
        v = keep(NestingReason::other, "limit of " + std::to_string(kMaxRounds) + " inlined tables reached");
      if (v.inline_it) {
        out.inlined.push_back({d.name, d.cte != nullptr});
        inline_table(d);
        return true;
      }
      out.nested.push_back({d.name, d.cte != nullptr, v.reason, v.detail});
    }
    return false;
  }

 private:
  const TableInstance& instance(int id) const { return names_.instances[static_cast<size_t>(id)]; }
  int main_scope() const { return names_.main_scope; }

  Derived describe(int id) {
    const TableInstance& inst = instance(id);
    Derived d;
    d.instance = id;
    d.source = const_cast<Node*>(inst.source);  // the resolution points into root_, which we own
    if (d.source->kind == Kind::Subquery) {
      d.body = d.source->get(Slot::Query);
      d.name = inst.alias;
      return d;
    }
    d.name = inst.table;
    if (Node* with = root_.get(Slot::With))
      for (Node* c : with->list(Slot::Ctes))
        if (const Node* n = c->get(Slot::Name); n && iequals(n->text, inst.table)) {
          d.cte = c;
          d.body = c->get(Slot::Query);
          break;
        }
    return d;
  }

  int scope_of(const Node* select) const {
    auto it = scope_of_select_.find(select);
    return it == scope_of_select_.end() ? -1 : it->second;
  }

  // What every judgement of a round reads, gathered in one pass so that a query with many derived tables costs
  // linear work per round, not work per derived table times the query's size.
  void gather_facts() {
    scope_of_select_.clear();
    for (const auto& sc : names_.scopes) scope_of_select_.emplace(sc.select, sc.id);
    cte_uses_.clear();
    for (const auto& inst : names_.instances)
      if (inst.derived && inst.source && inst.source->kind == Kind::Table) ++cte_uses_[to_lower_ascii(inst.table)];
    for (const Node* in : find_all(static_cast<const Node&>(root_), Kind::In))
      if (const Node* src = in->get(Slot::Source))
        if (const Node* n = src->get(Slot::Name)) ++cte_uses_[to_lower_ascii(n->text)];
    refs_by_scope_.assign(names_.scopes.size(), {});
    main_aliases_.clear();
    unnamed_columns_.clear();
    for (size_t r = 0; r < names_.columns.size(); ++r) {
      const ColumnRef& ref = names_.columns[r];
      if (ref.scope >= 0) refs_by_scope_[static_cast<size_t>(ref.scope)].push_back(r);
      if (ref.scope == main_scope() && ref.kind == RefKind::SelectAlias) main_aliases_.push_back(r);
      if (ref.kind == RefKind::TableColumn && in_scope(ref.instance, main_scope()) && !ref.node->get(Slot::Table) &&
          instance(ref.instance).ref_name().empty())
        unnamed_columns_.push_back(r);
    }
    main_unnamed_ = 0;
    for (int id : names_.scopes[static_cast<size_t>(main_scope())].instances)
      main_unnamed_ += instance(id).ref_name().empty() ? 1 : 0;
  }

  // Lower-case column names of the body's tables: unqualified outer names among them would become ambiguous.
  std::set<std::string> body_column_names(int body_scope) const {
    std::set<std::string> out;
    for (int b : names_.scopes[static_cast<size_t>(body_scope)].instances)
      for (const auto& c : names_.columns_of(b, schema_)) out.insert(to_lower_ascii(c));
    return out;
  }

  // Whether `scope` is `ancestor` or nested in it.
  bool under(int scope, int ancestor) const {
    for (int s = scope; s >= 0; s = names_.scopes[static_cast<size_t>(s)].parent)
      if (s == ancestor) return true;
    return false;
  }

  bool in_scope(int instance_id, int scope) const { return instance_id >= 0 && instance(instance_id).scope == scope; }

  // Whether an outer `*` covers the derived table.
  bool star_covers(const Node& star, const TableInstance& d) const {
    const Node* t = star.get(Slot::Table);
    return !t || (!d.ref_name().empty() && iequals(t->text, d.ref_name()));
  }

  // The rules of unnesting.h, first failing rule first.
  Verdict judge(const Derived& d) const {
    const TableInstance& dinst = instance(d.instance);
    if (!d.body) return keep(NestingReason::other, "definition not found");
    if (d.cte) {
      if (root_.get(Slot::With)->has(kRecursive)) return keep(NestingReason::recursive, "WITH RECURSIVE");
      auto it = cte_uses_.find(to_lower_ascii(d.name));
      const int uses = it == cte_uses_.end() ? 0 : it->second;
      if (uses != 1) return keep(NestingReason::used_more_than_once, "referenced " + std::to_string(uses) + " times");
    }
    const Node& body = *d.body;
    if (body.kind == Kind::Compound) return keep(NestingReason::set_operation, body.text);
    if (body.kind != Kind::Select) return keep(NestingReason::other, "not a SELECT");
    if (body.get(Slot::With)) return keep(NestingReason::own_with, "WITH");
    if (!body.list(Slot::GroupBy).empty()) return keep(NestingReason::aggregate, "GROUP BY");
    if (body.get(Slot::Having)) return keep(NestingReason::aggregate, "HAVING");
    std::string aggregate, window;
    walk_core(body, [&](const Node& n) {
      if (n.kind != Kind::Function) return;
      if (n.get(Slot::Over) && window.empty()) window = n.text;
      if (is_aggregate_call(n) && aggregate.empty()) aggregate = n.text;
    });
    if (!aggregate.empty()) return keep(NestingReason::aggregate, aggregate);
    if (!window.empty()) return keep(NestingReason::window, window + " OVER");
    if (body.has(kDistinct)) return keep(NestingReason::distinct, "SELECT DISTINCT");
    if (body.get(Slot::Limit) || body.get(Slot::Offset)) return keep(NestingReason::limit, "LIMIT");
    if (!body.list(Slot::OrderBy).empty()) return keep(NestingReason::order_by, "ORDER BY");
    const std::vector<Node*> from = body.list(Slot::From);
    if (from.empty()) return keep(NestingReason::no_from, "SELECT without FROM");
    for (const Node* item : from) {
      const Node* src = item->kind == Kind::Join ? item->get(Slot::Source) : item;
      if (src && src->kind == Kind::JoinGroup) return keep(NestingReason::other, "parenthesised join in the body");
      if (item->kind != Kind::Join) continue;
      if (contains(item->text, "natural") || !item->list(Slot::Using).empty())
        return keep(NestingReason::using_or_natural, item->text + " in the body");
      if (contains(item->text, "left") || contains(item->text, "right") || contains(item->text, "full"))
        return keep(NestingReason::outer_join, item->text + " in the body");
    }
    // Where it sits in the outer FROM.
    const Node* parent = d.source->parent;
    if (parent->kind == Kind::JoinGroup) return keep(NestingReason::other, "inside a parenthesised join");
    if (parent->kind == Kind::Join) {
      if (contains(parent->text, "natural") || !parent->list(Slot::Using).empty())
        return keep(NestingReason::using_or_natural, parent->text);
      if (contains(parent->text, "left") || contains(parent->text, "right") || contains(parent->text, "full"))
        return keep(NestingReason::outer_join, "the right side of " + parent->text);
    }
    for (const Node* item : root_.list(Slot::From)) {
      if (item->kind != Kind::Join) continue;
      if (contains(item->text, "natural") || !item->list(Slot::Using).empty())
        return keep(NestingReason::using_or_natural, item->text + " in the outer FROM");
      if (contains(item->text, "right") || contains(item->text, "full"))
        return keep(NestingReason::outer_join, item->text + " in the outer FROM");
    }
    // Names: the body's own, its columns, and outer names the inlined tables could capture.
    const int body_scope = scope_of(&body);
    if (body_scope < 0) return keep(NestingReason::other, "body not resolved");
    for (int b : names_.scopes[static_cast<size_t>(body_scope)].instances)
      if (instance(b).ref_name().empty()) return keep(NestingReason::other, "unnamed subquery in the body");
    size_t outputs = 0;
    for (const Node* c : body.list(Slot::Columns)) {
      if (c->kind != Kind::Star) {
        ++outputs;
        continue;
      }
      const Node* t = c->get(Slot::Table);
      for (int b : names_.scopes[static_cast<size_t>(body_scope)].instances)
        if (!t || iequals(t->text, instance(b).ref_name())) outputs += names_.columns_of(b, schema_).size();
    }
    if (outputs != dinst.columns.size()) return keep(NestingReason::other, "column count differs from its names");
    std::set<std::string> seen;
    for (const auto& c : dinst.columns)
      if (!seen.insert(to_lower_ascii(c.name)).second) return keep(NestingReason::other, "duplicate column " + c.name);
    for (size_t r : refs_by_scope_[static_cast<size_t>(body_scope)]) {
      const ColumnRef& ref = names_.columns[r];
      if (ref.kind == RefKind::SelectAlias)
        return keep(NestingReason::other, "the body refers to its result alias " + ref.column);
      if (ref.kind == RefKind::Unresolved) return keep(NestingReason::other, "unresolved");
    }
    const std::set<std::string> captured = body_column_names(body_scope);
    for (size_t r : main_aliases_)
      if (captured.count(to_lower_ascii(names_.columns[r].column)))
        return keep(NestingReason::other, "an inlined column would hide the alias " + names_.columns[r].column);
    for (size_t r : unnamed_columns_)
      if (names_.columns[r].instance != d.instance && captured.count(to_lower_ascii(names_.columns[r].column)))
        return keep(NestingReason::other, "an unnamed subquery's column would become ambiguous");
    if (main_unnamed_ > (dinst.ref_name().empty() ? 1 : 0))  // `*` becomes t.* for the others: each needs a name
      for (const Node* c : root_.list(Slot::Columns))
        if (c->kind == Kind::Star && !c->get(Slot::Table))
          return keep(NestingReason::other, "* over an unnamed subquery");
    return Verdict{true, NestingReason::other, ""};
  }

  // A derived column as the outer query will read it: the name and the body's expression.
  struct Output {
    std::string name;
    NodePtr expr;
  };

  // A result column for `o`: the expression, named as the derived column unless it already prints that name.
  static NodePtr named(const Output& o) {
    NodePtr e = clone(*o.expr);
    if (e->kind == Kind::Column)
      if (const Node* n = e->get(Slot::Name); n && n->text == o.name) return e;
    NodePtr a = make_node(Kind::Alias);
    a->flags |= kHasAs;
    a->set(Slot::This, std::move(e));
    a->set(Slot::Alias, make_identifier(o.name));
    return a;
  }

  void inline_table(const Derived& d) {
    const TableInstance& dinst = instance(d.instance);
    Node& body = *d.body;
    const int body_scope = scope_of(&body);
    const std::vector<int> body_instances = names_.scopes[static_cast<size_t>(body_scope)].instances;
    auto in_body = [&](int id) {
      for (int b : body_instances)
        if (b == id) return true;
      return false;
    };

    // 1. Body tables whose name a table they will share a namespace with already uses get a fresh alias: the main
    // query's tables and those of every query nested in it or in the body (other CTE bodies are separate worlds).
    std::set<std::string> used;
    for (const auto& inst : names_.instances)
      if (inst.id != d.instance && !in_body(inst.id) && !inst.ref_name().empty() &&
          (under(inst.scope, main_scope()) || under(inst.scope, body_scope)))
        used.insert(to_lower_ascii(inst.ref_name()));
    for (const Node* c : find_all(static_cast<const Node&>(root_), Kind::Cte))
      if (const Node* n = c->get(Slot::Name)) used.insert(to_lower_ascii(n->text));
    std::map<int, std::string> renamed;
    for (int b : body_instances) {
      const TableInstance& inst = instance(b);
      std::string name = inst.ref_name();
      if (used.count(to_lower_ascii(name))) {
        name = fresh_name(name, used);
        Node* src = const_cast<Node*>(inst.source);
        src->set(Slot::Alias, make_identifier(name));
        src->flags |= kHasAs;
        renamed[b] = name;
      }
      used.insert(to_lower_ascii(name));
    }
    auto identifier_of = [&](int id) {
      auto r = renamed.find(id);
      return reference_identifier(instance(id), r == renamed.end() ? std::string() : r->second);
    };

    // 2. Every column of a body table is qualified; 3. so is every unqualified outer column an inlined table has too.
    const std::set<std::string> captured = body_column_names(body_scope);
    for (const auto& ref : names_.columns) {
      if (ref.kind != RefKind::TableColumn || ref.instance < 0 || ref.instance == d.instance) continue;
      Node* col = const_cast<Node*>(ref.node);
      if (in_body(ref.instance)) {
        if (!col->get(Slot::Table) || renamed.count(ref.instance)) {
          col->set(Slot::Schema, nullptr);
          col->set(Slot::Table, identifier_of(ref.instance));
        }
      } else if (in_scope(ref.instance, main_scope()) && !col->get(Slot::Table) &&
                 captured.count(to_lower_ascii(ref.column))) {
        col->set(Slot::Table, identifier_of(ref.instance));
      }
    }

    // 4. The derived columns, by position: names from the resolution, expressions from the body's result list.
    std::vector<Output> outputs;
    for (const Node* c : body.list(Slot::Columns)) {
      if (c->kind == Kind::Star) {
        const Node* t = c->get(Slot::Table);
        for (int b : body_instances) {
          if (t && !iequals(t->text, instance(b).ref_name())) continue;
          for (const auto& name : names_.columns_of(b, schema_)) {
            NodePtr col = make_node(Kind::Column);
            col->set(Slot::Table, identifier_of(b));
            col->set(Slot::Name, make_identifier(name));
            outputs.push_back({"", std::move(col)});
          }
        }
      } else {
        const Node* e = c->kind == Kind::Alias ? c->get(Slot::This) : c;
        outputs.push_back({"", clone(*e)});
      }
    }
    for (size_t k = 0; k < outputs.size() && k < dinst.columns.size(); ++k) outputs[k].name = dinst.columns[k].name;
    auto output = [&](const std::string& name) -> const Output* {
      for (const auto& o : outputs)
        if (iequals(o.name, name)) return &o;
      return nullptr;
    };

    // 5. Outer references to the derived table become its expressions.
    for (const auto& ref : names_.columns) {
      if (ref.kind != RefKind::TableColumn || ref.instance != d.instance) continue;
      const Output* o = output(ref.column);
      if (!o) continue;  // judged impossible: the resolution found the column among the derived ones
      Node* col = const_cast<Node*>(ref.node);
      const bool result_column = col->parent == &root_ && col->slot() == Slot::Columns;
      replace(*col, result_column ? named(*o) : clone(*o->expr));
    }

    // 6. `*` and `d.*` over the derived table become its column list.
    std::vector<NodePtr> columns = take_list(root_, Slot::Columns);
    for (auto& c : columns) {
      if (c->kind != Kind::Star || !star_covers(*c, dinst)) {
        root_.add(Slot::Columns, std::move(c));
        continue;
      }
      const bool bare = !c->get(Slot::Table);
      for (int id : names_.scopes[static_cast<size_t>(main_scope())].instances) {
        if (id == d.instance) {
          for (const auto& o : outputs) root_.add(Slot::Columns, named(o));
        } else if (bare) {
          NodePtr star = make_node(Kind::Star);
          star->set(Slot::Table, identifier_of(id));
          root_.add(Slot::Columns, std::move(star));
        }
      }
    }

    // 7. The body's tables take the derived table's place; its WHERE joins the outer one.
    std::vector<NodePtr> body_from = take_list(body, Slot::From);
    NodePtr body_where = body.get(Slot::Where) ? detach(*body.get(Slot::Where)) : nullptr;
    NodePtr moved_on;
    Node* parent = d.source->parent;
    const bool first_item = parent == &root_;  // else the Source of a Join of the main FROM
    const Node* position = first_item ? d.source : parent;
    if (!first_item) {
      std::set<std::string> later;  // tables the derived table's ON condition would read before they are joined
      for (size_t k = 1; k < body_from.size(); ++k)
        if (const Node* src = body_from[k]->get(Slot::Source)) {
          const Node* a = src->get(Slot::Alias);
          const Node* n = a ? a : src->get(Slot::Name);
          if (n) later.insert(to_lower_ascii(n->text));
        }
      if (Node* on = parent->get(Slot::On)) {
        bool reads_later = false;
        walk(static_cast<const Node&>(*on), [&](const Node& n) {
          if (n.kind == Kind::Column)
            if (const Node* t = n.get(Slot::Table); t && later.count(to_lower_ascii(t->text))) reads_later = true;
          return true;
        });
        if (reads_later) moved_on = detach(*on);
      }
      parent->set(Slot::Source, std::move(body_from.front()));
      body_from.erase(body_from.begin());
    }
    std::vector<NodePtr> from = take_list(root_, Slot::From);
    for (auto& item : from) {
      const bool here = item.get() == position;
      if (!(here && first_item)) root_.add(Slot::From, std::move(item));  // the first item is the derived table
      if (here)
        for (auto& b : body_from) root_.add(Slot::From, std::move(b));
    }
    NodePtr where = root_.get(Slot::Where) ? detach(*root_.get(Slot::Where)) : nullptr;
    where = binary_and(binary_and(std::move(where), std::move(moved_on)), std::move(body_where));
    if (where) root_.set(Slot::Where, std::move(where));

    // 8. The CTE leaves the WITH clause.
    if (d.cte) {
      Node* with = d.cte->parent;
      detach(*d.cte);
      if (with->list(Slot::Ctes).empty()) detach(*with);
    }
  }

  Node& root_;
  const Schema& schema_;
  NameResolution names_;
  // Facts of the current round (gather_facts).
  std::map<const Node*, int> scope_of_select_;
  std::map<std::string, int> cte_uses_;             // lower-case name -> references (FROM and IN)
  std::vector<std::vector<size_t>> refs_by_scope_;  // indices into names_.columns
  std::vector<size_t> main_aliases_;                // main-scope references to a result alias
  std::vector<size_t> unnamed_columns_;             // unqualified columns of unnamed main-scope subqueries
  int main_unnamed_ = 0;                            // main-scope instances without a name (unaliased subqueries)
};

}  // namespace

const char* nesting_reason_name(NestingReason r) {
  switch (r) {
    case NestingReason::set_operation:
      return "set_operation";
    case NestingReason::own_with:
      return "own_with";
    case NestingReason::recursive:
      return "recursive";
    case NestingReason::used_more_than_once:
      return "used_more_than_once";
    case NestingReason::aggregate:
      return "aggregate";
    case NestingReason::window:
      return "window";
    case NestingReason::distinct:
      return "distinct";
    case NestingReason::limit:
      return "limit";
    case NestingReason::order_by:
      return "order_by";
    case NestingReason::no_from:
      return "no_from";
    case NestingReason::outer_join:
      return "outer_join";
    case NestingReason::using_or_natural:
      return "using_or_natural";
    case NestingReason::other:
      return "other";
  }
  return "other";
}

Result<Unnesting> unnest(std::string_view sql, const Schema& schema) {
  auto tree = parse_sql(sql);
  if (!tree.ok()) return Error{tree.error()};
  Unnesting out;
  out.sql = std::string(sql);
  Unnester unnester(**tree, schema);
  int rounds = 0;
  while (rounds < kMaxRounds && unnester.round(out)) ++rounds;
  if (rounds == kMaxRounds) unnester.round(out, false);  // list what is left, inlining nothing more
  if (out.inlined.empty()) return out;
  std::string printed = print_sql(**tree);
  // A rewrite that does not parse back is a bug of ours; the caller then keeps the query as written.
  if (!parse_sql(printed).ok()) {
    Unnesting unchanged;
    unchanged.sql = std::string(sql);
    for (const auto& t : out.inlined) unchanged.nested.push_back({t.name, t.cte, NestingReason::other, "rewrite"});
    return unchanged;
  }
  out.sql = std::move(printed);
  return out;
}

nlohmann::json unnesting_json(const Unnesting& u) {
  nlohmann::json inlined = nlohmann::json::array(), nested = nlohmann::json::array();
  for (const auto& t : u.inlined) inlined.push_back({{"name", t.name}, {"kind", t.cte ? "cte" : "subquery"}});
  for (const auto& t : u.nested)
    nested.push_back({{"name", t.name},
                      {"kind", t.cte ? "cte" : "subquery"},
                      {"reason", nesting_reason_name(t.reason)},
                      {"detail", t.detail}});
  return {{"sql", u.sql}, {"changed", u.changed()}, {"inlined", inlined}, {"nested", nested}};
}

}  // namespace chokepoint::sql
