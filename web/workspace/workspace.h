// The workspace: every file the user loaded is kept under /workspace and in this browser's IndexedDB, one record per
// file (web/bridge/pre/workspace.js), so a reload brings it back. Small files are read back before main() runs; big
// ones while the app runs, with progress and cancel. persist_workspace() stores what changed under /workspace.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "web/app_state.h"

namespace chokepoint::web {

extern const char* const kWorkspaceFiles;  // "/workspace/files"

// What the store says about one kept file.
struct KeptFile {
  std::string path;    // /workspace/...
  std::string state;   // saved, saving, too_large, failed
  std::string detail;  // why a file is not saved
  int64_t size = 0;
  bool opened = true;  // false while a big file is still being read into the page (or its reading was cancelled)
};

// A file being read into the page, a chunk per task.
struct FileLoad {
  std::string path, name, origin;  // origin: upload or workspace
  int64_t done = 0, total = 0;
};

struct WorkspaceReport {
  bool available = false;
  bool writing = false;  // stores still running
  std::vector<KeptFile> files;
  std::vector<FileLoad> loads;
  int64_t usage = -1, quota = -1;  // navigator.storage.estimate(); -1 when the browser does not say
};

WorkspaceReport workspace_report();
// Stores a file that was read into /workspace (an upload is stored as the File it came from). False when the path is
// outside the workspace or the workspace is unavailable: the file then lasts until the page is closed.
bool keep_in_workspace(const std::string& path);
// Writes a file the app made (a model's predictions, augmented sets) where a reload finds it again: under the
// workspace's files, stored, when there is a workspace, else in /tmp for as long as the page is open. Returns its path.
std::string keep_made_file(const std::string& name, const std::string& text);
std::vector<std::string> workspace_files();  // the files under /workspace/files in this page, sorted
void remove_from_workspace(const std::string& path);
// An upload that could not be opened leaves the page; a copy kept earlier under the same name stays kept.
void discard_upload(const std::string& path);
void cancel_file_load(const std::string& path);
int workspace_restoring();   // workspace files still being read after a reload
void persist_workspace();    // stores what changed, asynchronously, a file per transaction
bool workspace_available();  // false when IndexedDB cannot be opened (private mode)

}  // namespace chokepoint::web
