// Stage D of JQE (thesis §3.2.5; SQLMorph §IV-C Stage D; decisions.md §5.6): the expanded SQL, built on the syntax
// tree so the rest of the query stays as written. The new table is appended to the main SELECT's FROM as
// `JOIN <table> [AS <alias>] ON <conditions>`, or, when the query joins with commas, as `, <table> [AS <alias>]`
// with the conditions ANDed to WHERE. Unqualified columns that the new table would make ambiguous are qualified
// with their instance's name; a double-quoted word SQLite read as a string becomes a single-quoted string when the
// new table has a column of that name.
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/jqe/join_conditions.h"
#include "core/schema/schema.h"
#include "core/sql/ast.h"
#include "core/sql/join_query_graph.h"
#include "core/sql/name_resolution.h"

namespace chokepoint::jqe {

enum class AliasStyle {
  // Follow the query (default): a fresh alias when the query aliases its tables or when the table's name is already
  // in use; otherwise the bare table name, as the thesis' toxicology expansions are written.
  follow_query,
  always,  // always `AS <fresh alias>`
};

struct SynthesisInput {
  const sql::Node* query = nullptr;                   // the seed's tree (not modified)
  const sql::NameResolution* names = nullptr;         // of `query`
  const sql::JoinQueryGraph* jqg = nullptr;           // its main scope
  const Table* candidate = nullptr;                   // schema table to add
  std::vector<const CandidateCondition*> conditions;  // non-empty
  AliasStyle alias_style = AliasStyle::follow_query;
};

struct Synthesis {
  sql::NodePtr tree;
  std::string sql;
  std::string alias;       // "" when the table is referenced by its name
  std::string conditions;  // the added conditions as printed ("bond.molecule_id = molecule.molecule_id")
  int qualified = 0;       // columns qualified to avoid ambiguity
};

Result<Synthesis> synthesize_expansion(const SynthesisInput& input);

// A fresh alias no table, alias or CTE of the query uses (case-insensitive). Continues the query's own pattern
// when its aliases look like <prefix><number> ("T1", "T2" -> "T3"; "t1" -> "t2"), else "T<n+1>" for n instances.
std::string fresh_alias(const sql::NameResolution& names, const sql::Node& query);

}  // namespace chokepoint::jqe
