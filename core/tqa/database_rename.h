// The altered database of a de-naturalised variant (SQLMorph §V, "Alter Schema"): a copy of the original made with
// SQLite's online backup API (works from a read-only connection and into memory, in the browser too), then renamed
// with ALTER TABLE ... RENAME COLUMN / RENAME TO, and verified with PRAGMA table_info.
#pragma once
#include <string>

#include "core/base/result.h"
#include "core/db/connection.h"
#include "core/tqa/rename_plan.h"

namespace chokepoint::tqa {

// Copies `source` into a new database at `path` (":memory:" or "" for an in-memory copy), opened read-write.
Result<Connection> clone_database(const Connection& source, const std::string& path);

// Columns first, then tables, with foreign-key enforcement off (SQLite rewrites REFERENCES clauses itself). Then
// checks that every table exists under its new name with exactly the planned columns in order.
Status apply_rename_plan(const Connection& db, const RenamePlan& plan);

}  // namespace chokepoint::tqa
