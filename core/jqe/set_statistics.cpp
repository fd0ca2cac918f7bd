// Set statistics: walk every SELECT core's result list and WHERE/HAVING, credit columns to their base tables.
#include "core/jqe/set_statistics.h"

#include <algorithm>
#include <functional>
#include <set>
#include <tuple>

#include "core/sql/parser.h"
#include "core/sql/printer.h"

namespace chokepoint::jqe {
namespace {

using sql::Kind;
using sql::Node;
using sql::Slot;

const Node* strip_parens(const Node* n) {
  while (n && n->kind == Kind::Paren) n = n->get(Slot::This);
  return n;
}

// Pre-order walk of one SELECT core's expression, not entering nested queries (they are scopes of their own).
void walk_scope(const Node& expr, const std::function<void(const Node&)>& visit) {
  sql::walk(expr, [&](const Node& n) {
    if (n.kind == Kind::Subquery || n.kind == Kind::Exists || n.kind == Kind::Select || n.kind == Kind::Compound)
      return &n == &expr && n.kind != Kind::Subquery && n.kind != Kind::Exists;
    visit(n);
    return true;
  });
}

class Counter {
 public:
  Counter(SetStatistics& stats, const std::string& db_id, const sql::NameResolution& names, const Schema& schema)
      : stats_(stats), db_id_(db_id), names_(names), schema_(schema) {}

  void count(const sql::Scope& scope) {
    if (!scope.select) return;
    for (const Node* c : scope.select->list(Slot::Columns))
      walk_scope(*c, [&](const Node& n) {
        if (n.kind != Kind::Column) return;
        if (ColumnStatistics* cs = column_of(&n)) ++cs->projections;
      });
    for (Slot s : {Slot::Where, Slot::Having})
      if (const Node* e = scope.select->get(s)) walk_scope(*e, [&](const Node& n) { predicate(n); });
  }

  void finish() {
    for (const std::string& table : touched_) {
      TableStatistics& ts = stats_.tables[db_id_][table];
      const Table* t = schema_.find_table(ts.table);
      auto position = [&](const std::string& column) {
        for (size_t i = 0; t && i < t->columns.size(); ++i)
          if (iequals(t->columns[i].name, column)) return i;
        return static_cast<size_t>(-1);
      };
      std::stable_sort(ts.columns.begin(), ts.columns.end(), [&](const ColumnStatistics& a, const ColumnStatistics& b) {
        return std::make_tuple(position(a.column), to_lower_ascii(a.column)) <
               std::make_tuple(position(b.column), to_lower_ascii(b.column));
      });
      for (ColumnStatistics& cs : ts.columns)
        std::sort(cs.shapes.begin(), cs.shapes.end(), [](const PredicateShape& a, const PredicateShape& b) {
          if (a.count != b.count) return a.count > b.count;
          return std::make_tuple(a.op, static_cast<int>(a.kind), a.value) <
                 std::make_tuple(b.op, static_cast<int>(b.kind), b.value);
        });
    }
  }

 private:
  // The statistics entry of the base column behind a Column node, or nullptr (string, computed, unresolved).
  ColumnStatistics* column_of(const Node* node) {
    node = strip_parens(node);
    if (!node || node->kind != Kind::Column) return nullptr;
    const sql::ColumnRef* ref = names_.find(node);
    if (!ref || ref->kind != sql::RefKind::TableColumn) return nullptr;
    std::string table, column;
    if (!names_.base_column(*ref, table, column)) return nullptr;
    const Table* t = schema_.find_table(table);
    if (!t) return nullptr;
    const chokepoint::Column* c = t->find_column(column);
    const std::string key = to_lower_ascii(t->name);
    touched_.insert(key);
    TableStatistics& ts = stats_.tables[db_id_][key];
    ts.table = t->name;
    const std::string name = c ? c->name : column;
    for (ColumnStatistics& cs : ts.columns)
      if (iequals(cs.column, name)) return &cs;
    ts.columns.push_back(ColumnStatistics{name, 0, 0, {}});
    return &ts.columns.back();
  }

  bool is_column(const Node* n) {
    n = strip_parens(n);
    if (!n || n->kind != Kind::Column) return false;
    const sql::ColumnRef* ref = names_.find(n);
    return !ref || ref->kind != sql::RefKind::String;
  }

  // A literal's kind and value; other for anything else.
  LiteralKind literal(const Node* n, std::string& value) {
    n = strip_parens(n);
    value.clear();
    if (!n) return LiteralKind::other;
    switch (n->kind) {
      case Kind::Number:
        value = n->text;
        return LiteralKind::number;
      case Kind::String:
        value = n->text;
        return LiteralKind::string;
      case Kind::Null:
        return LiteralKind::null;
      case Kind::Unary: {
        const Node* x = strip_parens(n->get(Slot::This));
        if ((n->text == "-" || n->text == "+") && x && x->kind == Kind::Number) {
          value = (n->text == "-" ? "-" : "") + x->text;
          return LiteralKind::number;
        }
        return LiteralKind::other;
      }
      case Kind::Column: {
        const sql::ColumnRef* ref = names_.find(n);
        const Node* name = n->get(Slot::Name);
        if (ref && ref->kind == sql::RefKind::String && name) {
          value = name->text;
          return LiteralKind::string;
        }
        return LiteralKind::other;
      }
      default:
        return LiteralKind::other;
    }
  }

  void record(const Node* column, std::string op, LiteralKind kind, std::string value) {
    ColumnStatistics* cs = column_of(column);
    if (!cs) return;
    ++cs->predicates;
    for (PredicateShape& s : cs->shapes)
      if (s.op == op && s.kind == kind && s.value == value) {
        ++s.count;
        return;
      }
    cs->shapes.push_back(PredicateShape{std::move(op), kind, std::move(value), 1});
  }

  // A list of literals of one kind printed as written ("'a', 'b'"), or kind other.
  LiteralKind literal_list(const std::vector<const Node*>& items, const char* separator, std::string& value) {
    value.clear();
    LiteralKind kind = LiteralKind::other;
    for (size_t i = 0; i < items.size(); ++i) {
      std::string v;
      LiteralKind k = literal(items[i], v);
      if (k == LiteralKind::other || k == LiteralKind::null || (i > 0 && k != kind))
        return value.clear(), LiteralKind::other;
      kind = k;
      if (i > 0) value += separator;
      value += sql::print_sql(*strip_parens(items[i]));
    }
    return items.empty() ? LiteralKind::other : kind;
  }

  void predicate(const Node& n) {
    static const std::set<std::string> comparisons = {"=", "==", "!=", "<>", "<", "<=", ">", ">="};
    std::string value;
    if (n.kind == Kind::Binary && comparisons.count(n.text)) {
      const Node* l = n.get(Slot::Left);
      const Node* r = n.get(Slot::Right);
      std::string op = n.text == "==" ? "=" : n.text == "<>" ? "!=" : n.text;
      if (is_column(l) && is_column(r)) return;  // a join or a column comparison, not a shape
      if (!is_column(l)) {
        if (!is_column(r)) return;
        std::swap(l, r);
        static const std::map<std::string, std::string> flip = {{"<", ">"}, {"<=", ">="}, {">", "<"}, {">=", "<="}};
        if (flip.count(op)) op = flip.at(op);
      }
      LiteralKind k = literal(r, value);
      record(l, op, k, value);
    } else if (n.kind == Kind::Binary && (n.text == "IS" || n.text == "IS NOT")) {
      const Node* r = strip_parens(n.get(Slot::Right));
      if (is_column(n.get(Slot::Left)) && r && r->kind == Kind::Null)
        record(n.get(Slot::Left), n.text + " NULL", LiteralKind::null, "");
    } else if (n.kind == Kind::Postfix && is_column(n.get(Slot::This))) {
      record(n.get(Slot::This), n.text == "ISNULL" ? "IS NULL" : "IS NOT NULL", LiteralKind::null, "");
    } else if (n.kind == Kind::Like && is_column(n.get(Slot::Left))) {
      LiteralKind k = literal(n.get(Slot::Right), value);
      record(n.get(Slot::Left), (n.has(sql::kNot) ? "NOT " : "") + n.text, k, value);
    } else if (n.kind == Kind::In && is_column(n.get(Slot::This))) {
      std::vector<const Node*> items;
      for (const Node* i : n.list(Slot::Items)) items.push_back(i);
      LiteralKind k = n.get(Slot::Query) || n.get(Slot::Source) ? LiteralKind::other : literal_list(items, ", ", value);
      record(n.get(Slot::This), n.has(sql::kNot) ? "NOT IN" : "IN", k, value);
    } else if (n.kind == Kind::Between && is_column(n.get(Slot::This))) {
      LiteralKind k = literal_list({n.get(Slot::Low), n.get(Slot::High)}, " AND ", value);
      record(n.get(Slot::This), n.has(sql::kNot) ? "NOT BETWEEN" : "BETWEEN", k, value);
    }
  }

  SetStatistics& stats_;
  const std::string& db_id_;
  const sql::NameResolution& names_;
  const Schema& schema_;
  std::set<std::string> touched_;
};

}  // namespace

const char* to_string(LiteralKind kind) {
  switch (kind) {
    case LiteralKind::number:
      return "number";
    case LiteralKind::string:
      return "string";
    case LiteralKind::null:
      return "null";
    case LiteralKind::other:
      return "other";
  }
  return "?";
}

const ColumnStatistics* TableStatistics::find(const std::string& column) const {
  for (const auto& c : columns)
    if (iequals(c.column, column)) return &c;
  return nullptr;
}

const TableStatistics* SetStatistics::find(const std::string& db_id, const std::string& table) const {
  auto db = tables.find(db_id);
  if (db == tables.end()) return nullptr;
  auto t = db->second.find(to_lower_ascii(table));
  return t == db->second.end() ? nullptr : &t->second;
}

void add_query_statistics(SetStatistics& stats, const std::string& db_id, const sql::Node& /*query*/,
                          const sql::NameResolution& names, const Schema& schema) {
  Counter counter(stats, db_id, names, schema);
  for (const sql::Scope& scope : names.scopes) counter.count(scope);
  counter.finish();
  ++stats.queries;
}

void collect_query_statistics(SetStatistics& stats, const StatisticsQuery& q,
                              const std::map<std::string, const Schema*>& schemas) {
  auto schema = schemas.find(q.db_id);
  auto tree = sql::parse_sql(q.sql);
  if (schema == schemas.end() || !schema->second || !tree.ok()) {
    ++stats.skipped;
    return;
  }
  try {
    const sql::NameResolution names = sql::resolve_names(**tree, *schema->second);
    add_query_statistics(stats, q.db_id, **tree, names, *schema->second);
  } catch (const std::exception&) {
    ++stats.skipped;
  }
}

SetStatistics collect_set_statistics(const std::vector<StatisticsQuery>& queries,
                                     const std::map<std::string, const Schema*>& schemas) {
  SetStatistics stats;
  for (const StatisticsQuery& q : queries) collect_query_statistics(stats, q, schemas);
  return stats;
}

}  // namespace chokepoint::jqe
