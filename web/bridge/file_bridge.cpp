// C++ side of web/bridge/js/files.js.
#include "web/bridge/file_bridge.h"

#include <emscripten.h>

extern "C" {
void chokepoint_js_open_file_picker();
void chokepoint_js_download(const char* fs_path, const char* file_name, const char* mime);
}

namespace chokepoint::web {
namespace {
AppState* g_file_bridge_state = nullptr;
}

void bind_file_bridge(AppState* state) { g_file_bridge_state = state; }
void open_file_picker() { chokepoint_js_open_file_picker(); }
void offer_download(const std::string& fs_path, const std::string& file_name, const std::string& mime) {
  chokepoint_js_download(fs_path.c_str(), file_name.c_str(), mime.c_str());
}

}  // namespace chokepoint::web

// Called by web/bridge/pre/workspace.js once a file's bytes are all in the virtual file system.
extern "C" EMSCRIPTEN_KEEPALIVE void chokepoint_on_file(const char* path, const char* origin) {
  if (chokepoint::web::g_file_bridge_state && path)
    chokepoint::web::g_file_bridge_state->pending_files.push_back({path, origin ? origin : "upload"});
}

// Called by the workspace store when a file cannot be kept, or its reading stopped (between frames, never inside one).
extern "C" EMSCRIPTEN_KEEPALIVE void chokepoint_on_workspace_event(const char* text, int error) {
  if (chokepoint::web::g_file_bridge_state && text)
    chokepoint::web::notify(*chokepoint::web::g_file_bridge_state, text, error != 0);
}
