// Databases the page made, written and opened (see made_database.h).
#include "web/workspace/made_database.h"

#include <sys/stat.h>

#include <memory>

#include "core/base/text.h"
#include "core/schema/sqlite_schema.h"
#include "web/workspace/workspace.h"

namespace chokepoint::web {
namespace {

bool file_exists(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0;
}

bool database_known(const AppState& state, const std::string& db_id) {
  for (const auto& d : state.databases.databases)
    if (iequals(d.schema.db_id, db_id)) return true;
  return false;
}

}  // namespace

MadeDatabaseName fresh_made_database(const AppState& state, const std::string& stem) {
  const std::string folder = workspace_available() ? kWorkspaceFiles : "/tmp/made";
  mkdir(folder.c_str(), 0777);
  for (int n = 1;; ++n) {
    const std::string id = stem + (n == 1 ? "" : std::to_string(n));
    if (database_known(state, id) || file_exists(folder + "/" + id + ".sqlite") ||
        file_exists(folder + "/" + id + ".json"))
      continue;
    return {id, folder + "/" + id + ".sqlite"};
  }
}

Status add_made_database(AppState& state, const MadeDatabaseName& made, const std::string& origin) {
  auto db = Connection::open_read_only(made.path);
  if (!db.ok()) return Error{"cannot reopen " + made.db_id + ": " + db.error()};
  auto schema = read_schema(*db, made.db_id);
  if (!schema.ok()) return Error{"cannot read the schema of " + made.db_id + ": " + schema.error()};
  LoadedDatabase d;
  d.path = made.path;
  d.origin = origin;
  d.schema = std::move(schema).value();
  d.connection = std::make_shared<Connection>(std::move(db).value());
  state.databases.databases.push_back(std::move(d));
  if (workspace_available()) persist_workspace();
  return ok_status();
}

}  // namespace chokepoint::web
