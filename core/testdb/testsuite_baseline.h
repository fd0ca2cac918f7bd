// The test-suite style baseline (TSA in SynSQL §4.1, after Zhong et al. 2020): for one database
// and the set items that use it, random databases (random_database.h) are drawn with seeds derived from one seed,
// each is scored by how many items' golds it tells apart from at least one of their mutants (discrimination.h), and
// the best draw is kept, only when it tells apart at least one. One database per db_id, so the output is a BIRD-layout
// db_root every command reads unchanged (decisions.md §27). Bounded: at most `max_rows` rows per table and
// `attempts` draws, every query under `limits`.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/db/connection.h"
#include "core/metrics/execution_accuracy.h"
#include "core/schema/schema.h"
#include "core/testdb/discrimination.h"
#include "core/testdb/random_database.h"

namespace chokepoint::testdb {

// A set item with the mutants of its gold (printed SQL, e.g. mutate::generate_mutants' kept ones).
struct SuiteItem {
  std::string key;
  std::string gold_sql;
  std::vector<std::string> mutants;
};

struct TestSuiteOptions {
  uint64_t seed = 1;
  size_t max_rows = 30;           // rows per table at most
  size_t attempts = 8;            // random databases drawn per db_id at most (fewer when one covers every item)
  size_t values_per_column = 64;  // values sampled from each column of the original
  ExSemantics semantics = ExSemantics::Bird;
  QueryLimits limits{1000, 10000, 4u << 20, 16u << 20};  // per query, on the original and on the draws
};

struct TestSuiteDatabase {
  bool kept = false;   // the best draw tells some gold apart from one of its mutants
  size_t attempt = 0;  // the draw kept (0-based)
  size_t attempts_tried = 0;
  uint64_t seed = 0;                      // the kept draw's own seed
  RandomDatabaseStats stats;              // of the kept draw
  std::vector<GoldDiscrimination> items;  // per input item, on the kept draw
  size_t covered = 0;                     // items with at least one mutant told apart
  size_t queries = 0;                     // statements run over all draws
  Connection db;                          // the kept draw, in memory (save_database writes it)
};

// The seed of draw `attempt` for `db_id`: a function of the three only.
uint64_t draw_seed(uint64_t seed, const std::string& db_id, size_t attempt);

// What every random draw for one database needs: the script that rebuilds the original's tables, their unique keys
// and the value pools (the original's own values, at most `values_per_column` per column, and the literals of the
// items' golds and mutants). Fails when the original's schema cannot be read or rebuilt.
struct DrawSource {
  std::string script;
  UniqueKeys uniques;
  ValuePools pools;
};
Result<DrawSource> draw_source(const Connection& original, const Schema& schema, const std::vector<SuiteItem>& items,
                               size_t values_per_column, const QueryLimits& limits);

// Draws and keeps. Fails only when the original's schema cannot be read or rebuilt.
Result<TestSuiteDatabase> build_test_database(const Connection& original, const Schema& schema,
                                              const std::vector<SuiteItem>& items, const TestSuiteOptions& options);

}  // namespace chokepoint::testdb
