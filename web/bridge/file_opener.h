// Opening a file the user gave the app: a SQLite database, a tables.json (schema-only databases), or an evaluation
// or prediction set in any supported format. Bad files become a notice the user can read; nothing is half-loaded.
#pragma once
#include <string>

#include "web/app_state.h"

namespace chokepoint::web {

enum class OpenedKind { Database, Schemas, EvalSet, Failed };

// Opens `path` (a file in the virtual file system) into the state; `origin` labels where it came from.
OpenedKind open_file(AppState& state, const std::string& path, const std::string& origin);

}  // namespace chokepoint::web
