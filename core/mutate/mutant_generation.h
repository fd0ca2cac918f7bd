// Turning a gold query into its checked single-error mutants (SQLMorph §VI-C-1): run every operator on the parsed
// gold, drop candidates whose tree equals the gold's or a previous candidate's of the same operator, print the rest
// and keep those that SQLite prepares on the gold's database. Output order: operator table order, then the
// operator's own (pre-order) order.
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/db/connection.h"
#include "core/mutate/mutant.h"

namespace chokepoint::mutate {

// Pure: every candidate of the chosen operators (all when `operators` is empty; unknown names are ignored),
// with unchanged trees and same-operator duplicates removed.
std::vector<Mutant> propose_mutants(const sql::Node& query, const std::vector<std::string>& operators = {});

// The filter propose_mutants applies: keeps candidates that differ from `original` and from every earlier kept
// candidate of the same operator. Counts what it dropped in `unchanged` and `duplicates` when given.
std::vector<Mutant> drop_unchanged(const sql::Node& original, std::vector<Mutant> candidates,
                                   size_t* unchanged = nullptr, size_t* duplicates = nullptr);

struct CheckedMutant {
  std::string op;
  std::string description;
  std::string sql;    // printed mutant
  std::string error;  // why SQLite would not prepare it (rejected mutants only)
};

struct MutantCheck {
  std::vector<CheckedMutant> kept;
  std::vector<CheckedMutant> rejected;  // did not prepare
};

// Parses `gold_sql`, proposes and keeps what prepares on `db`. Fails only when the gold does not parse.
Result<MutantCheck> generate_mutants(const std::string& gold_sql, const Connection& db,
                                     const std::vector<std::string>& operators = {});

// The printed SQL of the kept mutants of `gold_sql` on `db`, every operator: the neighbours a test database must
// tell apart from the gold (test suites, agreement). Fails only when the gold does not parse.
Result<std::vector<std::string>> kept_mutant_sql(const std::string& gold_sql, const Connection& db);

}  // namespace chokepoint::mutate
