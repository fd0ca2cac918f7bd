// Proposing, de-duplicating and prepare-checking mutants.
#include "core/mutate/mutant_generation.h"

#include <algorithm>

#include "core/mutate/operator_registry.h"
#include "core/sql/parser.h"
#include "core/sql/printer.h"

namespace chokepoint::mutate {

std::vector<Mutant> drop_unchanged(const sql::Node& original, std::vector<Mutant> candidates, size_t* unchanged,
                                   size_t* duplicates) {
  std::vector<Mutant> kept;
  for (auto& m : candidates) {
    if (!m.tree || sql::equal(*m.tree, original)) {
      if (unchanged) ++*unchanged;
      continue;
    }
    bool repeat = std::any_of(kept.begin(), kept.end(),
                              [&](const Mutant& k) { return k.op == m.op && sql::equal(*k.tree, *m.tree); });
    if (repeat) {
      if (duplicates) ++*duplicates;
      continue;
    }
    kept.push_back(std::move(m));
  }
  return kept;
}

std::vector<Mutant> propose_mutants(const sql::Node& query, const std::vector<std::string>& operators) {
  std::vector<Mutant> all;
  for (const auto& op : mutation_operators()) {
    if (!operators.empty() && std::find(operators.begin(), operators.end(), op.name) == operators.end()) continue;
    for (auto& m : op.apply(query)) all.push_back(std::move(m));
  }
  return drop_unchanged(query, std::move(all));
}

Result<MutantCheck> generate_mutants(const std::string& gold_sql, const Connection& db,
                                     const std::vector<std::string>& operators) {
  auto tree = sql::parse_sql(gold_sql);
  if (!tree.ok()) return Error{"gold SQL does not parse: " + tree.error()};
  MutantCheck check;
  for (auto& m : propose_mutants(**tree, operators)) {
    CheckedMutant c{m.op, m.description, sql::print_sql(*m.tree), ""};
    auto prepared = db.prepare_check(c.sql);
    if (prepared.ok()) {
      check.kept.push_back(std::move(c));
    } else {
      c.error = prepared.error();
      check.rejected.push_back(std::move(c));
    }
  }
  return check;
}

Result<std::vector<std::string>> kept_mutant_sql(const std::string& gold_sql, const Connection& db) {
  auto check = generate_mutants(gold_sql, db);
  if (!check.ok()) return Error{check.error()};
  std::vector<std::string> sql;
  for (auto& m : check->kept) sql.push_back(std::move(m.sql));
  return sql;
}

}  // namespace chokepoint::mutate
