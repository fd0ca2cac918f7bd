// Workspace archive through SQLite.
#include "web/workspace/workspace_archive.h"

#include <dirent.h>
#include <sys/stat.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <vector>

#include "core/db/connection.h"
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

bool safe_relative(const std::string& rel) {
  return !rel.empty() && rel[0] != '/' && rel.find("..") == std::string::npos;
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

Result<int> import_workspace(const std::string& archive_path) {
  auto db = Connection::open_read_only(archive_path);
  if (!db.ok()) return Error{"not a workspace archive: " + db.error()};
  auto fmt = db->query("SELECT value FROM meta WHERE key = 'format'");
  if (!fmt.ok() || fmt.result.rows.empty() || fmt.result.rows[0][0].bytes != "chokepoint-workspace-1")
    return Error{"not a Chokepoint workspace archive (no format marker)"};
  // Paths first, then each file's bytes on its own, so no result holds more than one file. An archive is a SQLite
  // file already in memory (it stores bytes uncompressed), so an entry cannot be bigger than the upload itself:
  // the per-query caps for predictions (decisions.md §10) do not apply here, but the time limit does.
  QueryLimits list_limits;
  list_limits.max_rows = 100000;
  list_limits.timeout_ms = 30000;
  auto rows = db->query("SELECT path FROM files ORDER BY path", list_limits);
  if (!rows.ok()) return Error{"damaged workspace archive: " + rows.message};
  if (rows.result.truncated) return Error{"the archive lists more than 100000 files"};
  for (const auto& r : rows.result.rows)
    if (r[0].type != ValueType::Text || !safe_relative(r[0].bytes))
      return Error{"damaged workspace archive: bad file path"};
  QueryLimits file_limits;
  file_limits.timeout_ms = 30000;
  file_limits.max_rows = 1;
  file_limits.max_value_bytes = 0;   // SQLite's own limit (1e9 bytes)
  file_limits.max_result_bytes = 0;  // one file, whatever its size
  std::vector<std::pair<std::string, std::string>> contents;
  for (const auto& r : rows.result.rows) {
    auto bytes = db->query("SELECT bytes FROM files WHERE path = " + sql_text(r[0].bytes), file_limits);
    if (!bytes.ok() || bytes.result.rows.size() != 1)
      return Error{"damaged workspace archive: cannot read " + r[0].bytes + (bytes.ok() ? "" : ": " + bytes.message)};
    contents.emplace_back(r[0].bytes, std::move(bytes.result.rows[0][0].bytes));
  }
  // Only now, with every file read, is the current workspace replaced: a damaged archive changes nothing.
  clear_workspace_files();
  int n = 0;
  for (const auto& [relative, bytes] : contents) {
    const std::string path = "/workspace/" + relative;
    make_parents(path);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << bytes;
    if (out) ++n;
  }
  persist_workspace();
  return n;
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
