// libFuzzer target for the workspace archive importer's checks (core/db/file_archive.h): any bytes are opened as a
// SQLite image and read as an archive, and every entry that would replace a store is checked as one. Aborts on a
// crash or an escaping exception (errors must be values), and on an accepted entry whose path leaves the workspace
// or whose size passes the caps. Run with -rss_limit_mb to catch an archive that allocates without bound.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/db/file_archive.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  auto db = chokepoint::Connection::open_image(bytes, "archive");
  if (!db.ok()) return 0;
  chokepoint::ArchiveLimits limits;
  limits.max_entry_bytes = 1 << 20;
  limits.max_total_bytes = 4 << 20;
  limits.max_entries = 1000;
  auto entries = chokepoint::read_file_archive(*db, "chokepoint-workspace-1", limits);
  if (!entries.ok()) return 0;
  size_t total = 0;
  for (const auto& e : *entries) {
    if (!chokepoint::safe_archive_path(e.path) || e.bytes.size() > limits.max_entry_bytes) {
      std::fprintf(stderr, "accepted an entry it should refuse: %s\n", e.path.c_str());
      std::abort();
    }
    total += e.bytes.size();
    if (e.path == "llm_replay.sqlite") (void)chokepoint::check_store_image(e.bytes, e.path, {"llm_replay"});
    if (e.path == "runs.sqlite") (void)chokepoint::check_store_image(e.bytes, e.path, {"runs", "run_items"});
  }
  if (total > limits.max_total_bytes) {
    std::fprintf(stderr, "accepted more bytes than the cap\n");
    std::abort();
  }
  return 0;
}
