// Name resolution: one pass over the tree that opens a Scope per SELECT core, registers its FROM tables as
// instances, then binds each Column node by SQLite's lookup order. CTEs are visible to the query that declares
// them and to later CTEs (and to themselves when RECURSIVE).
#include "core/sql/name_resolution.h"

#include "core/sql/printer.h"

namespace chokepoint::sql {
namespace {

struct CteDef {
  std::string name;
  std::vector<DerivedColumn> columns;
};

bool is_rowid(const std::string& name) {
  return iequals(name, "rowid") || iequals(name, "oid") || iequals(name, "_rowid_");
}

const Node* without_parens(const Node* n) {
  while (n && n->kind == Kind::Paren) n = n->get(Slot::This);
  return n;
}

class Resolver {
 public:
  Resolver(const Schema& schema, NameResolution& r) : schema_(schema), r_(r) {}

  std::vector<DerivedColumn> query(const Node& q, int parent, std::vector<CteDef> ctes, bool is_main) {
    if (const Node* with = q.get(Slot::With)) {
      bool recursive = with->has(kRecursive);
      for (const auto& c : with->children) {
        if (c.slot != Slot::Ctes) continue;
        const Node& cte = *c.node;
        const Node* name = cte.get(Slot::Name);
        CteDef def{name ? name->text : std::string(), {}};
        std::vector<Node*> declared = cte.list(Slot::Columns);
        for (const Node* d : declared) def.columns.push_back({d->text, "", ""});
        std::vector<CteDef> visible = ctes;
        if (recursive) visible.push_back(def);
        std::vector<DerivedColumn> out;
        if (const Node* body = cte.get(Slot::Query)) out = query(*body, parent, visible, false);
        if (declared.empty()) {
          def.columns = out;
        } else {
          for (size_t k = 0; k < def.columns.size() && k < out.size(); ++k) {
            def.columns[k].base_table = out[k].base_table;
            def.columns[k].base_column = out[k].base_column;
          }
        }
        ctes.push_back(std::move(def));
      }
    }
    if (q.kind == Kind::Compound) {
      // The leftmost SELECT opens the next scope (arms carry no WITH); ORDER BY of a compound names its result
      // columns.
      int order_scope = static_cast<int>(r_.scopes.size());
      std::vector<DerivedColumn> out;
      if (const Node* l = q.get(Slot::Left)) out = query(*l, parent, ctes, is_main);
      if (const Node* rgt = q.get(Slot::Right)) query(*rgt, parent, ctes, false);
      if (order_scope >= static_cast<int>(r_.scopes.size())) return out;
      for (const auto& c : q.children)
        if (c.slot == Slot::OrderBy || c.slot == Slot::Limit || c.slot == Slot::Offset)
          expr(*c.node, order_scope, ctes);
      return out;
    }
    if (q.kind != Kind::Select) return {};
    return select(q, parent, ctes, is_main);
  }

 private:
  std::vector<DerivedColumn> select(const Node& s, int parent, const std::vector<CteDef>& ctes, bool is_main) {
    int id = static_cast<int>(r_.scopes.size());
    r_.scopes.push_back(Scope{id, parent, &s, {}});
    aliases_.emplace_back();
    for (const auto& c : s.children)
      if (c.slot == Slot::Columns && c.node->kind == Kind::Alias)
        if (const Node* a = c.node->get(Slot::Alias)) aliases_[id].push_back(a->text);
    if (is_main) r_.main_scope = id;
    from(s, id, ctes);
    for (const auto& c : s.children) {
      if (c.slot == Slot::From || c.slot == Slot::With) continue;
      expr(*c.node, id, ctes);
    }
    std::vector<DerivedColumn> out;
    for (const auto& c : s.children)
      if (c.slot == Slot::Columns) output_columns(*c.node, id, out);
    return out;
  }

  void from(const Node& owner, int scope, const std::vector<CteDef>& ctes) {
    for (const auto& c : owner.children) {
      if (c.slot != Slot::From) continue;
      const Node& item = *c.node;
      if (item.kind == Kind::Join) {
        if (const Node* src = item.get(Slot::Source)) source(*src, scope, ctes);
      } else {
        source(item, scope, ctes);
      }
    }
    // ON conditions may name any table of the FROM clause, so bind them once all instances exist.
    for (const auto& c : owner.children)
      if (c.slot == Slot::From && c.node->kind == Kind::Join)
        if (const Node* on = c.node->get(Slot::On)) expr(*on, scope, ctes);
  }

  void source(const Node& src, int scope, const std::vector<CteDef>& ctes) {
    if (src.kind == Kind::JoinGroup) {
      from(src, scope, ctes);
      return;
    }
    TableInstance inst;
    inst.scope = scope;
    inst.source = &src;
    if (const Node* a = src.get(Slot::Alias)) inst.alias = a->text;
    if (src.kind == Kind::Subquery) {
      inst.derived = inst.known = true;
      if (const Node* q = src.get(Slot::Query)) inst.columns = query(*q, scope, ctes, false);
    } else if (src.kind == Kind::Table) {
      const Node* name = src.get(Slot::Name);
      std::string n = name ? name->text : std::string();
      const CteDef* cte = nullptr;
      if (!src.get(Slot::Schema))
        for (auto it = ctes.rbegin(); it != ctes.rend() && !cte; ++it)
          if (iequals(it->name, n)) cte = &*it;
      if (cte) {
        inst.table = cte->name;
        inst.derived = inst.known = true;
        inst.columns = cte->columns;
      } else if (const Table* t = schema_.find_table(n)) {
        inst.table = t->name;
        inst.known = true;
      } else {
        inst.table = n;
      }
    } else {
      return;
    }
    inst.id = static_cast<int>(r_.instances.size());  // after the subquery registered its own instances
    r_.scopes[scope].instances.push_back(inst.id);
    r_.instances.push_back(std::move(inst));
  }

  void expr(const Node& n, int scope, const std::vector<CteDef>& ctes) {
    switch (n.kind) {
      case Kind::Select:
      case Kind::Compound:
        query(n, scope, ctes, false);
        return;
      case Kind::Column:
        column(n, scope);
        return;
      case Kind::Alias:
        if (const Node* e = n.get(Slot::This)) expr(*e, scope, ctes);
        return;
      case Kind::In:
        for (const auto& c : n.children)
          if (c.slot != Slot::Source) expr(*c.node, scope, ctes);
        return;
      case Kind::Star:
      case Kind::Identifier:
        return;
      default:
        for (const auto& c : n.children) expr(*c.node, scope, ctes);
    }
  }

  // Spelling of `name` among the columns of instance `inst`, or nullptr.
  const std::string* find_column(const TableInstance& inst, const std::string& name) const {
    if (inst.derived) {
      for (const auto& c : inst.columns)
        if (iequals(c.name, name)) return &c.name;
      return nullptr;
    }
    const Table* t = schema_.find_table(inst.table);
    if (!t) return nullptr;
    const Column* c = t->find_column(name);
    return c ? &c->name : nullptr;
  }

  void column(const Node& c, int scope) {
    ColumnRef ref;
    ref.node = &c;
    ref.scope = scope;
    const Node* name_node = c.get(Slot::Name);
    const Node* table_node = c.get(Slot::Table);
    std::string name = name_node ? name_node->text : std::string();
    for (int s = scope; s >= 0 && ref.kind == RefKind::Unresolved; s = r_.scopes[s].parent) {
      for (int id : r_.scopes[s].instances) {
        const TableInstance& inst = r_.instances[id];
        if (table_node && !iequals(inst.ref_name(), table_node->text)) continue;
        const std::string* spelled = find_column(inst, name);
        bool rowid = !spelled && !inst.derived && is_rowid(name);
        if (!spelled && !rowid && !table_node) continue;
        ref.kind = RefKind::TableColumn;
        ref.instance = id;
        ref.column = spelled ? *spelled : name;
        break;
      }
      if (ref.kind == RefKind::Unresolved && !table_node)
        for (const auto& a : aliases_[s])
          if (iequals(a, name)) {
            ref.kind = RefKind::SelectAlias;
            ref.column = a;
            break;
          }
    }
    if (ref.kind == RefKind::Unresolved && !table_node && name_node && name_node->quote == '"')
      ref.kind = RefKind::String;
    r_.columns.push_back(std::move(ref));
  }

  DerivedColumn origin_of(const Node* e, std::string name) const {
    DerivedColumn d{std::move(name), "", ""};
    e = without_parens(e);
    if (e && e->kind == Kind::Column)
      if (const ColumnRef* ref = r_.find(e)) r_.base_column(*ref, d.base_table, d.base_column);
    return d;
  }

  void output_columns(const Node& col, int scope, std::vector<DerivedColumn>& out) const {
    if (col.kind == Kind::Star) {
      const Node* t = col.get(Slot::Table);
      for (int id : r_.scopes[scope].instances) {
        const TableInstance& inst = r_.instances[id];
        if (t && !iequals(inst.ref_name(), t->text)) continue;
        if (inst.derived) {
          out.insert(out.end(), inst.columns.begin(), inst.columns.end());
        } else if (const Table* tab = schema_.find_table(inst.table)) {
          for (const auto& c : tab->columns) out.push_back({c.name, tab->name, c.name});
        }
      }
      return;
    }
    if (col.kind == Kind::Alias) {
      const Node* a = col.get(Slot::Alias);
      out.push_back(origin_of(col.get(Slot::This), a ? a->text : std::string()));
      return;
    }
    const Node* e = without_parens(&col);
    if (e && e->kind == Kind::Column) {
      const Node* n = e->get(Slot::Name);
      out.push_back(origin_of(e, n ? n->text : std::string()));
      return;
    }
    out.push_back({print_sql(col), "", ""});
  }

  const Schema& schema_;
  NameResolution& r_;
  std::vector<std::vector<std::string>> aliases_;  // per scope: result-column aliases
};

}  // namespace

const ColumnRef* NameResolution::find(const Node* column) const {
  for (const auto& c : columns)
    if (c.node == column) return &c;
  return nullptr;
}

bool NameResolution::base_column(const ColumnRef& ref, std::string& table, std::string& column) const {
  if (ref.kind != RefKind::TableColumn || ref.instance < 0) return false;
  const TableInstance& inst = instances[ref.instance];
  if (!inst.derived) {
    if (!inst.known) return false;
    table = inst.table;
    column = ref.column;
    return true;
  }
  for (const auto& c : inst.columns)
    if (iequals(c.name, ref.column) && !c.base_table.empty()) {
      table = c.base_table;
      column = c.base_column;
      return true;
    }
  return false;
}

std::vector<std::string> NameResolution::columns_of(int instance, const Schema& schema) const {
  std::vector<std::string> out;
  const TableInstance& inst = instances[instance];
  if (inst.derived) {
    for (const auto& c : inst.columns) out.push_back(c.name);
  } else if (const Table* t = schema.find_table(inst.table)) {
    for (const auto& c : t->columns) out.push_back(c.name);
  }
  return out;
}

NameResolution resolve_names(const Node& query, const Schema& schema) {
  NameResolution r;
  Resolver(schema, r).query(query, -1, {}, true);
  return r;
}

}  // namespace chokepoint::sql
