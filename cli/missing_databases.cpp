// The missing-database check (see missing_databases.h).
#include "cli/missing_databases.h"

#include <filesystem>
#include <iostream>
#include <map>

#include "core/base/path_part.h"

namespace chokepoint::cli {
namespace {

constexpr size_t kListed = 5;  // db_ids a message names; the count says how many more

std::string listed(const MissingDatabases& m) {
  std::string out;
  for (size_t i = 0; i < m.db_ids.size() && i < kListed; ++i)
    out += (i ? ", " : "") + (m.reasons[i].empty() ? m.db_ids[i] : m.reasons[i]);
  if (m.db_ids.size() > kListed) out += ", and " + std::to_string(m.db_ids.size() - kListed) + " more";
  return out;
}

}  // namespace

MissingDatabases find_missing_databases(const std::string& db_root, const std::vector<std::string>& item_db_ids) {
  MissingDatabases m;
  std::map<std::string, bool> present;  // db_id -> its file is there
  std::string root = db_root;
  if (!root.empty() && root.back() != '/') root += '/';
  for (const auto& id : item_db_ids) {
    ++m.items;
    auto known = present.find(id);
    if (known == present.end()) {
      std::string reason;
      bool there = false;
      if (auto named = check_path_part(id, "db_id"); !named.ok()) {
        reason = named.error();
      } else {
        std::error_code ec;
        there = std::filesystem::is_regular_file(root + id + "/" + id + ".sqlite", ec);
      }
      known = present.emplace(id, there).first;
      if (!there) {
        m.db_ids.push_back(id);
        m.reasons.push_back(reason);
      }
    }
    if (!known->second) ++m.missing_items;
  }
  return m;
}

Result<SkippedDatabases> require_databases(const std::string& db_root, const std::vector<std::string>& item_db_ids,
                                           bool skip_missing, const std::string& skip_hint) {
  const MissingDatabases m = find_missing_databases(db_root, item_db_ids);
  SkippedDatabases skipped;
  if (m.missing_items == 0) return skipped;
  const std::string ids =
      std::to_string(m.db_ids.size()) + " db_id" + (m.db_ids.size() == 1 ? "" : "s") + " missing (" + listed(m) + ")";
  if (!skip_missing)
    return Error{std::to_string(m.missing_items) + " of " + std::to_string(m.items) + " item" +
                 (m.items == 1 ? "" : "s") + " " + (m.missing_items == 1 ? "has" : "have") + " no database under " +
                 db_root + ": " + ids + "; give --db-root the folder that holds <db_id>/<db_id>.sqlite" +
                 (skip_hint.empty() ? "" : ", " + skip_hint)};
  skipped.items = m.missing_items;
  skipped.note = "skipping " + std::to_string(m.missing_items) + " of " + std::to_string(m.items) +
                 " items: no database under " + db_root + " for " + ids;
  print_skip_note(skipped.note);
  return skipped;
}

void print_skip_note(const std::string& note) {
  if (!note.empty()) std::cerr << "chokepoint: " << note << "\n";
}

}  // namespace chokepoint::cli
