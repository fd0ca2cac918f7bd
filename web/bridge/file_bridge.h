// Files in and out of the page. In: the file picker and drag-and-drop (web/bridge/js/files.js) read the bytes into the
// Emscripten file system a chunk at a time (under /workspace/files, or /uploads without a workspace) and call
// chokepoint_on_file(path, origin); the path waits in AppState until the next frame opens it. Out: offer_download()
// hands a file of the virtual file system to the browser as a download.
#pragma once
#include <string>

#include "web/app_state.h"

namespace chokepoint::web {

void bind_file_bridge(AppState* state);
void open_file_picker();  // accepts .sqlite, .json, .sql, .csv, .txt
void offer_download(const std::string& fs_path, const std::string& file_name, const std::string& mime);

}  // namespace chokepoint::web
