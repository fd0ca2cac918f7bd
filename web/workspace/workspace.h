// The workspace: every file the user loaded is kept under /workspace (IndexedDB through Emscripten's IDBFS), so a
// reload brings it back. web/bridge/pre/workspace.js mounts and reads IndexedDB before main() runs; persist_workspace()
// writes changes back (Emscripten 3.1.6 has no automatic persistence).
#pragma once
#include <string>
#include <vector>

#include "web/app_state.h"

namespace chokepoint::web {

extern const char* const kWorkspaceFiles;  // "/workspace/files"

// Copies an uploaded file into the workspace and returns its workspace path ("" on failure).
std::string keep_in_workspace(const std::string& uploaded_path);
std::vector<std::string> workspace_files();  // sorted
bool remove_from_workspace(const std::string& path);
void persist_workspace();    // IndexedDB sync, asynchronous
bool workspace_available();  // false when IndexedDB could not be mounted (private mode)

}  // namespace chokepoint::web
