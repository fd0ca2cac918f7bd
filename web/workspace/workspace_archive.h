// Export and import of the whole workspace as one file: a SQLite database (extension .chokepoint) with one table
// files(path TEXT PRIMARY KEY, bytes BLOB). SQLite is already in the page, so the archive needs no other codec, and
// a damaged archive is caught by SQLite's own checks. API keys are never part of the workspace (the LLM panel keeps a
// remembered key in the browser's localStorage), so they cannot leak through an export.
#pragma once
#include <string>

#include "core/base/result.h"

namespace chokepoint::web {

// Writes every file under /workspace into a new archive at `archive_path`; returns the number of files.
Result<int> export_workspace(const std::string& archive_path);
// Replaces the workspace's files with the archive's; returns the number of files restored. The archive is checked
// completely before anything in the workspace is touched, so a bad archive changes nothing.
Result<int> import_workspace(const std::string& archive_path);
// Deletes every file under /workspace/files.
int clear_workspace_files();

}  // namespace chokepoint::web
