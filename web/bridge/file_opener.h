// Opening a file the user gave the app: a SQLite database, a tables.json (schema-only databases), a text file a panel
// claims as its own (the Studies tab's report.json), or an evaluation or prediction set in any supported format. Bad
// files become a notice the user can read; nothing is half-loaded.
#pragma once
#include <string>
#include <vector>

#include "web/app_state.h"

namespace chokepoint::web {

enum class OpenedKind { Database, Schemas, Claimed, EvalSet, Failed };

// A panel's own kind of text file, tried before the set formats: NotMine lets the next claimer or the set formats
// have it; Opened and Refused (the claimer has told the user why) end the opening.
enum class Claim { NotMine, Opened, Refused };
using TextFileClaimer = Claim (*)(AppState& state, const std::string& file_name, const std::string& text);
struct TextFileClaimerRegistrar {
  explicit TextFileClaimerRegistrar(TextFileClaimer claimer);
};

// Opens `path` (a file in the virtual file system) into the state; `origin` labels where it came from. A database
// listed but not yet open (LoadedDatabase::opening) at the same path takes the connection and the schema read now.
OpenedKind open_file(AppState& state, const std::string& path, const std::string& origin);

// Lists the sample databases `files` (names under /assets/db) from the build's schema snapshot, without opening them,
// and queues each file to open at start (AppState::pending_files). A sample the snapshot lacks, or a snapshot that
// cannot be read, opens at once instead, so the samples are listed either way.
void list_sample_databases(AppState& state, const std::vector<std::string>& files);

}  // namespace chokepoint::web
