// Reading an archive of files kept in one SQLite database, as the app's workspace export writes it: a table
// files(path TEXT PRIMARY KEY, bytes BLOB NOT NULL) and a table meta(key, value) whose 'format' row names the format.
// An archive may come from anyone, so it is checked before a byte of it is used: nothing but those two tables (no
// view or trigger whose reading could run code or allocate without bound), relative paths without "..", and caps on
// each entry, on the total and on the number of entries, read from the lengths SQLite stores before any content.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/db/connection.h"

namespace chokepoint {

struct ArchiveLimits {
  size_t max_entries = 100000;
  size_t max_entry_bytes = size_t{256} << 20;  // one file
  size_t max_total_bytes = size_t{1} << 30;    // all files together
};

struct ArchiveEntry {
  std::string path;  // relative, '/'-separated, no "..", no leading '/'
  std::string bytes;
};

// Every entry, in path order, or the first reason the archive is refused (nothing is returned then).
Result<std::vector<ArchiveEntry>> read_file_archive(const Connection& archive, const std::string& format,
                                                    const ArchiveLimits& limits = {});

// Whether `path` may name a file inside the folder an archive is unpacked into.
bool safe_archive_path(const std::string& path);

// A SQLite store carried as an archive entry (the replay store, the run store): it must open, hold only tables and
// their indexes (no view or trigger), and have every table `required` names. Returns its row counts by table.
Result<std::vector<std::pair<std::string, long long>>> check_store_image(const std::string& bytes,
                                                                         const std::string& name,
                                                                         const std::vector<std::string>& required);

}  // namespace chokepoint
