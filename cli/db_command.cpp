// `chokepoint db info PATH.sqlite`: the table summary (columns, keys, row counts) of a database, as JSON.
#include <iostream>

#include "cli/command.h"
#include "core/base/path_part.h"
#include "core/db/connection.h"
#include "core/schema/schema_json.h"
#include "core/schema/sqlite_schema.h"

namespace chokepoint::cli {
namespace {

int db_info(const FlagValues& r) {
  if (r.positionals().size() != 1) return fail_input("usage: chokepoint db info PATH.sqlite");
  const std::string& path = r.positionals()[0];
  auto db = Connection::open_read_only(path);
  if (!db.ok()) return fail_input(db.error());
  auto schema = read_schema(*db, file_stem_of(path));
  if (!schema.ok()) return fail_input(path + ": " + schema.error());
  std::cout << schema_to_json(*schema).dump(2) << "\n";
  return 0;
}

const Registrar info{{"db info", "table summary of a SQLite database as JSON",
                      "Usage: chokepoint db info PATH.sqlite\n"
                      "Prints the tables with their columns, primary and foreign keys and row counts as JSON.\n"
                      "A missing or corrupt file gives a one-line error and exit code 2.",
                      nullptr, db_info}};

}  // namespace
}  // namespace chokepoint::cli
