// Read-only connections to a folder of benchmark databases laid out as Spider and BIRD ship them:
// ROOT/<db_id>/<db_id>.sqlite. Each database is opened once, on first use, and kept for the whole evaluation;
// a failed open is remembered so a missing database costs one attempt, not one per question.
#pragma once
#include <map>
#include <string>

#include "core/base/result.h"
#include "core/db/connection.h"

namespace chokepoint {

class DatabasePool {
 public:
  explicit DatabasePool(std::string root) : root_(std::move(root)) {}

  // The connection for db_id, or why it cannot be opened. The pointer stays valid as long as the pool.
  Result<const Connection*> get(const std::string& db_id);
  // Registers an already open connection (in-memory databases in tests, uploads in the browser).
  void add(const std::string& db_id, Connection connection);
  std::string path_of(const std::string& db_id) const;

 private:
  std::string root_;
  std::map<std::string, Connection> open_;
  std::map<std::string, std::string> failed_;  // db_id -> error message
};

}  // namespace chokepoint
