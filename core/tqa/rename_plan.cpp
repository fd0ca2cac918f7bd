// Column names are planned once per database (case-insensitively), then table names; collisions are resolved in
// schema order so the plan is deterministic.
#include "core/tqa/rename_plan.h"

#include <cctype>
#include <set>

#include "core/sql/printer.h"

namespace chokepoint::tqa {
namespace {

bool usable(const std::string& name) {
  if (name.empty()) return false;
  for (char c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  // Bare-writable names only: no keywords, no leading digit (identifier_needs_quotes says both).
  return !sql::identifier_needs_quotes(name);
}

// The proposal, or the proposal with the smallest numeric suffix that is free; the old name when the proposal is
// unusable or no different (a name like "id" has nothing shorter to offer).
std::string claim(const std::string& proposal, const std::string& old_name, std::set<std::string>& taken) {
  if (!usable(proposal) || iequals(proposal, old_name)) return old_name;
  std::string candidate = proposal;
  for (int n = 2; taken.count(to_lower_ascii(candidate)) || !usable(candidate); ++n) {
    if (n > 1000) return old_name;
    candidate = proposal + std::to_string(n);
  }
  taken.insert(to_lower_ascii(candidate));
  return candidate;
}

}  // namespace

const TableRename* RenamePlan::find_table(const std::string& old_table) const {
  for (const auto& t : tables)
    if (iequals(t.table.old_name, old_table)) return &t;
  return nullptr;
}

std::string RenamePlan::table_name(const std::string& old_table) const {
  const TableRename* t = find_table(old_table);
  return t ? t->table.new_name : old_table;
}

std::string RenamePlan::column_name(const std::string& old_table, const std::string& old_column) const {
  if (const TableRename* t = find_table(old_table))
    for (const auto& c : t->columns)
      if (iequals(c.old_name, old_column)) return c.new_name;
  return old_column;
}

size_t RenamePlan::renamed_count() const {
  size_t n = 0;
  for (const auto& t : tables) {
    n += t.table.renamed();
    for (const auto& c : t.columns) n += c.renamed();
  }
  return n;
}

RenamePlan plan_renames(const Schema& schema, const std::function<Naturalness(const std::string&)>& naturalness,
                        const std::function<std::string(const std::string&)>& propose) {
  RenamePlan plan;
  plan.db_id = schema.db_id;
  // Columns: one decision per distinct (case-insensitive) name. Names that stay keep their slot in `taken`.
  std::map<std::string, IdentifierRename> columns;
  std::set<std::string> taken_columns;
  std::vector<std::string> order;
  for (const auto& t : schema.tables)
    for (const auto& c : t.columns) {
      std::string key = to_lower_ascii(c.name);
      if (columns.count(key)) continue;
      IdentifierRename r{c.name, c.name, naturalness(c.name)};
      columns[key] = r;
      order.push_back(key);
      if (r.naturalness == Naturalness::N3) taken_columns.insert(key);
    }
  // Keep-names first, so a proposal never steals the name of a column that stays.
  for (const auto& key : order) {
    IdentifierRename& r = columns[key];
    if (r.naturalness != Naturalness::N3) taken_columns.insert(key);
  }
  std::set<std::string> assigned;
  for (const auto& key : order) {
    IdentifierRename& r = columns[key];
    if (r.naturalness == Naturalness::N3) continue;
    std::set<std::string> taken = taken_columns;
    taken.insert(assigned.begin(), assigned.end());
    taken.erase(key);
    r.new_name = claim(propose(r.old_name), r.old_name, taken);
    if (r.new_name == r.old_name) continue;
    assigned.insert(to_lower_ascii(r.new_name));
  }
  std::set<std::string> taken_tables;
  for (const auto& t : schema.tables) taken_tables.insert(to_lower_ascii(t.name));
  for (const auto& t : schema.tables) {
    TableRename tr;
    tr.table = {t.name, t.name, naturalness(t.name)};
    if (tr.table.naturalness != Naturalness::N3) {
      std::set<std::string> taken = taken_tables;
      taken.erase(to_lower_ascii(t.name));
      tr.table.new_name = claim(propose(t.name), t.name, taken);
      taken_tables.erase(to_lower_ascii(t.name));
      taken_tables.insert(to_lower_ascii(tr.table.new_name));
    }
    for (const auto& c : t.columns) {
      IdentifierRename r = columns[to_lower_ascii(c.name)];
      r.old_name = c.name;  // this table's spelling
      tr.columns.push_back(r);
    }
    plan.tables.push_back(std::move(tr));
  }
  return plan;
}

nlohmann::json rename_plan_json(const RenamePlan& plan) {
  nlohmann::json tables = nlohmann::json::array();
  for (const auto& t : plan.tables) {
    nlohmann::json cols = nlohmann::json::array();
    for (const auto& c : t.columns)
      cols.push_back({{"old", c.old_name}, {"new", c.new_name}, {"naturalness", naturalness_name(c.naturalness)}});
    tables.push_back({{"old", t.table.old_name},
                      {"new", t.table.new_name},
                      {"naturalness", naturalness_name(t.table.naturalness)},
                      {"columns", cols}});
  }
  return {{"db_id", plan.db_id},
          {"naturalness_source", naturalness_source_name(plan.naturalness_source)},
          {"naming", plan.naming},
          {"renamed", plan.renamed_count()},
          {"tables", tables}};
}

}  // namespace chokepoint::tqa
