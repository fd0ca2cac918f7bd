// Workspace files: the C++ side of web/bridge/pre/workspace.js.
#include "web/workspace/workspace.h"

#include <dirent.h>
#include <emscripten.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>

#include <nlohmann/json.hpp>

extern "C" {
void chokepoint_js_persist_workspace();
int chokepoint_js_workspace_available();
void chokepoint_js_workspace_remove(const char* path);
void chokepoint_js_workspace_cancel_load(const char* path);
void chokepoint_js_workspace_discard(const char* path);
int chokepoint_js_workspace_restoring();
}

namespace chokepoint::web {
namespace {

// The store's report as JSON (malloc'd). EM_JS, not emscripten_run_script_string: that one evaluates a string, which
// the page's Content-Security-Policy forbids.
EM_JS(char*, chokepoint_js_workspace_report, (), {
  var s = Module.chokepointWorkspace ? Module.chokepointWorkspace.report() : "{}";
  var n = lengthBytesUTF8(s) + 1;
  var p = _malloc(n);
  stringToUTF8(s, p, n);
  return p;
});

}  // namespace

const char* const kWorkspaceFiles = "/workspace/files";

WorkspaceReport workspace_report() {
  WorkspaceReport r;
  char* raw = chokepoint_js_workspace_report();
  const std::string text = raw ? raw : "{}";
  std::free(raw);
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_object()) return r;
  r.available = j.value("available", false);
  r.writing = j.value("writing", false);
  r.usage = j.value("usage", int64_t{-1});
  r.quota = j.value("quota", int64_t{-1});
  for (const auto& f : j.value("files", nlohmann::json::array()))
    r.files.push_back({f.value("path", ""), f.value("state", ""), f.value("detail", ""), f.value("size", int64_t{0}),
                       f.value("opened", true)});
  for (const auto& l : j.value("loads", nlohmann::json::array()))
    r.loads.push_back({l.value("path", ""), l.value("name", ""), l.value("origin", ""), l.value("done", int64_t{0}),
                       l.value("total", int64_t{0})});
  return r;
}

bool keep_in_workspace(const std::string& path) {
  if (!workspace_available() || path.rfind("/workspace/", 0) != 0) return false;
  persist_workspace();
  return true;
}

std::string keep_made_file(const std::string& name, const std::string& text) {
  const std::string path = workspace_available() ? std::string(kWorkspaceFiles) + "/" + name : "/tmp/" + name;
  std::ofstream(path, std::ios::binary) << text;
  (void)keep_in_workspace(path);
  return path;
}

std::vector<std::string> workspace_files() {
  std::vector<std::string> out;
  DIR* dir = opendir(kWorkspaceFiles);
  if (!dir) return out;
  while (dirent* e = readdir(dir)) {
    std::string n = e->d_name;
    if (n == "." || n == "..") continue;
    out.push_back(std::string(kWorkspaceFiles) + "/" + n);
  }
  closedir(dir);
  std::sort(out.begin(), out.end());
  return out;
}

void remove_from_workspace(const std::string& path) { chokepoint_js_workspace_remove(path.c_str()); }
void discard_upload(const std::string& path) { chokepoint_js_workspace_discard(path.c_str()); }
void cancel_file_load(const std::string& path) { chokepoint_js_workspace_cancel_load(path.c_str()); }
int workspace_restoring() { return chokepoint_js_workspace_restoring(); }
void persist_workspace() { chokepoint_js_persist_workspace(); }
bool workspace_available() { return chokepoint_js_workspace_available() != 0; }

}  // namespace chokepoint::web
