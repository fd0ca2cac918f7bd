// A database the page made (a de-naturalised variant, BigTable's renamed copies) becomes a browsable database the way
// an opened file does: written under a fresh name beside the user's files in the workspace (so a reload reopens it,
// its db_id the file's stem), then opened read-only.
#pragma once
#include <string>

#include "core/base/result.h"
#include "web/app_state.h"

namespace chokepoint::web {

struct MadeDatabaseName {
  std::string db_id;  // e.g. "toxicology_denat2"
  std::string path;   // <db_id>.sqlite in the workspace's files (or in /tmp when there is no workspace)
};

// `stem`, else stem2, stem3, ...: the first db_id no loaded database has and no file of the folder is named after
// (<id>.sqlite or <id>.json). Creates the folder.
MadeDatabaseName fresh_made_database(const AppState& state, const std::string& stem);

// Opens the written file read-only and adds it to the page's databases as `db_id`, from `origin` ("denaturalised",
// "bigtable"); stores the workspace's changes.
Status add_made_database(AppState& state, const MadeDatabaseName& made, const std::string& origin);

}  // namespace chokepoint::web
