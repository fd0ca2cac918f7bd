// Archive checks and reading (see file_archive.h).
#include "core/db/file_archive.h"

#include "core/db/sql_quote.h"

namespace chokepoint {
namespace {

// Every object of the database's schema that is not a table or an index of one: views and triggers.
Status only_tables(const Connection& db, const std::string& name) {
  auto objects = db.query("SELECT type, name FROM sqlite_schema WHERE type NOT IN ('table', 'index') ORDER BY name");
  if (!objects.ok()) return Error{name + ": " + objects.message};
  if (!objects.result.rows.empty()) {
    const Row& r = objects.result.rows[0];
    return Error{name + " holds a " + r[0].bytes + " (" + r[1].bytes + "); only tables are accepted"};
  }
  return ok_status();
}

}  // namespace

bool safe_archive_path(const std::string& path) {
  if (path.empty() || path.size() > 1024 || path[0] == '/' || path.back() == '/') return false;
  size_t start = 0;
  while (start <= path.size()) {
    size_t end = path.find('/', start);
    if (end == std::string::npos) end = path.size();
    const std::string part = path.substr(start, end - start);
    if (part.empty() || part == "." || part == "..") return false;
    for (unsigned char c : part)
      if (c < 0x20 || c == 0x7f || c == '\\') return false;
    start = end + 1;
  }
  return true;
}

Result<std::vector<ArchiveEntry>> read_file_archive(const Connection& archive, const std::string& format,
                                                    const ArchiveLimits& limits) {
  auto tables = archive.query("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name");
  if (!tables.ok()) return Error{"not an archive: " + tables.message};
  if (auto st = only_tables(archive, "the archive"); !st.ok()) return Error{st.error()};
  std::vector<std::string> names;
  for (const Row& r : tables.result.rows) names.push_back(r[0].bytes);
  if (names != std::vector<std::string>{"files", "meta"})
    return Error{"not an archive of this format: it must hold exactly the tables files and meta"};
  auto marker = archive.query("SELECT value FROM meta WHERE key = 'format'");
  if (!marker.ok() || marker.result.rows.size() != 1 || marker.result.rows[0][0].bytes != format)
    return Error{"not an archive of this format (no '" + format + "' marker)"};

  // Paths and sizes first: length() of a blob reads its stored size, not its content.
  QueryLimits list_limits;
  list_limits.timeout_ms = 30000;
  list_limits.max_rows = limits.max_entries + 1;
  auto listed = archive.query("SELECT path, typeof(bytes), length(bytes) FROM files ORDER BY path", list_limits);
  if (!listed.ok()) return Error{"damaged archive: " + listed.message};
  if (listed.result.rows.size() > limits.max_entries || listed.result.truncated)
    return Error{"the archive lists more than " + std::to_string(limits.max_entries) + " files"};
  size_t total = 0;
  for (const Row& r : listed.result.rows) {
    if (r[0].type != ValueType::Text || !safe_archive_path(r[0].bytes))
      return Error{"damaged archive: a file path is not a relative path inside the workspace"};
    if (r[1].bytes != "blob" && r[1].bytes != "text") return Error{"damaged archive: " + r[0].bytes + " has no bytes"};
    const auto size = static_cast<size_t>(r[2].integer < 0 ? 0 : r[2].integer);
    if (size > limits.max_entry_bytes)
      return Error{r[0].bytes + " is " + size_label(size) + "; an archive's file may be at most " +
                   size_label(limits.max_entry_bytes)};
    total += size;
    if (total > limits.max_total_bytes)
      return Error{"the archive's files come to more than " + size_label(limits.max_total_bytes)};
  }
  QueryLimits file_limits;
  file_limits.timeout_ms = 30000;
  file_limits.max_rows = 1;
  file_limits.max_value_bytes = limits.max_entry_bytes;
  file_limits.max_result_bytes = 0;  // one value, already capped above
  std::vector<ArchiveEntry> out;
  out.reserve(listed.result.rows.size());
  for (const Row& r : listed.result.rows) {
    auto bytes =
        archive.query("SELECT CAST(bytes AS BLOB) FROM files WHERE path = " + quote_string(r[0].bytes), file_limits);
    if (!bytes.ok() || bytes.result.rows.size() != 1)
      return Error{"damaged archive: cannot read " + r[0].bytes + (bytes.ok() ? "" : ": " + bytes.message)};
    out.push_back({r[0].bytes, std::move(bytes.result.rows[0][0].bytes)});
  }
  return out;
}

Result<std::vector<std::pair<std::string, long long>>> check_store_image(const std::string& bytes,
                                                                         const std::string& name,
                                                                         const std::vector<std::string>& required) {
  auto db = Connection::open_image(bytes, name);
  if (!db.ok()) return Error{db.error()};
  if (auto st = only_tables(*db, name); !st.ok()) return Error{st.error()};
  std::vector<std::pair<std::string, long long>> counts;
  for (const auto& table : required) {
    QueryLimits limits;
    limits.timeout_ms = 10000;
    auto n = db->query("SELECT count(*) FROM " + quote_identifier(table), limits);
    if (!n.ok() || n.result.rows.empty()) return Error{name + " has no table " + table + ": it is not this store"};
    counts.emplace_back(table, n.result.rows[0][0].integer);
  }
  return counts;
}

}  // namespace chokepoint
