// Lazily opened, cached read-only connections.
#include "core/db/database_pool.h"

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
  if (db_id.empty() || db_id.find('/') != std::string::npos || db_id.find("..") != std::string::npos) {
    failed_[db_id] = "invalid database id '" + db_id + "'";
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
  open_.emplace(db_id, std::move(connection));
}

}  // namespace chokepoint
