// Read-only connections to a folder of benchmark databases laid out as Spider and BIRD ship them:
// ROOT/<db_id>/<db_id>.sqlite. Each database is opened once, on first use, and kept for the whole evaluation;
// a failed open is remembered so a missing database costs one attempt, not one per question.
#pragma once
#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/db/connection.h"

namespace chokepoint {

// One database of a db_id's folder: its file name there ("concert_singer.sqlite") and its connection.
struct PooledDatabase {
  std::string name;
  const Connection* connection = nullptr;  // owned by the pool
};

class DatabasePool {
 public:
  explicit DatabasePool(std::string root) : root_(std::move(root)) {}

  // The connection for db_id, or why it cannot be opened. The pointer stays valid as long as the pool.
  Result<const Connection*> get(const std::string& db_id);
  // Registers an already open connection (in-memory databases in tests, uploads in the browser).
  void add(const std::string& db_id, Connection connection);
  std::string path_of(const std::string& db_id) const;
  // Every database of db_id's folder, as a distilled test suite (Spider's test-suite evaluator, exec_eval.py
  // eval_exec_match, runs a pair on each file of the folder of ROOT/<db_id>/<db_id>.sqlite): get(db_id) first, then
  // the folder's other regular files named *.sqlite in byte order. The evaluator takes os.listdir's order (none in
  // particular) and any name containing ".sqlite" (a "-journal" file too, on which it would fail); whether a pair
  // passes does not depend on the order. A db_id registered with add() is a suite of one. Opened once, kept.
  Result<std::vector<PooledDatabase>> get_suite(const std::string& db_id);

 private:
  std::string root_;
  std::map<std::string, Connection> open_;
  std::map<std::string, std::string> failed_;     // db_id -> error message
  std::set<std::string> added_;                   // db_ids registered with add(): no folder
  std::map<std::string, Connection> suite_open_;  // "<db_id>/<file>" -> the suite's other databases
  std::map<std::string, Result<std::vector<PooledDatabase>>> suites_;  // db_id -> get_suite's answer
};

}  // namespace chokepoint
