// A distilled test suite as Zhong, Yu and Klein build one ("Semantic evaluation for text-to-SQL with distilled test
// suites", EMNLP 2020; the TSA baseline of SynSQL §4.1): many random databases are drawn for one schema
// (random_database.h), each is run against the gold queries' neighbours (here their single-error mutants, core/mutate),
// and a greedy cover keeps, again and again, the draw that kills the most mutants not yet killed, until no draw kills
// another or k databases are kept. A mutant is killed on a database when its result there is told apart from the
// gold's (discrimination.h; a mutant that fails is not). Zhong et al. distil per gold query and take the union; the
// cover here pools every gold of the db_id, which kills the same mutants with at most as many databases. The suite is
// written as DIR/<db_id>/*.sqlite (suite_file_name), the folder Spider's test-suite evaluator and
// DatabasePool::get_suite read.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/result.h"
#include "core/db/connection.h"
#include "core/metrics/execution_accuracy.h"
#include "core/schema/schema.h"
#include "core/testdb/random_database.h"
#include "core/testdb/testsuite_baseline.h"

namespace chokepoint::testdb {

struct DistilledSuiteOptions {
  uint64_t seed = 1;
  size_t draws = 64;          // random databases drawn for the db_id (Zhong et al. fuzz many, then distil)
  size_t max_databases = 10;  // k: databases kept at most; 0 keeps going until no draw kills another mutant
  size_t max_rows = 30;       // rows per table of a draw at most
  size_t values_per_column = 64;
  ExSemantics semantics = ExSemantics::Bird;
  QueryLimits limits{1000, 10000, 4u << 20, 16u << 20};  // per query, on the original and on the draws
};

// One pick of the greedy cover.
struct CoverStep {
  size_t set = 0;     // index into the `kills` rows
  size_t gained = 0;  // elements it covered that no earlier pick had
};
// The greedy cover of `kills` (one row per draw, one flag per mutant, rows of equal length): repeatedly the row
// covering the most uncovered elements, the earliest on a tie, until no row covers another or `max_sets` rows are
// picked (0: no cap). Pure.
std::vector<CoverStep> greedy_cover(const std::vector<std::vector<bool>>& kills, size_t max_sets);

// A database kept in the suite.
struct SuiteMember {
  size_t draw = 0;          // which draw, 0-based
  uint64_t seed = 0;        // draw_seed(options.seed, db_id, draw): random_database with it gives the same bytes
  size_t killed_alone = 0;  // mutants it kills by itself
  size_t newly_killed = 0;  // mutants no earlier member kills (the greedy's gain when it was kept)
  RandomDatabaseStats stats;
  Connection db;  // in memory; save_database writes it to suite_file_name's place
};

struct DistilledSuite {
  std::vector<SuiteMember> members;  // in the greedy's order: the first is the draw that kills the most alone
  size_t mutants = 0;                // over every item
  size_t killed_by_suite = 0;        // killed on at least one member
  size_t killed_by_best_single = 0;  // the most any one member kills alone (the first's)
  size_t killable = 0;               // killed on at least one draw: the suite's reach when k does not stop it
  size_t draws = 0;                  // draws made
  size_t queries = 0;                // statements run over every draw
  std::vector<size_t> item_killed;   // per item: its mutants the suite kills
};

// Draws options.draws databases for `schema` (seeds draw_seed(options.seed, schema.db_id, i)), records which
// mutants each kills, and keeps the greedy cover's draws (rebuilt from their seeds). Fails only when the original's
// schema cannot be read or rebuilt, or a draw cannot be made.
Result<DistilledSuite> distill_test_suite(const Connection& original, const Schema& schema,
                                          const std::vector<SuiteItem>& items, const DistilledSuiteOptions& options);

// Where member `index` goes in DIR/<db_id>/: "<db_id>.sqlite" for the first, so an evaluator that opens one database
// per db_id gets the best single one, then "<db_id>_1.sqlite", "<db_id>_2.sqlite", ...
std::string suite_file_name(const std::string& db_id, size_t index);

// The manifest.json of a suite's folder, as `chokepoint testsuite distill` writes it and the page writes its own: a
// database at a time, then the totals. Members are named by suite_file_name under their db_id's folder.
struct DistilledManifest {
  nlohmann::ordered_json databases = nlohmann::ordered_json::array();
  std::vector<std::string> missing;  // db_ids without an original database: skipped
  size_t golds_unparsed = 0, mutants = 0, killed_by_suite = 0, killed_by_best_single = 0;

  // {db_id, items, suite, draws, mutants, killable, killed_by_suite, killed_by_best_single, members: [{file, draw,
  // draw_seed, killed_alone, newly_killed, rows}]}; adds to the totals.
  void add(const std::string& db_id, size_t items, const DistilledSuite& suite);
  // {kind, set, seed, draws, max_databases, rows, semantics, databases, databases_missing, golds_unparsed, mutants,
  // killed_by_suite, killed_by_best_single_total}
  nlohmann::ordered_json json(const std::string& set, const DistilledSuiteOptions& options) const;
};

}  // namespace chokepoint::testdb
