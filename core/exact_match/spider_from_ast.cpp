// From our AST to Spider's structure. Each mapping names the process_sql.py function whose output it imitates; what
// Spider cannot represent (decisions.md §12) gets the nearest shape: INNER/LEFT JOIN and comma joins as its JOIN,
// select-list aliases dropped, IS NULL as op `is`, IN lists and other values as text (values are ignored by exact
// match anyway), expressions without a Spider form as placeholder columns "__expr__:<text>".
#include "core/exact_match/spider_from_ast.h"

#include <cstdlib>
#include <map>
#include <set>

#include "core/base/text.h"
#include "core/sql/name_resolution.h"
#include "core/sql/parser.h"
#include "core/sql/printer.h"

namespace chokepoint::em {
namespace {

using sql::Kind;
using sql::Node;
using sql::Slot;

const Node* unparen(const Node* n) {
  while (n && n->kind == Kind::Paren && n->get(Slot::This)) n = n->get(Slot::This);
  return n;
}

std::string key_of(const std::string& table, const std::string& column) {
  return "__" + to_lower_ascii(table) + "." + to_lower_ascii(column) + "__";
}

class Builder {
 public:
  Builder(const Schema& schema, const sql::NameResolution& names, const Node& root) : schema_(schema), names_(names) {
    // process_sql.py scan_alias: one alias map for the whole text, the last `AS` of a name winning.
    sql::walk(root, [&](const Node& n) {
      if (n.kind == Kind::Table && n.get(Slot::Alias) && n.get(Slot::Name))
        global_aliases_[to_lower_ascii(n.get(Slot::Alias)->text)] = n.get(Slot::Name)->text;
      return true;
    });
  }

  // process_sql.py parse_sql: one SELECT, with INTERSECT/UNION/EXCEPT nested to the right.
  SpiderSql query(const Node& q) {
    if (++depth_ > 200) {
      --depth_;
      return empty_spider_sql();
    }
    size_t visible = ctes_.size();
    if (const Node* with = q.get(Slot::With))
      for (const Node* cte : with->list(Slot::Ctes))
        if (const Node* name = cte->get(Slot::Name))
          ctes_.push_back({to_lower_ascii(name->text), cte->get(Slot::Query)});
    SpiderSql out;
    if (q.kind == Kind::Compound) {
      std::vector<const Node*> arms;
      std::vector<std::string> ops;
      flatten_compound(q, arms, ops);
      std::vector<SpiderSql> built;
      for (const Node* arm : arms) built.push_back(arm->kind == Kind::Select ? select(*arm) : query(*arm));
      // ORDER BY / LIMIT of the compound follow the last SELECT in the text, where Spider's parser reads them.
      if (!built.empty()) {
        const Node* last = arms.back();
        order_and_limit(q, last->kind == Kind::Select ? last : nullptr, built.back());
      }
      for (size_t i = built.size(); i-- > 1;) {
        auto next = std::make_shared<const SpiderSql>(std::move(built[i]));
        const std::string& op = ops[i - 1];
        if (op == "INTERSECT")
          built[i - 1].intersect = next;
        else if (op == "EXCEPT")
          built[i - 1].except_ = next;
        else
          built[i - 1].union_ = next;  // UNION and UNION ALL
      }
      if (!built.empty()) out = std::move(built.front());
    } else if (q.kind == Kind::Select) {
      out = select(q);
    }
    ctes_.resize(visible);
    --depth_;
    return out;
  }

 private:
  struct FromTable {
    std::string table;  // schema table (lower case) for base tables, "" otherwise
  };

  void flatten_compound(const Node& q, std::vector<const Node*>& arms, std::vector<std::string>& ops) {
    const Node* l = q.get(Slot::Left);
    const Node* r = q.get(Slot::Right);
    auto is_plain_compound = [](const Node* n) {
      return n && n->kind == Kind::Compound && !n->get(Slot::With) && n->list(Slot::OrderBy).empty() &&
             !n->get(Slot::Limit);
    };
    if (is_plain_compound(l))
      flatten_compound(*l, arms, ops);
    else if (l)
      arms.push_back(l);
    ops.push_back(q.text);
    if (is_plain_compound(r))
      flatten_compound(*r, arms, ops);
    else if (r)
      arms.push_back(r);
    while (ops.size() + 1 > arms.size() && !ops.empty()) ops.pop_back();
  }

  // process_sql.py parse_select, parse_from, parse_where, parse_group_by, parse_having, parse_order_by, parse_limit
  SpiderSql select(const Node& s) {
    SpiderSql out;
    if (s.has(sql::kDistinct)) out.distinct = Tri::True;
    std::vector<FromTable> seen;
    from_list(s, out, seen);
    for (const Node* c : s.list(Slot::Columns)) out.select.push_back(select_item(*c));
    if (const Node* w = s.get(Slot::Where)) condition(*w, out.where);
    for (const Node* g : s.list(Slot::GroupBy)) out.group_by.push_back(col_unit(*g));
    if (const Node* h = s.get(Slot::Having)) condition(*h, out.having);
    order_and_limit(s, &s, out);
    return out;
  }

  void order_and_limit(const Node& owner, const Node* select_node, SpiderSql& out) {
    std::vector<Node*> order = owner.list(Slot::OrderBy);
    if (!order.empty()) {
      out.has_order = true;
      out.order_by.clear();
      out.order_desc = false;
      for (const Node* o : order) {
        const Node* e = o->kind == Kind::Ordering ? o->get(Slot::This) : o;
        if (!e) continue;
        out.order_by.push_back(order_item(*e, select_node, out));
        if (o->kind == Kind::Ordering && !o->text.empty()) out.order_desc = iequals(o->text, "DESC");
      }
    }
    if (owner.get(Slot::Limit)) out.limit = 1;  // parse_limit stores 1 whatever the number
  }

  // ORDER BY k (a result column's position) orders by that select item.
  ValUnit order_item(const Node& e, const Node* select_node, const SpiderSql& out) {
    const Node* u = unparen(&e);
    if (select_node && u->kind == Kind::Number) {
      char* end = nullptr;
      long k = std::strtol(u->text.c_str(), &end, 10);
      if (end && *end == 0 && k >= 1 && static_cast<size_t>(k) <= out.select.size()) {
        SelectItem item = out.select[static_cast<size_t>(k - 1)];
        if (item.val_unit.op == kUnitNone && item.val_unit.col1.agg == kAggNone) item.val_unit.col1.agg = item.agg;
        return item.val_unit;
      }
    }
    return val_unit(e);
  }

  // process_sql.py parse_from: table units left to right, every ON condition appended with 'and'.
  void from_list(const Node& owner, SpiderSql& out, std::vector<FromTable>& seen) {
    for (const Node* f : owner.list(Slot::From)) {
      if (f->kind == Kind::Join) {
        const Node* src = f->get(Slot::Source);
        size_t before = seen.size();
        if (src) source(*src, out, seen);
        if (const Node* on = f->get(Slot::On)) {
          Condition c;
          condition(*on, c);
          append_condition(out.from_conds, c);
        }
        std::vector<Node*> using_cols = f->list(Slot::Using);
        if (!using_cols.empty()) {
          Condition c;
          for (const Node* u : using_cols) {
            if (!c.units.empty()) c.conj.push_back(Conj::And);
            c.units.push_back(using_condition(u->text, seen, before));
          }
          append_condition(out.from_conds, c);
        }
      } else {
        source(*f, out, seen);
      }
    }
  }

  static void append_condition(Condition& into, const Condition& c) {
    if (c.empty()) return;
    if (!into.empty()) into.conj.push_back(Conj::And);
    into.units.insert(into.units.end(), c.units.begin(), c.units.end());
    into.conj.insert(into.conj.end(), c.conj.begin(), c.conj.end());
  }

  // JOIN ... USING (c): the first earlier table with column c equals the joined table's c.
  CondUnit using_condition(const std::string& column, const std::vector<FromTable>& seen, size_t joined) {
    std::string left = "__" + to_lower_ascii(column) + "__", right = left;
    for (size_t i = 0; i < joined && i < seen.size(); ++i) {
      const Table* t = schema_.find_table(seen[i].table);
      if (t && t->find_column(column)) {
        left = key_of(seen[i].table, column);
        break;
      }
    }
    if (joined < seen.size() && !seen[joined].table.empty()) right = key_of(seen[joined].table, column);
    CondUnit u;
    u.op = kOpEq;
    u.val_unit.col1.column = left;
    u.val1 = Value::of_column(ColUnit{kAggNone, right, Tri::False});
    return u;
  }

  void source(const Node& src, SpiderSql& out, std::vector<FromTable>& seen) {
    if (src.kind == Kind::JoinGroup) {
      from_list(src, out, seen);
      return;
    }
    TableUnit tu;
    if (src.kind == Kind::Subquery) {
      tu.is_sql = true;
      const Node* q = src.get(Slot::Query);
      tu.sql = std::make_shared<const SpiderSql>(q ? query(*q) : empty_spider_sql());
      seen.push_back({""});
    } else if (src.kind == Kind::Table) {
      const Node* name = src.get(Slot::Name);
      std::string n = name ? name->text : "";
      const Node* cte = src.get(Slot::Schema) ? nullptr : find_cte(n);
      // A recursive CTE names itself in its own body: that reference is read as a table, else each expansion
      // would expand it again until the nesting guard stops it (a recursive CTE cost milliseconds per query).
      const std::string key = to_lower_ascii(n);
      if (cte && !expanding_.count(key)) {
        tu.is_sql = true;
        expanding_.insert(key);
        tu.sql = std::make_shared<const SpiderSql>(query(*cte));
        expanding_.erase(key);
        seen.push_back({""});
      } else {
        const Table* t = schema_.find_table(n);
        std::string table = to_lower_ascii(t ? t->name : n);
        tu.table = "__" + table + "__";
        seen.push_back({table});
      }
    } else {
      return;
    }
    out.from.push_back(std::move(tu));
  }

  const Node* find_cte(const std::string& name) const {
    std::string n = to_lower_ascii(name);
    for (size_t i = ctes_.size(); i-- > 0;)
      if (ctes_[i].first == n) return ctes_[i].second;
    return nullptr;
  }

  // process_sql.py parse_select: an aggregate over the whole item is the item's agg_id.
  SelectItem select_item(const Node& c) {
    const Node* e = &c;
    if (e->kind == Kind::Alias && e->get(Slot::This)) e = e->get(Slot::This);
    SelectItem item;
    if (e->kind == Kind::Star) {
      item.val_unit.col1.column = "__all__";
      return item;
    }
    if (int agg = aggregate_of(*e); agg > 0) {
      item.agg = agg;
      if (e->has(sql::kStar)) {
        item.val_unit.col1.column = "__all__";
      } else {
        item.val_unit = val_unit(*e->list(Slot::Args).front());
        if (e->has(sql::kDistinct)) item.val_unit.col1.distinct = Tri::True;
      }
      return item;
    }
    item.val_unit = val_unit(*e);
    return item;
  }

  // AGG_OPS index of a plain aggregate call (one argument or `*`, no FILTER or OVER), else 0.
  static int aggregate_of(const Node& e) {
    if (e.kind != Kind::Function || e.get(Slot::Over) || e.get(Slot::Filter)) return 0;
    int agg = agg_id(to_lower_ascii(e.text));
    if (agg <= 0) return 0;
    size_t args = e.list(Slot::Args).size();
    if (e.has(sql::kStar) ? args != 0 : args != 1) return 0;
    return agg;
  }

  // process_sql.py parse_val_unit: col_unit [op col_unit].
  ValUnit val_unit(const Node& e) {
    const Node* u = unparen(&e);
    if (const Node* aliased = select_alias_target(*u)) return guarded_val_unit(*aliased);
    ValUnit v;
    if (u->kind == Kind::Binary && u->get(Slot::Left) && u->get(Slot::Right)) {
      int op = u->text == "-"   ? kUnitMinus
               : u->text == "+" ? kUnitPlus
               : u->text == "*" ? kUnitTimes
               : u->text == "/" ? kUnitDivide
                                : kUnitNone;
      if (op != kUnitNone) {
        v.op = op;
        v.col1 = col_unit(*u->get(Slot::Left));
        v.col2 = col_unit(*u->get(Slot::Right));
        return v;
      }
    }
    v.col1 = col_unit(*u);
    return v;
  }

  ValUnit guarded_val_unit(const Node& e) {
    if (++alias_depth_ > 8) {
      --alias_depth_;
      ValUnit v;
      v.col1 = placeholder(e);
      return v;
    }
    ValUnit v = val_unit(e);
    --alias_depth_;
    return v;
  }

  // process_sql.py parse_col_unit: [agg(] [distinct] column [)].
  ColUnit col_unit(const Node& e) {
    const Node* u = unparen(&e);
    if (const Node* aliased = select_alias_target(*u)) {
      if (++alias_depth_ > 8) {
        --alias_depth_;
        return placeholder(*u);
      }
      ColUnit c = col_unit(*aliased);
      --alias_depth_;
      return c;
    }
    if (u->kind == Kind::Star) return ColUnit{kAggNone, "__all__", Tri::False};
    if (u->kind == Kind::Column) {
      const sql::ColumnRef* ref = names_.find(u);
      if (ref && ref->kind == sql::RefKind::String) return placeholder(*u);
      return ColUnit{kAggNone, column_key(*u), Tri::False};
    }
    if (int agg = aggregate_of(*u); agg > 0) {
      Tri distinct = u->has(sql::kDistinct) ? Tri::True : Tri::False;
      if (u->has(sql::kStar)) return ColUnit{agg, "__all__", distinct};
      const Node* arg = unparen(u->list(Slot::Args).front());
      if (arg->kind == Kind::Star) return ColUnit{agg, "__all__", distinct};
      if (arg->kind == Kind::Column) {
        const sql::ColumnRef* ref = names_.find(arg);
        if (!ref || ref->kind != sql::RefKind::String) return ColUnit{agg, column_key(*arg), distinct};
      }
    }
    return placeholder(*u);
  }

  // An expression Spider has no col_unit for: its text with every column written as its Spider key.
  ColUnit placeholder(const Node& e) {
    sql::NodePtr copy = sql::clone(e);
    std::vector<const Node*> originals = sql::find_all(e, Kind::Column);
    std::vector<Node*> copies = sql::find_all(*copy, Kind::Column);
    for (size_t i = 0; i < originals.size() && i < copies.size(); ++i) {
      const sql::ColumnRef* ref = names_.find(originals[i]);
      if (ref && ref->kind == sql::RefKind::String) continue;
      std::string key = column_key(*originals[i]);
      if (copies[i] == copy.get()) return ColUnit{kAggNone, key, Tri::False};
      sql::replace(*copies[i], sql::make_column("", key));
    }
    return ColUnit{kAggNone, "__expr__:" + to_lower_ascii(sql::print_sql(*copy)), Tri::False};
  }

  // A result-column alias used in ORDER BY / HAVING / WHERE: the aliased expression.
  const Node* select_alias_target(const Node& e) const {
    if (e.kind != Kind::Column) return nullptr;
    const sql::ColumnRef* ref = names_.find(&e);
    if (!ref || ref->kind != sql::RefKind::SelectAlias || ref->scope < 0 ||
        ref->scope >= static_cast<int>(names_.scopes.size()))
      return nullptr;
    const Node* sel = names_.scopes[static_cast<size_t>(ref->scope)].select;
    const Node* name = e.get(Slot::Name);
    if (!sel || !name) return nullptr;
    for (const Node* c : sel->list(Slot::Columns)) {
      const Node* a = c->kind == Kind::Alias ? c->get(Slot::Alias) : nullptr;
      if (a && iequals(a->text, name->text)) return c->get(Slot::This);
    }
    return nullptr;
  }

  // Spider's column key: "__table.column__" through aliases and (tracing base columns) derived tables.
  std::string column_key(const Node& column) const {
    const Node* name = column.get(Slot::Name);
    std::string col = name ? name->text : "";
    // process_sql.py parse_col: "alias.column" goes through the query-wide alias map (so T1 in the first arm of an
    // INTERSECT means the table the last "AS T1" names), a table name stands for itself.
    if (const Node* q = column.get(Slot::Table); q && !column.get(Slot::Schema)) {
      if (const Table* t = schema_.find_table(q->text)) return key_of(t->name, col);
      auto a = global_aliases_.find(to_lower_ascii(q->text));
      if (a != global_aliases_.end()) {
        const Table* t = schema_.find_table(a->second);
        return key_of(t ? t->name : a->second, col);
      }
    }
    const sql::ColumnRef* ref = names_.find(&column);
    if (ref && ref->kind == sql::RefKind::TableColumn && ref->instance >= 0 &&
        ref->instance < static_cast<int>(names_.instances.size())) {
      const sql::TableInstance& inst = names_.instances[static_cast<size_t>(ref->instance)];
      if (!inst.derived) return key_of(inst.table, ref->column);
      std::string bt, bc;
      if (names_.base_column(*ref, bt, bc) && !bt.empty()) {
        const Table* t = schema_.find_table(bt);
        return key_of(t ? t->name : bt, bc);
      }
      return key_of(inst.ref_name(), ref->column);
    }
    const Node* table = column.get(Slot::Table);
    return table ? key_of(table->text, col) : "__" + to_lower_ascii(col) + "__";
  }

  // process_sql.py parse_value: a query, a quoted string, a number, else a column.
  Value value(const Node& e) {
    const Node* u = unparen(&e);
    switch (u->kind) {
      case Kind::Number:
        return Value::of_number(number(u->text));
      case Kind::Unary:
        if (const Node* t = unparen(u->get(Slot::This));
            t && t->kind == Kind::Number && (u->text == "-" || u->text == "+"))
          return Value::of_number(u->text == "-" ? -number(t->text) : number(t->text));
        break;
      case Kind::String:
        return Value::of_text("\"" + u->text + "\"");
      case Kind::Null:
        return Value::none();
      case Kind::Subquery:
        if (const Node* q = u->get(Slot::Query)) return Value::of_query(query(*q));
        break;
      case Kind::Column: {
        const sql::ColumnRef* ref = names_.find(u);
        const Node* name = u->get(Slot::Name);
        if (ref && ref->kind == sql::RefKind::String && name) return Value::of_text("\"" + name->text + "\"");
        return Value::of_column(col_unit(*u));
      }
      case Kind::Star:
      case Kind::Function:
      case Kind::Binary:
        return Value::of_column(val_unit(*u).col1);
      default:
        break;
    }
    return Value::of_text(to_lower_ascii(sql::print_sql(*u)));
  }

  static double number(const std::string& text) {
    if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
      return static_cast<double>(std::strtoll(text.c_str() + 2, nullptr, 16));
    return std::strtod(text.c_str(), nullptr);
  }

  // process_sql.py parse_condition: a flat list, AND/OR in written order, parentheses dropped. parse_value reads a
  // column value by skipping to the next ',', ')', AND or clause keyword, so "a = T2.b OR c = 1 AND d = 2" loses
  // "OR c = 1": conditions joined by OR after a column value are dropped likewise.
  void condition(const Node& e, Condition& out) {
    Condition flat;
    flatten_condition(e, flat);
    out = Condition{};
    for (size_t i = 0; i < flat.units.size();) {
      out.units.push_back(flat.units[i]);
      const CondUnit& u = flat.units[i];
      bool column_value = (u.op == kOpBetween ? u.val2 : u.val1).kind == Value::Kind::Column;
      size_t j = i;
      if (column_value)
        while (j < flat.conj.size() && flat.conj[j] == Conj::Or) ++j;
      if (j < flat.conj.size() && j + 1 < flat.units.size()) {
        out.conj.push_back(flat.conj[j]);
        i = j + 1;
      } else {
        break;
      }
    }
  }

  void flatten_condition(const Node& e, Condition& out) {
    const Node* u = unparen(&e);
    if (u->kind == Kind::Binary && (u->text == "AND" || u->text == "OR") && u->get(Slot::Left) && u->get(Slot::Right)) {
      flatten_condition(*u->get(Slot::Left), out);
      out.conj.push_back(u->text == "AND" ? Conj::And : Conj::Or);
      flatten_condition(*u->get(Slot::Right), out);
      return;
    }
    out.units.push_back(cond_unit(*u));
  }

  CondUnit cond_unit(const Node& e) {
    const Node* u = unparen(&e);
    CondUnit c;
    const Node* l = u->get(Slot::Left);
    const Node* r = u->get(Slot::Right);
    switch (u->kind) {
      case Kind::Unary:
        if (u->text == "NOT" && u->get(Slot::This)) {
          const Node* inner = unparen(u->get(Slot::This));
          if (!(inner->kind == Kind::Binary && (inner->text == "AND" || inner->text == "OR"))) {
            c = cond_unit(*inner);
            c.not_op = !c.not_op;
            return c;
          }
        }
        break;
      case Kind::Binary: {
        static const std::pair<const char*, int> kOps[] = {{"=", kOpEq},
                                                           {"==", kOpEq},
                                                           {"!=", kOpNe},
                                                           {"<>", kOpNe},
                                                           {"<", kOpLt},
                                                           {"<=", kOpLe},
                                                           {">", kOpGt},
                                                           {">=", kOpGe},
                                                           {"IS", kOpIs},
                                                           {"IS NOT", kOpIs},
                                                           {"IS NOT DISTINCT FROM", kOpIs},
                                                           {"IS DISTINCT FROM", kOpIs}};
        for (const auto& [text, op] : kOps) {
          if (u->text != text || !l || !r) continue;
          c.op = op;
          c.not_op = u->text == "IS NOT" || u->text == "IS DISTINCT FROM";
          c.val_unit = val_unit(*l);
          c.val1 = value(*r);
          return c;
        }
        break;
      }
      case Kind::Like:
        if (!l || !r) break;
        c.op = kOpLike;
        c.not_op = u->has(sql::kNot);
        c.val_unit = val_unit(*l);
        c.val1 = value(*r);
        return c;
      case Kind::In: {
        const Node* t = u->get(Slot::This);
        if (!t) break;
        c.op = kOpIn;
        c.not_op = u->has(sql::kNot);
        c.val_unit = val_unit(*t);
        if (const Node* q = u->get(Slot::Query)) {
          c.val1 = Value::of_query(query(*q));
        } else if (const Node* src = u->get(Slot::Source)) {
          c.val1 = Value::of_text(to_lower_ascii(sql::print_sql(*src)));
        } else if (u->list(Slot::Items).size() == 1) {
          c.val1 = value(*u->list(Slot::Items).front());  // "IN (v)": parse_value reads a parenthesised value
        } else {
          std::string list = "(";
          for (const Node* item : u->list(Slot::Items)) {
            if (list.size() > 1) list += ", ";
            list += sql::print_sql(*item);
          }
          c.val1 = Value::of_text(list + ")");
        }
        return c;
      }
      case Kind::Between: {
        const Node* t = u->get(Slot::This);
        const Node* lo = u->get(Slot::Low);
        const Node* hi = u->get(Slot::High);
        if (!t || !lo || !hi) break;
        c.op = kOpBetween;
        c.not_op = u->has(sql::kNot);
        c.val_unit = val_unit(*t);
        c.val1 = value(*lo);
        c.val2 = value(*hi);
        return c;
      }
      case Kind::Exists:
        c.op = kOpExists;
        c.val_unit.col1.column = "__all__";
        if (const Node* q = u->get(Slot::Query)) c.val1 = Value::of_query(query(*q));
        return c;
      case Kind::Postfix:
        if (!u->get(Slot::This)) break;
        c.op = kOpIs;
        c.not_op = u->text != "ISNULL";
        c.val_unit = val_unit(*u->get(Slot::This));
        return c;
      default:
        break;
    }
    // Anything else used as a condition reads as "expr = 1".
    c.op = kOpEq;
    c.val_unit = val_unit(*u);
    c.val1 = Value::of_number(1);
    return c;
  }

  const Schema& schema_;
  const sql::NameResolution& names_;
  std::vector<std::pair<std::string, const Node*>> ctes_;
  std::set<std::string> expanding_;                    // CTEs whose bodies are being read (lowercase names)
  std::map<std::string, std::string> global_aliases_;  // lower-case alias -> table name as written
  int depth_ = 0;
  int alias_depth_ = 0;
};

}  // namespace

SpiderSql spider_sql_from_ast(const sql::Node& query, const Schema& schema) {
  sql::NameResolution names = sql::resolve_names(query, schema);
  Builder b(schema, names, query);
  return b.query(query);
}

Result<SpiderSql> spider_sql_from_text(std::string_view text, const Schema& schema) {
  auto tree = sql::parse_sql(text);
  if (!tree.ok()) return Error{tree.error()};
  return spider_sql_from_ast(**tree, schema);
}

}  // namespace chokepoint::em
