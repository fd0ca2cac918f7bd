// Items whose database is missing under --db-root. By default a command that scores items on databases refuses to
// run when any is (exit 2), naming the missing db_ids, so a wrong --db-root cannot pass for a score over the few
// items it happened to hold; --skip-missing scores the rest and says on stderr what was skipped. A db_id that is not
// one plain path component (core/base/path_part.h) counts as missing, with that reason.
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"

namespace chokepoint::cli {

struct MissingDatabases {
  size_t items = 0;                  // items checked
  size_t missing_items = 0;          // of them, those without a database
  std::vector<std::string> db_ids;   // the missing ones, in order of first appearance
  std::vector<std::string> reasons;  // per db_id: empty when the file is absent, else why the id names no file
};

// Which of the items (one db_id each) have no DIR/<db_id>/<db_id>.sqlite regular file under `db_root`.
MissingDatabases find_missing_databases(const std::string& db_root, const std::vector<std::string>& item_db_ids);

// What require_databases let through: the items skipped and the note it printed (empty when none is missing).
struct SkippedDatabases {
  size_t items = 0;  // items without a database (only with skip_missing)
  std::string note;  // "skipping 4 of 6 items: no database under DIR for 3 db_ids missing (...)", printed on stderr
};

// Ok when every item has its database. Otherwise, with `skip_missing`, prints on stderr what is skipped and is ok;
// without, the error line: "989 of 1034 items have no database under DIR: 3 db_ids missing (concert_singer, pets_1,
// car_1); give --db-root the folder that holds <db_id>/<db_id>.sqlite, or --skip-missing to score the rest".
// `skip_hint` replaces the last clause (empty: no clause, for a command that cannot skip items).
Result<SkippedDatabases> require_databases(const std::string& db_root, const std::vector<std::string>& item_db_ids,
                                           bool skip_missing,
                                           const std::string& skip_hint = "or --skip-missing to score the rest");

// Prints a note require_databases made (a merge repeats the one its shards recorded); nothing when empty.
void print_skip_note(const std::string& note);

}  // namespace chokepoint::cli
