// Random test databases in the style of Zhong et al.'s distilled test suites (the TSA baseline of SynSQL §4.1): an
// original database's tables filled with a bounded number of random rows that respect its declared types, primary
// keys, UNIQUE constraints, NOT NULL and foreign keys (a child's key drawn from the rows its parent table got).
// Values come from the original's own columns when it has some (sampled, value_pools) and from generators typed by
// the column's affinity otherwise. Seeded and deterministic: the same inputs and seed give the same statements, and
// so the same database bytes. Small by construction (SynSQL §5.2 reports multi-GB TSA databases on BIRD).
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/db/connection.h"
#include "core/schema/schema.h"
#include "core/schema/schema_ddl.h"

namespace chokepoint::testdb {

// A small deterministic generator (splitmix64): the same seed gives the same stream on every platform, which the
// standard library's distributions do not promise.
class SeededRandom {
 public:
  explicit SeededRandom(uint64_t seed) : state_(seed) {}
  uint64_t next();
  size_t below(size_t n);                         // uniform in [0, n); 0 when n = 0
  bool chance(double p);                          // true with probability p
  static uint64_t mix(uint64_t a, uint64_t b);    // combines two seeds into one
  static uint64_t hash(const std::string& text);  // FNV-1a, for seeding by a name

 private:
  uint64_t state_;
};

// Distinct non-NULL values of each column of the original, at most `per_column`, keyed "table\x1fcolumn" in lower case.
// Also the literals of the queries the database must tell apart, as TSA seeds its fuzzer with the gold's constants:
// a number n as n - 1, n and n + 1 (so `>` and `>=` meet a row between them), a string as written and without its
// LIKE wildcards; numbers go to columns of numeric affinity, strings to the others.
struct ValuePools {
  std::map<std::string, std::vector<Value>> by_column;
  std::vector<Value> numbers, strings;  // query literals, sorted, without duplicates
  const std::vector<Value>* find(const std::string& table, const std::string& column) const;  // nullptr when none
};
// One bounded query per column (SELECT DISTINCT ... LIMIT per_column, in the database's own scan order); a column
// whose query fails or hits a limit gets no pool (its values come from the typed generator).
ValuePools sample_value_pools(const Connection& original, const Schema& schema, size_t per_column,
                              const QueryLimits& limits);

// Adds the number and string literals of `sqls` (tokenized by core/sql; text that does not tokenize adds nothing).
void add_query_literals(ValuePools& pools, const std::vector<std::string>& sqls);

// The CREATE TABLE statements that rebuild `original`'s tables: printed from `schema` (read_schema's, with
// collations) and `uniques` by schema_to_ddl, never `original`'s stored SQL, which a hostile database can end with
// statements of its own. Virtual tables become ordinary tables with the same columns; their shadow tables, views,
// triggers, CHECK constraints, defaults and generated columns are left out (test data is drawn, not computed).
Result<std::string> schema_script(const Connection& original, const Schema& schema, const UniqueKeys& uniques);

struct RandomDatabaseOptions {
  uint64_t seed = 1;
  size_t max_rows = 30;        // per table; each table gets between max(1, max_rows / 3) and max_rows rows
  double null_share = 0.1;     // chance that a nullable column outside every key gets NULL
  double pool_share = 0.85;    // chance that a value comes from the column's pool (halved at most for pools
                               // with fewer values than max_rows)
  double literal_share = 0.3;  // chance that a value is one of the query literals of the column's kind
  size_t key_retries = 16;     // draws per row to find unused key values before the row is left out
};

struct RandomDatabaseStats {
  size_t rows = 0;            // rows stored over all tables
  size_t rows_dropped = 0;    // rows left out: no unused key found, or SQLite refused them (a CHECK constraint)
  size_t fk_unsatisfied = 0;  // NOT NULL foreign-key values without a parent row to draw from (a cycle, an
                              // empty parent): a typed value instead, which may name no row
};

// A private temporary database made of `script` (schema_script's, or schema_to_ddl's for a schema-only source) whose
// tables, those of `schema`, are filled with random rows. Parents before children (foreign keys' topological order,
// then declaration order); a cycle is broken at the first table whose keys into it are nullable (NULL there), else
// at the first table left (its keys into the cycle count as fk_unsatisfied). Shadow tables of virtual tables are
// left to their module.
struct RandomDatabase {
  Connection db;
  RandomDatabaseStats stats;
};
Result<RandomDatabase> random_database(const std::string& script, const Schema& schema, const UniqueKeys& uniques,
                                       const ValuePools& pools, const RandomDatabaseOptions& options);

// Writes `db` to `path` (SQLite's online backup); an existing file at `path` is replaced.
Status save_database(const Connection& db, const std::string& path);

}  // namespace chokepoint::testdb
