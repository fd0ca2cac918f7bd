// The identifier renames of one de-naturalised database (SQLMorph §V): a new name per table and per column, with
// each identifier's naturalness and where the new name came from. Invariants the planner enforces: new names are
// unique among the tables, unique among the columns of each table (case-insensitive, as SQLite compares), are not
// SQL keywords, and a column name gets the same new name in every table (so foreign-key pairs stay equal; the
// reference implementation's per-occurrence LLM calls broke this).
#pragma once
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/schema/schema.h"
#include "core/tqa/naturalness.h"

namespace chokepoint::tqa {

struct IdentifierRename {
  std::string old_name;
  std::string new_name;  // == old_name when kept
  Naturalness naturalness = Naturalness::N1;
  bool renamed() const { return old_name != new_name; }
};

struct TableRename {
  IdentifierRename table;
  std::vector<IdentifierRename> columns;  // schema order
};

struct RenamePlan {
  std::string db_id;
  NaturalnessSource naturalness_source = NaturalnessSource::heuristic;
  std::string naming;               // "deterministic abbreviator" or "llm"
  std::vector<TableRename> tables;  // schema order

  const TableRename* find_table(const std::string& old_table) const;  // case-insensitive
  // The new table name, or the old one when the table is unknown or kept.
  std::string table_name(const std::string& old_table) const;
  // The new column name for a column of `old_table`, or the old one.
  std::string column_name(const std::string& old_table, const std::string& old_column) const;
  size_t renamed_count() const;
};

// Which identifiers to rename and how. `naturalness(name)` labels each identifier; N3 names are kept (SQLMorph:
// "Transform N1 and N2 identifiers into N3"). `propose(name)` suggests a new spelling (the abbreviator or an LLM
// answer); an unusable proposal (empty, unchanged, a keyword, not [A-Za-z0-9_]) keeps the old name, a taken one
// gets a numeric suffix (2, 3, ...).
RenamePlan plan_renames(const Schema& schema, const std::function<Naturalness(const std::string&)>& naturalness,
                        const std::function<std::string(const std::string&)>& propose);

nlohmann::json rename_plan_json(const RenamePlan& plan);

}  // namespace chokepoint::tqa
