// Join conditions supplied from outside the declared keys: equi-joins found in a workload's SQL (source `workload`)
// or written by a user in a small JSON file (source `user`). Real schemas often lack declared keys; hints are how
// the schema graph learns the joins people actually write (decisions.md §4.1).
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"

namespace chokepoint {

// left_table.left_columns[i] = right_table.right_columns[i] for every i (several columns: a composite key).
struct JoinHint {
  std::string db_id;  // database the hint belongs to; empty = applies to any schema that has the tables
  std::string left_table;
  std::vector<std::string> left_columns;
  std::string right_table;
  std::vector<std::string> right_columns;
};

JoinHint single_column_hint(std::string left_table, std::string left_column, std::string right_table,
                            std::string right_column, std::string db_id = "");

// The user hint file: a JSON array of objects
//   {"left": "t1.c1", "right": "t2.c2"}                          one column pair
//   {"left": ["t1.a", "t1.b"], "right": ["t2.a", "t2.b"]}         composite key, pairwise
// with an optional "db_id" restricting the hint to one database. A reference is split at its first '.'.
Result<std::vector<JoinHint>> parse_join_hints_json(const std::string& text);
Result<std::vector<JoinHint>> load_join_hints(const std::string& path);

}  // namespace chokepoint
