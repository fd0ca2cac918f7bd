// Name resolution against a Schema: which table instance (table + alias + scope) every column reference of a query
// belongs to, through aliases, subqueries and CTEs. Follows SQLite's lookup order (resolve.c): the FROM tables of
// the innermost scope, then its result-column aliases, then enclosing scopes; a double-quoted name that matches no
// column is a string literal (SQLite's DQS fallback, Spider's "France").
#pragma once
#include <string>
#include <vector>

#include "core/schema/schema.h"
#include "core/sql/ast.h"

namespace chokepoint::sql {

// One output column of a derived table (subquery or CTE), with the base column it copies when it is a plain
// column reference (possibly through further derived tables); base_table is empty for computed columns.
struct DerivedColumn {
  std::string name;
  std::string base_table;
  std::string base_column;
};

// A table in a FROM clause. Each occurrence is its own instance (a self-join gives two).
struct TableInstance {
  int id = -1;
  int scope = -1;                      // the scope whose FROM clause lists it
  std::string table;                   // schema spelling for base tables; the CTE name; "" for a subquery
  std::string alias;                   // as written, "" if none
  bool derived = false;                // subquery or CTE reference
  bool known = false;                  // base table found in the schema, or derived table
  const Node* source = nullptr;        // the Table or Subquery node in FROM
  std::vector<DerivedColumn> columns;  // derived tables only
  // The name the query uses for it: the alias, else the table name.
  const std::string& ref_name() const { return alias.empty() ? table : alias; }
};

// A SELECT core (one arm of a compound counts as one scope).
struct Scope {
  int id = -1;
  int parent = -1;               // enclosing scope, -1 at top level (the main query and CTE bodies)
  const Node* select = nullptr;  // the Select node
  std::vector<int> instances;    // its FROM tables, left to right (parenthesised joins flattened)
};

enum class RefKind {
  TableColumn,  // a column of a table instance (`instance`, `column`)
  SelectAlias,  // a result-column alias of the same SELECT (ORDER BY total, HAVING cnt > 1)
  String,       // a double-quoted word no column has: SQLite reads it as a string
  Unresolved,   // nothing matches (unknown column or table)
};

struct ColumnRef {
  const Node* node = nullptr;  // the Column node
  int scope = -1;              // scope where the reference is written
  int instance = -1;           // TableColumn: the instance (in `scope` or an enclosing one, if correlated)
  std::string column;          // TableColumn: schema spelling when known, else as written
  RefKind kind = RefKind::Unresolved;
};

struct NameResolution {
  std::vector<Scope> scopes;
  std::vector<TableInstance> instances;
  std::vector<ColumnRef> columns;  // every Column node of the query, in pre-order of resolution
  int main_scope = -1;             // the main SELECT (the leftmost arm of a compound)

  const ColumnRef* find(const Node* column) const;
  // The base table and column behind a TableColumn reference (tracing derived tables). False if computed/unknown.
  bool base_column(const ColumnRef& ref, std::string& table, std::string& column) const;
  // Columns of an instance: the schema's for base tables, the derived list otherwise (names only).
  std::vector<std::string> columns_of(int instance, const Schema& schema) const;
};

// Resolves every column reference of `query` (a Select or Compound). Never fails: what does not resolve is
// reported as RefKind::Unresolved.
NameResolution resolve_names(const Node& query, const Schema& schema);

}  // namespace chokepoint::sql
