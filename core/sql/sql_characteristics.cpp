// NL2SQL360's counters (sql_parser.py, SQLParser.count_*) on our AST. sqlglot's classes map to our node kinds as
// each case below says; where sqlglot's own parse differs by version (which functions become named classes), the
// listed function names decide.
#include "core/sql/sql_characteristics.h"

#include <algorithm>
#include <cctype>

#include "core/sql/parser.h"

namespace chokepoint::sql {
namespace {

struct CharacteristicEntry {
  Characteristic c;
  const char* name;
  const char* nl2sql360;
  const char* definition;
};

constexpr CharacteristicEntry kEntries[kCharacteristicCount] = {
    {Characteristic::SelectFields, "select_fields", "count_query_fields", "result columns of the query's first SELECT"},
    {Characteristic::Joins, "joins", "count_join", "JOINs of any kind, comma joins included"},
    {Characteristic::Subqueries, "subqueries", "count_subquery",
     "nested queries: in FROM, in expressions, IN (SELECT ...), EXISTS (SELECT ...)"},
    {Characteristic::SetOperations, "set_operations", "count_set_operation", "UNION, UNION ALL, INTERSECT, EXCEPT"},
    {Characteristic::Aggregates, "aggregates", "count_aggregation",
     "aggregate calls: count, sum, avg, total, group_concat, and min/max with one argument"},
    {Characteristic::ScalarFunctions, "scalar_functions", "count_scalar_function",
     "abs, length, CAST, round, upper, lower, random, strftime, instr, substr"},
    {Characteristic::GroupBy, "group_by", "count_group_by", "GROUP BY clauses"},
    {Characteristic::OrderBy, "order_by", "count_order_by", "ORDER BY clauses, a window's ORDER BY included"},
    {Characteristic::Limit, "limit", "count_limit", "LIMIT clauses"},
    {Characteristic::Window, "window", "count_window", "window function calls (OVER ...)"},
    {Characteristic::ControlFlow, "control_flow", "count_control_flow", "CASE expressions and IIF calls"},
    {Characteristic::Like, "like", "count_like", "LIKE and NOT LIKE"},
    {Characteristic::Distinct, "distinct", "count_distinct", "SELECT DISTINCT and DISTINCT inside a call"},
    {Characteristic::Predicates, "predicates", "count_predicate",
     "comparisons (= != < <= > >=), IS, IN, LIKE/GLOB/REGEXP, BETWEEN, EXISTS"},
    {Characteristic::Math, "math", "count_math_compute", "arithmetic: + - * / %"},
    {Characteristic::LogicalConnectors, "logical_connectors", "count_logical_connector", "AND and OR"},
};

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char ch) { return std::tolower(ch); });
  return s;
}

bool is_one_of(const std::string& name, std::initializer_list<const char*> names) {
  for (const char* n : names)
    if (name == n) return true;
  return false;
}

void count_node(const Node& n, Characteristics& out) {
  auto bump = [&](Characteristic c) { ++out[static_cast<size_t>(c)]; };
  switch (n.kind) {
    case Kind::Select:
      if (!n.list(Slot::GroupBy).empty()) bump(Characteristic::GroupBy);
      if (!n.list(Slot::OrderBy).empty()) bump(Characteristic::OrderBy);
      if (n.get(Slot::Limit)) bump(Characteristic::Limit);
      if (n.has(kDistinct)) bump(Characteristic::Distinct);
      break;
    case Kind::Compound:
      bump(Characteristic::SetOperations);
      if (!n.list(Slot::OrderBy).empty()) bump(Characteristic::OrderBy);
      if (n.get(Slot::Limit)) bump(Characteristic::Limit);
      break;
    case Kind::Window:
      if (!n.list(Slot::OrderBy).empty()) bump(Characteristic::OrderBy);
      break;
    case Kind::Join:
      bump(Characteristic::Joins);
      break;
    case Kind::Subquery:
      bump(Characteristic::Subqueries);
      break;
    case Kind::In:
      bump(Characteristic::Predicates);
      if (n.get(Slot::Query)) bump(Characteristic::Subqueries);
      break;
    case Kind::Exists:
      bump(Characteristic::Predicates);
      bump(Characteristic::Subqueries);
      break;
    case Kind::Like:
      bump(Characteristic::Predicates);
      if (n.text == "LIKE") bump(Characteristic::Like);
      break;
    case Kind::Between:
      bump(Characteristic::Predicates);
      break;
    case Kind::Postfix:  // ISNULL / NOTNULL: sqlglot reads them as IS [NOT] NULL
      bump(Characteristic::Predicates);
      break;
    case Kind::Binary:
      if (is_one_of(n.text, {"=", "==", "!=", "<>", "<", "<=", ">", ">=", "IS", "IS NOT", "IS DISTINCT FROM",
                             "IS NOT DISTINCT FROM"}))
        bump(Characteristic::Predicates);
      else if (is_one_of(n.text, {"+", "-", "*", "/", "%"}))
        bump(Characteristic::Math);
      else if (n.text == "AND" || n.text == "OR")
        bump(Characteristic::LogicalConnectors);
      break;
    case Kind::Case:
      bump(Characteristic::ControlFlow);
      break;
    case Kind::Cast:
      bump(Characteristic::ScalarFunctions);
      break;
    case Kind::Function: {
      const std::string name = lower(n.text);
      const size_t args = n.list(Slot::Args).size();
      if (n.get(Slot::Over)) bump(Characteristic::Window);
      if (n.has(kDistinct)) bump(Characteristic::Distinct);
      if (is_one_of(name, {"count", "sum", "avg", "total", "group_concat"}) ||
          (is_one_of(name, {"min", "max"}) && args <= 1))
        bump(Characteristic::Aggregates);
      else if (is_one_of(name, {"abs", "length", "round", "upper", "lower", "random", "strftime", "instr", "substr"}))
        bump(Characteristic::ScalarFunctions);
      else if (name == "iif")
        bump(Characteristic::ControlFlow);
      break;
    }
    default:
      break;
  }
}

// The first SELECT of a compound (sqlglot's count_query_fields walks `this` down a set operation).
const Node* first_select(const Node& root) {
  const Node* n = &root;
  while (n && n->kind == Kind::Compound) n = n->get(Slot::Left);
  return n;
}

}  // namespace

const char* characteristic_name(Characteristic c) { return kEntries[static_cast<size_t>(c)].name; }
const char* characteristic_definition(Characteristic c) { return kEntries[static_cast<size_t>(c)].definition; }

std::optional<Characteristic> characteristic_named(std::string_view name) {
  const std::string n = lower(std::string(name));
  for (const auto& e : kEntries)
    if (n == e.name || n == e.nl2sql360) return e.c;
  return std::nullopt;
}

Characteristics count_characteristics(const Node& root) {
  Characteristics out{};
  walk(root, [&](const Node& n) {
    count_node(n, out);
    return true;
  });
  const Node* select = first_select(root);
  if (select && select->kind == Kind::Select)
    out[static_cast<size_t>(Characteristic::SelectFields)] = static_cast<int>(select->list(Slot::Columns).size());
  return out;
}

Result<Characteristics> sql_characteristics(const std::string& sql) {
  auto ast = parse_sql(sql);
  if (!ast.ok()) return Error{ast.error()};
  return count_characteristics(**ast);
}

}  // namespace chokepoint::sql
