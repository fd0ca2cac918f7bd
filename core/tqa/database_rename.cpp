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

Status apply_rename_plan(const Connection& db, const RenamePlan& plan) {
  // One transaction: each ALTER TABLE on its own would write and sync the journal again (measured in the page, a
  // Spider database's renames took up to 150 ms of one frame that way). The PRAGMAs cannot change inside one.
  std::string script = "PRAGMA foreign_keys=OFF;\nPRAGMA legacy_alter_table=OFF;\nBEGIN;\n";
  for (const auto& t : plan.tables)
    for (const auto& c : t.columns)
      if (c.renamed())
        script += "ALTER TABLE " + quote_identifier(t.table.old_name) + " RENAME COLUMN " +
                  quote_identifier(c.old_name) + " TO " + quote_identifier(c.new_name) + ";\n";
  for (const auto& t : plan.tables)
    if (t.table.renamed())
      script += "ALTER TABLE " + quote_identifier(t.table.old_name) + " RENAME TO " +
                quote_identifier(t.table.new_name) + ";\n";
  script += "COMMIT;\n";
  if (auto st = db.exec_script(script); !st.ok()) {
    (void)db.exec_script("ROLLBACK;");  // a failed rename leaves the copy as it was
    return Error{"renaming failed: " + st.error()};
  }
  for (const auto& t : plan.tables) {
    QueryOutcome info = db.query("SELECT name FROM pragma_table_info(" + [&] {
      std::string s = "'";
      for (char c : t.table.new_name) s += c == '\'' ? std::string("''") : std::string(1, c);
      return s + "'";
    }() + ")");
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

}  // namespace chokepoint::tqa
