// Lazily opened, cached read-only connections.
#include "core/db/database_pool.h"

#include "core/base/path_part.h"

#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>

namespace chokepoint {

std::string DatabasePool::path_of(const std::string& db_id) const {
  std::string root = root_;
  if (!root.empty() && root.back() != '/') root += '/';
  return root + db_id + "/" + db_id + ".sqlite";
}

Result<const Connection*> DatabasePool::get(const std::string& db_id) {
  auto it = open_.find(db_id);
  if (it != open_.end()) return static_cast<const Connection*>(&it->second);
  auto f = failed_.find(db_id);
  if (f != failed_.end()) return Error{f->second};
  if (auto named = check_path_part(db_id, "database id"); !named.ok()) {
    failed_[db_id] = named.error();
    return Error{failed_[db_id]};
  }
  auto c = Connection::open_read_only(path_of(db_id));
  if (!c.ok()) {
    failed_[db_id] = c.error();
    return Error{c.error()};
  }
  auto placed = open_.emplace(db_id, std::move(*c));
  return static_cast<const Connection*>(&placed.first->second);
}

void DatabasePool::add(const std::string& db_id, Connection connection) {
  failed_.erase(db_id);
  open_.erase(db_id);
  suites_.erase(db_id);
  added_.insert(db_id);
  open_.emplace(db_id, std::move(connection));
}

Result<std::vector<PooledDatabase>> DatabasePool::get_suite(const std::string& db_id) {
  auto known = suites_.find(db_id);
  if (known != suites_.end()) return known->second;
  auto main = get(db_id);
  if (!main.ok()) return Error{main.error()};
  const std::string main_name = db_id + ".sqlite";
  std::vector<PooledDatabase> suite{{main_name, *main}};
  std::vector<std::string> others;
  const std::string path = path_of(db_id);
  const std::string folder = path.substr(0, path.size() - main_name.size());
  DIR* dir = added_.count(db_id) ? nullptr : opendir(folder.c_str());
  if (dir) {
    while (const dirent* e = readdir(dir)) {
      const std::string name = e->d_name;
      const std::string ext = ".sqlite";
      if (name == main_name || name.size() <= ext.size() || name.compare(name.size() - ext.size(), ext.size(), ext))
        continue;
      struct stat st;
      if (stat((folder + name).c_str(), &st) == 0 && S_ISREG(st.st_mode)) others.push_back(name);
    }
    closedir(dir);
  }
  std::sort(others.begin(), others.end());
  for (const auto& name : others) {
    const std::string key = db_id + "/" + name;
    auto c = Connection::open_read_only(folder + name);
    if (!c.ok()) return suites_.emplace(db_id, Error{"test suite database " + key + ": " + c.error()}).first->second;
    suite.push_back({name, &suite_open_.insert_or_assign(key, std::move(*c)).first->second});
  }
  return suites_.emplace(db_id, std::move(suite)).first->second;
}

}  // namespace chokepoint
