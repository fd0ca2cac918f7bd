// One walk over the tree gathers SqlFacts (with NL2SQL360's counters from sql_characteristics.h and name resolution
// for scopes and table instances); then each of the 40 rules reads the facts. A rule's comment is the predicate,
// its string the definition we chose.
#include "core/sqlspace/sql_syntax_features.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "core/base/text.h"
#include "core/sql/lexer.h"
#include "core/sql/name_resolution.h"
#include "core/sql/parser.h"
#include "core/sql/sql_characteristics.h"

namespace chokepoint::sqlspace {
namespace {

using sql::Kind;
using sql::Node;
using sql::Slot;

struct SqlFacts {
  sql::Characteristics counts{};  // NL2SQL360's counters
  int selects = 0;                // SELECT cores, compound arms and nested ones included
  bool nested_where = false;      // a nested query with its own WHERE
  bool with = false, recursive = false;
  bool and_op = false, or_op = false;  // the operators, anywhere
  bool left_join = false, cross_join = false, self_join = false;
  int paren_depth = 0;  // deepest nesting of "(" in the text
  bool union_any = false, union_all = false;
  bool where = false, having = false, order_by = false, case_expr = false, alias = false;
  int main_where_atoms = 0;               // atomic predicates of the main SELECT's WHERE
  int filter_atoms = 0;                   // of every WHERE and HAVING together
  bool where_with_several = false;        // some WHERE with >= 2 atomic predicates
  bool where_comparison = false;          // a comparison operator in some WHERE
  bool column_against_value = false;      // some WHERE compares a column with a literal
  bool complex_condition = false;         // see #113
  bool aggregate_in_select = false;       // an aggregate call in a result column
  bool conditional_aggregates = false;    // see #103
  bool correlated = false;                // see #104
  bool simple_select_from_where = false;  // see #93
  std::set<std::string> base_tables;      // lower case
  std::set<std::string> where_columns;    // lower-case names of columns in WHERE clauses
  int count(sql::Characteristic c) const { return counts[static_cast<size_t>(c)]; }
};

const Node* unparen(const Node* n) {
  while (n && n->kind == Kind::Paren) n = n->get(Slot::This);
  return n;
}

bool is_query(const Node& n) { return n.kind == Kind::Select || n.kind == Kind::Compound; }

// Pre-order walk of an expression that does not enter nested queries (they are visited as queries of their own).
template <typename F>
void walk_expression(const Node& e, F&& visit) {
  sql::walk(e, [&](const Node& n) {
    if (&n != &e && is_query(n)) return false;
    visit(n);
    return true;
  });
}

// Atomic predicates of a condition: AND/OR operands, through parentheses and NOT.
int atoms(const Node* e) {
  e = unparen(e);
  if (!e) return 0;
  if (e->kind == Kind::Binary && (e->text == "AND" || e->text == "OR"))
    return atoms(e->get(Slot::Left)) + atoms(e->get(Slot::Right));
  if (e->kind == Kind::Unary && e->text == "NOT") return atoms(e->get(Slot::This));
  return 1;
}

// Whether a condition mixes AND with OR at its top (through parentheses and NOT).
void connectives(const Node* e, bool& has_and, bool& has_or) {
  e = unparen(e);
  if (!e) return;
  if (e->kind == Kind::Binary && (e->text == "AND" || e->text == "OR")) {
    (e->text == "AND" ? has_and : has_or) = true;
    connectives(e->get(Slot::Left), has_and, has_or);
    connectives(e->get(Slot::Right), has_and, has_or);
  } else if (e->kind == Kind::Unary && e->text == "NOT") {
    connectives(e->get(Slot::This), has_and, has_or);
  }
}

bool complex_condition(const Node* cond) {
  bool a = false, o = false;
  connectives(cond, a, o);
  return atoms(cond) >= 3 || (a && o);
}

bool is_comparison(const std::string& op) {
  return op == "=" || op == "==" || op == "!=" || op == "<>" || op == "<" || op == "<=" || op == ">" || op == ">=";
}

bool is_aggregate_call(const Node& n) {
  if (n.kind != Kind::Function) return false;
  const std::string name = to_lower_ascii(n.text);
  const size_t args = n.list(Slot::Args).size();
  return name == "count" || name == "sum" || name == "avg" || name == "total" || name == "group_concat" ||
         ((name == "min" || name == "max") && args <= 1);
}

// The SELECT arms of a query (a compound's arms, left to right).
void arms(const Node* q, std::vector<const Node*>& out) {
  if (!q) return;
  if (q->kind == Kind::Compound) {
    arms(q->get(Slot::Left), out);
    arms(q->get(Slot::Right), out);
  } else if (q->kind == Kind::Select) {
    out.push_back(q);
  }
}

class FactCollector {
 public:
  FactCollector(const Node& root, const Schema* schema, SqlFacts& f)
      : root_(root), f_(f), names_(sql::resolve_names(root, schema ? *schema : empty_)) {}

  void run() {
    f_.counts = sql::count_characteristics(root_);
    for (const auto& ref : names_.columns)
      if (ref.kind == sql::RefKind::String) strings_.insert(ref.node);
    sql::walk(root_, [&](const Node& n) {
      visit(n);
      return true;
    });
    scopes();
    if (root_.kind == Kind::Select && !root_.get(Slot::With) && f_.selects == 1 && f_.where &&
        root_.list(Slot::From).size() >= 1 && root_.list(Slot::GroupBy).empty() && !root_.get(Slot::Having) &&
        root_.list(Slot::OrderBy).empty() && !root_.get(Slot::Limit))
      f_.simple_select_from_where = true;
  }

 private:
  void visit(const Node& n) {
    switch (n.kind) {
      case Kind::Select:
        select(n);
        break;
      case Kind::Compound:
        if (starts_with(n.text, "UNION")) f_.union_any = true;
        if (n.text == "UNION ALL") f_.union_all = true;
        if (!n.list(Slot::OrderBy).empty()) f_.order_by = true;
        break;
      case Kind::With:
        f_.with = true;
        if (n.has(sql::kRecursive)) f_.recursive = true;
        break;
      case Kind::Subquery:
      case Kind::Exists:
      case Kind::In:
        nested(n.get(Slot::Query));
        if (n.get(Slot::Alias)) f_.alias = true;
        break;
      case Kind::Table:
      case Kind::JoinGroup:
      case Kind::Alias:
        if (n.get(Slot::Alias)) f_.alias = true;
        break;
      case Kind::Join:
        join(n);
        break;
      case Kind::Binary:
        if (n.text == "AND") f_.and_op = true;
        if (n.text == "OR") f_.or_op = true;
        break;
      case Kind::Case:
        f_.case_expr = true;
        if (n.list(Slot::Whens).size() >= 2) f_.complex_condition = true;
        for (const Node* w : n.list(Slot::Whens))
          if (complex_condition(w->get(Slot::Condition))) f_.complex_condition = true;
        break;
      default:
        break;
    }
  }

  void nested(const Node* q) {
    std::vector<const Node*> selects;
    arms(q, selects);
    for (const Node* s : selects)
      if (s->get(Slot::Where)) f_.nested_where = true;
  }

  void join(const Node& j) {
    const bool natural = j.text.find("NATURAL") != std::string::npos;
    if (j.text.find("LEFT") != std::string::npos) f_.left_join = true;
    const bool unconditioned = !j.get(Slot::On) && j.list(Slot::Using).empty() && !natural;
    const Node* owner = j.parent;
    while (owner && owner->kind == Kind::JoinGroup) owner = owner->parent;
    const bool filtered = owner && owner->kind == Kind::Select && owner->get(Slot::Where);
    if (j.text == "CROSS JOIN" || (unconditioned && !filtered)) f_.cross_join = true;
    if (const Node* on = j.get(Slot::On))
      if (complex_condition(on)) f_.complex_condition = true;
  }

  void select(const Node& s) {
    ++f_.selects;
    if (!s.list(Slot::OrderBy).empty()) f_.order_by = true;
    if (const Node* h = s.get(Slot::Having)) {
      f_.having = true;
      f_.filter_atoms += atoms(h);
      if (complex_condition(h)) f_.complex_condition = true;
    }
    if (const Node* w = s.get(Slot::Where)) where(s, *w);
    int conditional = 0;
    for (const Node* col : s.list(Slot::Columns))
      walk_expression(*col, [&](const Node& n) {
        if (!is_aggregate_call(n)) return;
        f_.aggregate_in_select = true;
        const auto args = n.list(Slot::Args);
        const Node* a = args.empty() ? nullptr : unparen(args[0]);
        while (a && a->kind == Kind::Cast) a = unparen(a->get(Slot::This));
        if (a && (a->kind == Kind::Case || (a->kind == Kind::Function && iequals(a->text, "iif")))) ++conditional;
      });
    if (conditional >= 2) f_.conditional_aggregates = true;
  }

  void where(const Node& s, const Node& w) {
    f_.where = true;
    const int n = atoms(&w);
    f_.filter_atoms += n;
    if (n >= 2) f_.where_with_several = true;
    if (&s == main_select()) f_.main_where_atoms = n;
    if (complex_condition(&w)) f_.complex_condition = true;
    walk_expression(w, [&](const Node& e) {
      if (e.kind == Kind::Column)
        if (const Node* name = e.get(Slot::Name))
          if (!strings_.count(&e)) f_.where_columns.insert(to_lower_ascii(name->text));
      if (e.kind == Kind::Binary && is_comparison(e.text)) {
        f_.where_comparison = true;
        if ((is_column(e.get(Slot::Left)) && is_value(e.get(Slot::Right))) ||
            (is_value(e.get(Slot::Left)) && is_column(e.get(Slot::Right))))
          f_.column_against_value = true;
      }
      if (e.kind == Kind::Like || e.kind == Kind::Between || e.kind == Kind::In) {
        const Node* subject = e.get(e.kind == Kind::Like ? Slot::Left : Slot::This);
        if (is_column(subject)) {
          bool values = e.kind != Kind::In || !e.list(Slot::Items).empty();
          if (e.kind == Kind::Like) values = is_value(e.get(Slot::Right));
          if (e.kind == Kind::Between) values = is_value(e.get(Slot::Low)) && is_value(e.get(Slot::High));
          for (const Node* item : e.list(Slot::Items)) values = values && is_value(item);
          if (values) f_.column_against_value = true;
        }
      }
    });
  }

  bool is_column(const Node* e) const {
    e = unparen(e);
    return e && e->kind == Kind::Column && !strings_.count(e);
  }
  bool is_value(const Node* e) const {
    e = unparen(e);
    if (e && e->kind == Kind::Unary && (e->text == "-" || e->text == "+")) e = unparen(e->get(Slot::This));
    if (!e) return false;
    return e->kind == Kind::Number || e->kind == Kind::String || e->kind == Kind::Null || e->kind == Kind::Constant ||
           (e->kind == Kind::Column && strings_.count(e));
  }

  const Node* main_select() const { return names_.main_scope >= 0 ? names_.scopes[names_.main_scope].select : nullptr; }

  bool encloses(int outer, int inner) const {
    for (int s = names_.scopes[inner].parent; s >= 0; s = names_.scopes[s].parent)
      if (s == outer) return true;
    return false;
  }

  void scopes() {
    for (const auto& ref : names_.columns) {
      if (ref.kind != sql::RefKind::TableColumn || ref.instance < 0 || ref.scope < 0) continue;
      const int owner = names_.instances[ref.instance].scope;
      if (owner != ref.scope && encloses(owner, ref.scope)) f_.correlated = true;
    }
    for (const auto& scope : names_.scopes) {
      std::map<std::string, int> seen;
      for (int id : scope.instances) {
        const auto& inst = names_.instances[id];
        if (inst.derived || inst.table.empty()) continue;
        const std::string t = to_lower_ascii(inst.table);
        f_.base_tables.insert(t);
        if (++seen[t] == 2) f_.self_join = true;
      }
    }
  }

  const Node& root_;
  SqlFacts& f_;
  Schema empty_;
  sql::NameResolution names_;
  std::set<const Node*> strings_;  // double-quoted words SQLite reads as strings
};

int paren_depth(std::string_view sql) {
  std::vector<sql::Token> tokens;
  sql::SyntaxError error;
  if (!sql::tokenize(sql, tokens, error)) return 0;
  int depth = 0, deepest = 0;
  for (const auto& t : tokens) {
    if (t.is_op("(")) deepest = std::max(deepest, ++depth);
    if (t.is_op(")")) --depth;
  }
  return deepest;
}

using sql::Characteristic;

struct SqlRule {
  int id;
  const char* definition;
  bool (*decide)(const SqlFacts&);
};

// Queries nested in another count as subqueries: a FROM subquery, a scalar subquery, IN (SELECT ...), EXISTS
// (SELECT ...). A CTE body and a compound's arms are not nested.
const SqlRule kRules[] = {
    // #74 has a nested subquery
    {74, "a query nested in another: FROM subquery, scalar subquery, IN (SELECT ...) or EXISTS (SELECT ...)",
     [](const SqlFacts& f) { return f.count(Characteristic::Subqueries) > 0; }},
    // #75 has a nested SELECT statement: a paraphrase of #74 that the paper kept; same definition
    {75, "same as #74: a SELECT nested inside another query",
     [](const SqlFacts& f) { return f.count(Characteristic::Subqueries) > 0; }},
    // #76 uses a nested WHERE clause
    {76, "a nested query (as in #74) has its own WHERE clause", [](const SqlFacts& f) { return f.nested_where; }},
    // #77 contains subqueries
    {77, "a nested query (as in #74) or a common table expression (WITH ... AS (SELECT ...))",
     [](const SqlFacts& f) { return f.count(Characteristic::Subqueries) > 0 || f.with; }},
    // #78 employs a LEFT JOIN
    {78, "a LEFT [OUTER] JOIN (NATURAL LEFT included)", [](const SqlFacts& f) { return f.left_join; }},
    // #79 employs a LEFT OUTER JOIN
    {79, "same as #78: LEFT JOIN and LEFT OUTER JOIN are one operation, OUTER being optional",
     [](const SqlFacts& f) { return f.left_join; }},
    // #80 uses a JOIN operation
    {80, "two FROM sources joined: any JOIN keyword or a comma join",
     [](const SqlFacts& f) { return f.count(Characteristic::Joins) > 0; }},
    // #81 contains multiple joins
    {81, "two or more joins (as in #80) in the whole query",
     [](const SqlFacts& f) { return f.count(Characteristic::Joins) >= 2; }},
    // #82 uses a self join
    {82, "one FROM clause lists the same base table twice", [](const SqlFacts& f) { return f.self_join; }},
    // #83 contains a cross join operation
    {83,
     "CROSS JOIN, or a join without ON/USING (comma joins included) in a SELECT without WHERE: a Cartesian "
     "product nothing filters",
     [](const SqlFacts& f) { return f.cross_join; }},
    // #84 utilizes a common table expression (CTE)
    {84, "a WITH clause", [](const SqlFacts& f) { return f.with; }},
    // #85 uses logical OR operators
    {85, "the OR operator anywhere", [](const SqlFacts& f) { return f.or_op; }},
    // #86 uses multiple nested parentheses
    {86, "parentheses nested two deep or more in the text (function calls included: COUNT(*) inside (SELECT ...))",
     [](const SqlFacts& f) { return f.paren_depth >= 2; }},
    // #87 employs a GROUP BY clause
    {87, "a GROUP BY clause", [](const SqlFacts& f) { return f.count(Characteristic::GroupBy) > 0; }},
    // #88 uses a union operator
    {88, "UNION or UNION ALL", [](const SqlFacts& f) { return f.union_any; }},
    // #89 includes aggregate functions
    {89, "a call of count, sum, avg, total, group_concat, or min/max with one argument",
     [](const SqlFacts& f) { return f.count(Characteristic::Aggregates) > 0; }},
    // #90 contains a WHERE clause
    {90, "a WHERE clause in any SELECT", [](const SqlFacts& f) { return f.where; }},
    // #91 employs a WHERE clause with multiple conditions
    {91, "some WHERE clause has two or more atomic predicates (operands of AND/OR, through parentheses and NOT)",
     [](const SqlFacts& f) { return f.where_with_several; }},
    // #92 includes a HAVING clause
    {92, "a HAVING clause", [](const SqlFacts& f) { return f.having; }},
    // #93 follows a basic SELECT-FROM-WHERE structure
    {93,
     "one SELECT (no set operation, subquery or WITH) with FROM and WHERE and no GROUP BY, HAVING, ORDER BY or "
     "LIMIT; joins allowed",
     [](const SqlFacts& f) { return f.simple_select_from_where; }},
    // #94 includes a window function
    {94, "a function call with OVER", [](const SqlFacts& f) { return f.count(Characteristic::Window) > 0; }},
    // #95 uses aggregate functions in the SELECT clause
    {95, "an aggregate call (as in #89) in a result column of some SELECT",
     [](const SqlFacts& f) { return f.aggregate_in_select; }},
    // #96 limits the selection based on a specific column condition
    {96,
     "some WHERE compares a column with a literal value (=, <>, <, ..., LIKE, BETWEEN or IN over literals); "
     "reading of a vague predicate",
     [](const SqlFacts& f) { return f.column_against_value; }},
    // #97 contains a CASE statement
    {97, "a CASE expression (IIF is not one)", [](const SqlFacts& f) { return f.case_expr; }},
    // #98 filters data based on a single criterion
    {98, "all WHERE and HAVING clauses together hold exactly one atomic predicate; reading of a vague predicate",
     [](const SqlFacts& f) { return f.filter_atoms == 1; }},
    // #99 contains a single condition in the WHERE clause
    {99, "the main SELECT's WHERE has exactly one atomic predicate (a subquery's conditions are its own)",
     [](const SqlFacts& f) { return f.main_where_atoms == 1; }},
    // #100 uses a LIMIT clause
    {100, "a LIMIT clause", [](const SqlFacts& f) { return f.count(Characteristic::Limit) > 0; }},
    // #101 involves the use of logical AND operators
    {101, "the AND operator anywhere (the AND of BETWEEN ... AND ... is not one)",
     [](const SqlFacts& f) { return f.and_op; }},
    // #102 employs a recursive common table expression
    {102, "WITH RECURSIVE", [](const SqlFacts& f) { return f.recursive; }},
    // #103 contains a pivot or unpivot operation
    {103,
     "SQLite has no PIVOT: one SELECT with two or more conditional aggregates (an aggregate over CASE or IIF, "
     "e.g. SUM(CASE WHEN g = 'M' THEN 1 ELSE 0 END)), which turn row values into columns",
     [](const SqlFacts& f) { return f.conditional_aggregates; }},
    // #104 uses a correlated subquery
    {104,
     "a column of a nested query resolves to a table of an enclosing query (name resolution; unqualified columns "
     "only when the schema is known)",
     [](const SqlFacts& f) { return f.correlated; }},
    // #105 uses comparison operators to connect conditions in the WHERE clause
    {105, "some WHERE uses =, ==, !=, <>, <, <=, > or >= (LIKE, IN and BETWEEN are not counted)",
     [](const SqlFacts& f) { return f.where_comparison; }},
    // #106 uses a single select statement
    {106, "exactly one SELECT in the whole query", [](const SqlFacts& f) { return f.selects == 1; }},
    // #107 includes an ORDER BY clause
    {107, "an ORDER BY of a SELECT or set operation (a window's ORDER BY is not one)",
     [](const SqlFacts& f) { return f.order_by; }},
    // #108 contains a UNION ALL operator
    {108, "UNION ALL", [](const SqlFacts& f) { return f.union_all; }},
    // #109 uses aliases for table or column names
    {109, "an alias on a table, subquery or result column (with or without AS)",
     [](const SqlFacts& f) { return f.alias; }},
    // #110 retrieves data from multiple tables
    {110, "two or more distinct base tables in FROM clauses anywhere in the query (CTE names are not tables)",
     [](const SqlFacts& f) { return f.base_tables.size() >= 2; }},
    // #111 filters data from a single column of the table
    {111, "the WHERE clauses reference exactly one distinct column name; reading of a vague predicate",
     [](const SqlFacts& f) { return f.where_columns.size() == 1; }},
    // #112 uses a distinct keyword
    {112, "SELECT DISTINCT or DISTINCT inside an aggregate call",
     [](const SqlFacts& f) { return f.count(Characteristic::Distinct) > 0; }},
    // #113 has a complex conditional expression
    {113,
     "a condition (WHERE, HAVING, ON, WHEN) with three or more atomic predicates or mixing AND with OR, or a CASE "
     "with two or more WHEN branches; reading of a vague predicate",
     [](const SqlFacts& f) { return f.complex_condition; }},
};

}  // namespace

const std::vector<RuleDefinition>& sql_syntax_rules() {
  static const std::vector<RuleDefinition> rules = [] {
    std::vector<RuleDefinition> out;
    for (const auto& r : kRules) out.push_back({r.id, r.definition});
    return out;
  }();
  return rules;
}

std::vector<FeatureDecision> decide_sql_syntax(std::string_view sql, const Node& query, const Schema* schema) {
  SqlFacts facts;
  FactCollector(query, schema, facts).run();
  facts.paren_depth = paren_depth(sql);
  std::vector<FeatureDecision> out;
  out.reserve(std::size(kRules));
  for (const auto& r : kRules) out.push_back({r.id, r.decide(facts)});
  return out;
}

Result<std::vector<FeatureDecision>> decide_sql_syntax(std::string_view sql, const Schema* schema) {
  auto tree = sql::parse_sql(sql);
  if (!tree.ok()) return Error{tree.error()};
  return decide_sql_syntax(sql, **tree, schema);
}

}  // namespace chokepoint::sqlspace
