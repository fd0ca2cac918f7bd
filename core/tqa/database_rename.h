// The altered database of a de-naturalised variant (SQLMorph §V, "Alter Schema"): a copy of the original made with
// SQLite's online backup API (works from a read-only connection and into memory, in the browser too), then renamed
// with ALTER TABLE ... RENAME COLUMN / RENAME TO, and verified with PRAGMA table_info.
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/db/connection.h"
#include "core/tqa/rename_plan.h"

namespace chokepoint::tqa {

// Copies `source` into a new database at `path` (":memory:" or "" for an in-memory copy), opened read-write.
Result<Connection> clone_database(const Connection& source, const std::string& path);

// Columns first, then tables, with foreign-key enforcement off (SQLite rewrites REFERENCES clauses itself), in one
// transaction. Then checks that every table exists under its new name with exactly the planned columns in order.
// A plan that fails leaves the database as it was.
Status apply_rename_plan(const Connection& db, const RenamePlan& plan);

// The same, a statement at a time, for a job that must not hold a frame: each ALTER TABLE makes SQLite parse and
// rewrite the whole schema, and a Spider database's renames took 50-110 ms of one frame in the page. The transaction
// stays open between steps; the last step commits and verifies.
class RenameApplier {
 public:
  RenameApplier(const Connection& db, const RenamePlan& plan);
  Status step();  // one statement; an error ends the applier and rolls the database back
  bool done() const { return done_; }

 private:
  const Connection& db_;
  const RenamePlan& plan_;
  static constexpr size_t kBegin = 2;    // statements_[kBegin] is BEGIN: a failure after it rolls back
  std::vector<std::string> statements_;  // the PRAGMAs, BEGIN, the ALTERs, COMMIT
  size_t next_ = 0;
  bool done_ = false;
};

}  // namespace chokepoint::tqa
