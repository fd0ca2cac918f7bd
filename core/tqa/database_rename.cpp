// Identifiers in the ALTER statements are always double-quoted, so names that are keywords or hold spaces (BIRD's
// "Free Meal Count (K-12)") rename like any other.
#include "core/tqa/database_rename.h"

#include "core/db/sql_quote.h"

#include <sqlite3.h>

namespace chokepoint::tqa {
Result<Connection> clone_database(const Connection& source, const std::string& path) {
  auto dest = path.empty() || path == ":memory:" ? Connection::open_memory() : Connection::open_read_write(path);
  if (!dest.ok()) return Error{dest.error()};
  sqlite3_backup* backup = sqlite3_backup_init(dest->handle(), "main", source.handle(), "main");
  if (!backup) return Error{std::string("cannot start the copy: ") + sqlite3_errmsg(dest->handle())};
  int rc = sqlite3_backup_step(backup, -1);
  sqlite3_backup_finish(backup);
  if (rc != SQLITE_DONE) return Error{std::string("copying the database failed: ") + sqlite3_errstr(rc)};
  return std::move(*dest);
}

namespace {

// Every table under its new name with exactly the planned columns, in order.
Status verify_renamed(const Connection& db, const RenamePlan& plan) {
  for (const auto& t : plan.tables) {
    QueryOutcome info = db.query("SELECT name FROM pragma_table_info(" + quote_string(t.table.new_name) + ")");
    if (!info.ok()) return Error{"PRAGMA table_info(" + t.table.new_name + "): " + info.message};
    if (info.result.rows.size() != t.columns.size())
      return Error{"table " + t.table.new_name + " has " + std::to_string(info.result.rows.size()) +
                   " columns after renaming, expected " + std::to_string(t.columns.size())};
    for (size_t i = 0; i < t.columns.size(); ++i)
      if (info.result.rows[i][0].bytes != t.columns[i].new_name)
        return Error{"column " + std::to_string(i) + " of " + t.table.new_name + " is " + info.result.rows[i][0].bytes +
                     ", expected " + t.columns[i].new_name};
  }
  return ok_status();
}

}  // namespace

RenameApplier::RenameApplier(const Connection& db, const RenamePlan& plan) : db_(db), plan_(plan) {
  // One transaction: each ALTER TABLE on its own would write and sync the journal again (in the page, a Spider
  // database's renames took up to 150 ms that way). The PRAGMAs cannot change inside one.
  statements_ = {"PRAGMA foreign_keys=OFF;", "PRAGMA legacy_alter_table=OFF;", "BEGIN;"};  // BEGIN at kBegin
  for (const auto& t : plan.tables)
    for (const auto& c : t.columns)
      if (c.renamed())
        statements_.push_back("ALTER TABLE " + quote_identifier(t.table.old_name) + " RENAME COLUMN " +
                              quote_identifier(c.old_name) + " TO " + quote_identifier(c.new_name) + ";");
  for (const auto& t : plan.tables)
    if (t.table.renamed())
      statements_.push_back("ALTER TABLE " + quote_identifier(t.table.old_name) + " RENAME TO " +
                            quote_identifier(t.table.new_name) + ";");
  statements_.push_back("COMMIT;");
}

Status RenameApplier::step() {
  if (done_) return ok_status();
  if (next_ < statements_.size()) {
    if (auto st = db_.exec_script(statements_[next_]); !st.ok()) {
      done_ = true;
      if (next_ > kBegin) (void)db_.exec_script("ROLLBACK;");  // a failed rename leaves the copy as it was
      return Error{"renaming failed: " + st.error()};
    }
    ++next_;
    return ok_status();
  }
  done_ = true;
  return verify_renamed(db_, plan_);
}

Status apply_rename_plan(const Connection& db, const RenamePlan& plan) {
  RenameApplier applier(db, plan);
  while (!applier.done())
    if (auto st = applier.step(); !st.ok()) return st;
  return ok_status();
}

}  // namespace chokepoint::tqa
