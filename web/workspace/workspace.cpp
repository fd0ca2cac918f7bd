// Workspace files in IDBFS.
#include "web/workspace/workspace.h"

#include <dirent.h>
#include <emscripten.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <fstream>

extern "C" {
void chokepoint_js_persist_workspace();
int chokepoint_js_workspace_available();
}

namespace chokepoint::web {

const char* const kWorkspaceFiles = "/workspace/files";

std::string keep_in_workspace(const std::string& uploaded_path) {
  if (!workspace_available()) return "";
  mkdir(kWorkspaceFiles, 0777);
  auto slash = uploaded_path.find_last_of('/');
  std::string target = std::string(kWorkspaceFiles) + "/" + uploaded_path.substr(slash + 1);
  if (target == uploaded_path) return target;
  std::ifstream in(uploaded_path, std::ios::binary);
  std::ofstream out(target, std::ios::binary | std::ios::trunc);
  if (!in || !out) return "";
  out << in.rdbuf();
  out.close();
  if (!out) return "";
  persist_workspace();
  return target;
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

bool remove_from_workspace(const std::string& path) {
  if (path.rfind(kWorkspaceFiles, 0) != 0) return false;
  bool ok = std::remove(path.c_str()) == 0;
  persist_workspace();
  return ok;
}

void persist_workspace() { chokepoint_js_persist_workspace(); }
bool workspace_available() { return chokepoint_js_workspace_available() != 0; }

}  // namespace chokepoint::web
