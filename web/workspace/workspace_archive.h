// Export and import of the whole workspace as one file: a SQLite database (extension .chokepoint) with one table
// files(path TEXT PRIMARY KEY, bytes BLOB). SQLite is already in the page, so the archive needs no other codec, and
// a damaged archive is caught by SQLite's own checks. API keys are never part of the workspace (the LLM panel keeps a
// remembered key in the browser's localStorage), so they cannot leak through an export.
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"

namespace chokepoint::web {

// Writes every file under /workspace into a new archive at `archive_path`; returns the number of files.
Result<int> export_workspace(const std::string& archive_path);
struct ImportReport {
  int files = 0;                             // files restored
  std::vector<std::string> replaced_stores;  // "the LLM replay store (12 llm_replay rows)", when the archive had it
};
// Replaces the workspace's files with the archive's. The archive is checked completely before anything in the
// workspace is touched (core/db/file_archive.h: only its two tables, sizes capped, paths inside the workspace, the
// stores it carries plain tables), so a bad archive changes nothing.
Result<ImportReport> import_workspace(const std::string& archive_path);
// Deletes every file under /workspace/files.
int clear_workspace_files();

}  // namespace chokepoint::web
