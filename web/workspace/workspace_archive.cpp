// Workspace archive through SQLite.
#include "web/workspace/workspace_archive.h"

#include <dirent.h>
#include <sys/stat.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <vector>

#include "core/base/file_text.h"
#include "core/db/connection.h"
#include "core/db/file_archive.h"
#include "web/workspace/workspace.h"

namespace chokepoint::web {
namespace {

void list_files(const std::string& dir, std::vector<std::string>& out) {
  DIR* d = opendir(dir.c_str());
  if (!d) return;
  while (dirent* e = readdir(d)) {
    const std::string name = e->d_name;
    if (name == "." || name == "..") continue;
    const std::string path = dir + "/" + name;
    struct stat st {};
    if (stat(path.c_str(), &st) != 0) continue;
    if (S_ISDIR(st.st_mode))
      list_files(path, out);
    else if (S_ISREG(st.st_mode))
      out.push_back(path);
  }
  closedir(d);
}

std::string sql_text(const std::string& s) {
  std::string q = "'";
  for (char c : s) {
    if (c == '\'') q += '\'';
    q += c;
  }
  return q + "'";
}

std::string sql_blob(const std::string& bytes) {
  static const char* hex = "0123456789ABCDEF";
  std::string out = "X'";
  out.reserve(bytes.size() * 2 + 3);
  for (unsigned char c : bytes) {
    out += hex[c >> 4];
    out += hex[c & 15];
  }
  return out + "'";
}

void make_parents(const std::string& path) {
  for (size_t i = 1; i < path.size(); ++i)
    if (path[i] == '/') mkdir(path.substr(0, i).c_str(), 0777);
}

}  // namespace

Result<int> export_workspace(const std::string& archive_path) {
  std::vector<std::string> files;
  list_files("/workspace", files);
  std::remove(archive_path.c_str());
  auto db = Connection::open_read_write(archive_path);
  if (!db.ok()) return Error{db.error()};
  std::string script =
      "BEGIN; CREATE TABLE files(path TEXT PRIMARY KEY, bytes BLOB NOT NULL);"
      "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT); INSERT INTO meta VALUES('format', "
      "'chokepoint-workspace-1');";
  int n = 0;
  for (const auto& f : files) {
    std::ifstream in(f, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    script += "INSERT INTO files VALUES(" + sql_text(f.substr(std::string("/workspace/").size())) + ", " +
              sql_blob(ss.str()) + ");";
    ++n;
  }
  script += "COMMIT;";
  auto st = db->exec_script(script);
  if (!st.ok()) return Error{"cannot write the archive: " + st.error()};
  return n;
}

Result<ImportReport> import_workspace(const std::string& archive_path) {
  auto bytes = read_file(archive_path);
  if (!bytes.ok()) return Error{bytes.error()};
  auto db = Connection::open_image(*bytes, "the archive");
  if (!db.ok()) return Error{"not a workspace archive: " + db.error()};
  auto entries = read_file_archive(*db, "chokepoint-workspace-1");
  if (!entries.ok()) return Error{entries.error()};
  // The stores the app keeps its model answers and runs in: replaced only when they are plain stores, and the report
  // says so, so an archive cannot swap them silently.
  struct Store {
    const char* path;
    const char* label;
    std::vector<std::string> tables;
  };
  const Store stores[] = {{"llm_replay.sqlite", "the LLM replay store", {"llm_replay"}},
                          {"runs.sqlite", "the runs store", {"runs", "run_items"}}};
  ImportReport report;
  for (const auto& e : *entries) {
    for (const auto& s : stores) {
      if (e.path != s.path) continue;
      auto counts = check_store_image(e.bytes, s.path, s.tables);
      if (!counts.ok()) return Error{"the archive's " + std::string(s.path) + " is refused: " + counts.error()};
      report.replaced_stores.push_back(std::string(s.label) + " (" + std::to_string(counts->front().second) + " " +
                                       counts->front().first + " rows)");
    }
  }
  // Only now, with every file read and checked, is the current workspace replaced: a bad archive changes nothing.
  clear_workspace_files();
  for (const auto& e : *entries) {
    const std::string path = "/workspace/" + e.path;
    make_parents(path);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << e.bytes;
    if (out) ++report.files;
  }
  persist_workspace();
  return report;
}

int clear_workspace_files() {
  std::vector<std::string> files;
  list_files(kWorkspaceFiles, files);
  int n = 0;
  for (const auto& f : files) n += std::remove(f.c_str()) == 0 ? 1 : 0;
  // Kept files not read into this page (a big file still loading, or cancelled) are only in the store.
  for (const auto& f : workspace_report().files) {
    if (f.opened || f.path.rfind(kWorkspaceFiles, 0) != 0) continue;
    cancel_file_load(f.path);
    remove_from_workspace(f.path);
    ++n;
  }
  persist_workspace();
  return n;
}

}  // namespace chokepoint::web
