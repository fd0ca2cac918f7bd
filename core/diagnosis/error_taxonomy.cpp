// Error taxonomy rules (see error_taxonomy.h).
#include "core/diagnosis/error_taxonomy.h"

#include <algorithm>
#include <set>

#include "core/base/text.h"
#include "core/sql/join_query_graph.h"
#include "core/sql/name_resolution.h"
#include "core/sql/parser.h"
#include "core/sql/printer.h"

namespace chokepoint::diagnosis {
namespace {

using Names = std::set<std::string>;

std::string joined(const Names& s) {
  std::string out = "{";
  for (const auto& x : s) out += (out.size() > 1 ? ", " : "") + x;
  return out + "}";
}

// Excessive when a strict superset, missing when a strict subset, incorrect otherwise.
ErrorDirection compare_sets(const Names& pred, const Names& gold) {
  if (pred == gold) return ErrorDirection::None;
  if (std::includes(pred.begin(), pred.end(), gold.begin(), gold.end())) return ErrorDirection::Excessive;
  if (std::includes(gold.begin(), gold.end(), pred.begin(), pred.end())) return ErrorDirection::Missing;
  return ErrorDirection::Incorrect;
}

struct Analysed {
  sql::NodePtr tree;
  sql::NameResolution names;
};

Result<Analysed> analyse(const std::string& text, const Schema& schema) {
  auto tree = sql::parse_sql(text);
  if (!tree.ok()) return Error{tree.error()};
  Analysed a{std::move(*tree), {}};
  a.names = sql::resolve_names(*a.tree, schema);
  return a;
}

Names tables_of(const Analysed& a) {
  Names out;
  for (const auto& inst : a.names.instances)
    if (!inst.derived && inst.known && !inst.table.empty()) out.insert(to_lower_ascii(inst.table));
  return out;
}

// Base columns (table.column) referenced in the main SELECT list; "*" and "t.*" count as table.*.
Names selected_columns(const Analysed& a) {
  Names out;
  if (a.names.main_scope < 0) return out;
  const sql::Node* select = a.names.scopes[static_cast<size_t>(a.names.main_scope)].select;
  if (!select) return out;
  for (const sql::Node* item : select->list(sql::Slot::Columns)) {
    sql::walk(*item, [&](const sql::Node& n) {
      if (n.kind == sql::Kind::Star) {
        const sql::Node* t = n.get(sql::Slot::Table);
        out.insert((t ? to_lower_ascii(t->text) : std::string("")) + ".*");
        return false;
      }
      if (n.kind == sql::Kind::Subquery) return false;
      if (n.kind != sql::Kind::Column) return true;
      const sql::ColumnRef* ref = a.names.find(&n);
      std::string table, column;
      if (ref && ref->kind == sql::RefKind::TableColumn && a.names.base_column(*ref, table, column))
        out.insert(to_lower_ascii(table) + "." + to_lower_ascii(column));
      else if (ref && ref->kind == sql::RefKind::TableColumn)
        out.insert("?." + to_lower_ascii(ref->column));
      return false;
    });
  }
  return out;
}

// Join pairs of every scope, each written "a.x = b.y" with the sides in sorted order.
Names join_pairs(const Analysed& a, const Schema& schema) {
  Names out;
  for (const auto& g : sql::build_join_query_graphs(a.names, schema))
    for (const auto& e : g.edges)
      for (const auto& c : e.conditions) {
        std::string l = to_lower_ascii(c.left_table + "." + c.left_column);
        std::string r = to_lower_ascii(c.right_table + "." + c.right_column);
        if (r < l) std::swap(l, r);
        out.insert(l + " = " + r);
      }
  return out;
}

// A column = column equality between two table instances: a join condition (compared with the joins).
bool is_join_equality(const Analysed& a, const sql::Node& n) {
  if (n.kind != sql::Kind::Binary || (n.text != "=" && n.text != "==")) return false;
  const sql::Node* l = n.get(sql::Slot::Left);
  const sql::Node* r = n.get(sql::Slot::Right);
  if (!l || !r || l->kind != sql::Kind::Column || r->kind != sql::Kind::Column) return false;
  const sql::ColumnRef* lr = a.names.find(l);
  const sql::ColumnRef* rr = a.names.find(r);
  return lr && rr && lr->kind == sql::RefKind::TableColumn && rr->kind == sql::RefKind::TableColumn &&
         lr->instance != rr->instance;
}

// An expression printed with every column written as its base table.column, so T1.label and molecule.label (the
// same column under two aliases) print alike.
std::string print_with_base_columns(const Analysed& a, const sql::Node& n) {
  sql::NodePtr copy = sql::clone(n);
  const auto originals = sql::find_all(n, sql::Kind::Column);
  const auto copies = sql::find_all(*copy, sql::Kind::Column);
  for (size_t i = 0; i < originals.size() && i < copies.size(); ++i) {
    const sql::ColumnRef* ref = a.names.find(originals[i]);
    std::string table, column;
    if (!ref || ref->kind != sql::RefKind::TableColumn || !a.names.base_column(*ref, table, column)) continue;
    copies[i]->set(sql::Slot::Schema, nullptr);
    copies[i]->set(sql::Slot::Table, sql::make_identifier(table));
    copies[i]->set(sql::Slot::Name, sql::make_identifier(column));
  }
  return sql::print_sql(*copy);
}

// The AND-ed parts of a WHERE or HAVING, printed; join equalities are left out.
void conjuncts(const Analysed& a, const sql::Node* n, const char* where, Names& out) {
  if (!n) return;
  if (n->kind == sql::Kind::Binary && iequals(n->text, "AND")) {
    conjuncts(a, n->get(sql::Slot::Left), where, out);
    conjuncts(a, n->get(sql::Slot::Right), where, out);
    return;
  }
  if (n->kind == sql::Kind::Paren) {
    conjuncts(a, n->get(sql::Slot::This), where, out);
    return;
  }
  if (is_join_equality(a, *n)) return;
  out.insert(std::string(where) + ": " + print_with_base_columns(a, *n));  // values keep their case
}

Names filters(const Analysed& a) {
  Names out;
  for (const auto& scope : a.names.scopes) {
    if (!scope.select) continue;
    conjuncts(a, scope.select->get(sql::Slot::Where), "WHERE", out);
    conjuncts(a, scope.select->get(sql::Slot::Having), "HAVING", out);
  }
  return out;
}

void add_diff(std::vector<std::string>& evidence, const char* what, const Names& pred, const Names& gold) {
  evidence.push_back(std::string(what) + ": prediction " + joined(pred) + ", gold " + joined(gold));
}

}  // namespace

const char* result_error_kind_name(ResultErrorKind k) {
  switch (k) {
    case ResultErrorKind::None:
      return "";
    case ResultErrorKind::TableQuery:
      return "table_query";
    case ResultErrorKind::ColumnSelection:
      return "column_selection";
    case ResultErrorKind::JoinColumns:
      return "join_columns";
    case ResultErrorKind::ConditionFilter:
      return "condition_filter";
    case ResultErrorKind::DataProcessing:
      return "data_processing";
  }
  return "";
}

const char* error_decider_name(ErrorDecider d) { return d == ErrorDecider::Llm ? "llm" : "rule"; }

std::string error_category(const ErrorClassification& c) {
  if (c.error_class == ErrorClass::SystemError) return c.system_kind;
  return c.kind == ResultErrorKind::None ? "unclassified" : result_error_kind_name(c.kind);
}

const char* error_direction_name(ErrorDirection d) {
  switch (d) {
    case ErrorDirection::None:
      return "";
    case ErrorDirection::Excessive:
      return "excessive";
    case ErrorDirection::Missing:
      return "missing";
    case ErrorDirection::Incorrect:
      return "incorrect";
  }
  return "";
}

std::string system_error_kind(QueryStatus status, const std::string& message) {
  if (status == QueryStatus::Timeout) return "timeout";
  const std::string m = to_lower_ascii(message);
  if (m.empty() || m.find("empty") != std::string::npos) return "empty";
  for (const char* kind : {"no such column", "no such table", "no such function", "ambiguous column",
                           "misuse of aggregate", "wrong number of arguments", "syntax error"})
    if (m.find(kind) != std::string::npos) return kind;
  if (m.find("incomplete input") != std::string::npos || m.find("unrecognized token") != std::string::npos)
    return "syntax error";
  // Two statements in one prediction: SQLite runs the first, Python's sqlite3 (BIRD, Spider) refuses them all.
  if (m.find("one statement") != std::string::npos) return "several statements";
  if (m.find("read-only") != std::string::npos || m.find("readonly") != std::string::npos ||
      m.find("not authorized") != std::string::npos)
    return "not a query";
  return "other";
}

Result<ErrorClassification> classify_result_error(const std::string& pred_sql, const std::string& gold_sql,
                                                  const Schema& schema) {
  auto pred = analyse(pred_sql, schema);
  if (!pred.ok()) return Error{"the prediction does not parse: " + pred.error()};
  auto gold = analyse(gold_sql, schema);
  if (!gold.ok()) return Error{"the gold query does not parse: " + gold.error()};
  ErrorClassification c;
  c.error_class = ErrorClass::ResultError;

  const Names tp = tables_of(*pred), tg = tables_of(*gold);
  if (auto d = compare_sets(tp, tg); d != ErrorDirection::None) {
    c.kind = ResultErrorKind::TableQuery;
    c.direction = d;
    add_diff(c.evidence, "tables", tp, tg);
    return c;
  }
  const Names cp = selected_columns(*pred), cg = selected_columns(*gold);
  if (auto d = compare_sets(cp, cg); d != ErrorDirection::None) {
    c.kind = ResultErrorKind::ColumnSelection;
    c.direction = d;
    add_diff(c.evidence, "selected columns", cp, cg);
    return c;
  }
  const Names jp = join_pairs(*pred, schema), jg = join_pairs(*gold, schema);
  if (jp != jg) {
    c.kind = ResultErrorKind::JoinColumns;
    add_diff(c.evidence, "join columns", jp, jg);
    return c;
  }
  const Names fp = filters(*pred), fg = filters(*gold);
  if (fp != fg) {
    c.kind = ResultErrorKind::ConditionFilter;
    add_diff(c.evidence, "filters", fp, fg);
    return c;
  }
  c.kind = ResultErrorKind::DataProcessing;
  c.evidence.push_back("tables, selected columns, joins and filters agree: " + joined(tp) + ", " + joined(cp));
  return c;
}

ErrorClassification classify_failed_item(const ItemEvaluation& item, const EvalPair& pair, const Schema& schema) {
  ErrorClassification c;
  if (item.pred_status != QueryStatus::Ok || pair.pred_sql.find_first_not_of(" \t\r\n;") == std::string::npos) {
    c.error_class = ErrorClass::SystemError;
    c.system_kind = pair.pred_sql.find_first_not_of(" \t\r\n;") == std::string::npos
                        ? "empty"
                        : system_error_kind(item.pred_status, item.message);
    c.evidence.push_back(item.message.empty() ? "the prediction is empty" : item.message);
    return c;
  }
  auto r = classify_result_error(pair.pred_sql, pair.gold_sql, schema);
  if (r.ok()) return *r;
  c.error_class = ErrorClass::ResultError;
  c.evidence.push_back(r.error());
  return c;
}

}  // namespace chokepoint::diagnosis
