// Drawing and keeping test-suite databases (see testsuite_baseline.h).
#include "core/testdb/testsuite_baseline.h"

#include <algorithm>
#include <tuple>

#include "core/testdb/unique_keys.h"

namespace chokepoint::testdb {

uint64_t draw_seed(uint64_t seed, const std::string& db_id, size_t attempt) {
  return SeededRandom::mix(SeededRandom::mix(seed, SeededRandom::hash(db_id)), attempt);
}

Result<DrawSource> draw_source(const Connection& original, const Schema& schema, const std::vector<SuiteItem>& items,
                               size_t values_per_column, const QueryLimits& limits) {
  auto uniques = unique_keys_of(original, schema);
  if (!uniques.ok()) return Error{uniques.error()};
  auto script = schema_script(original, schema, *uniques);
  if (!script.ok()) return Error{script.error()};
  DrawSource source{std::move(*script), std::move(*uniques),
                    sample_value_pools(original, schema, values_per_column, limits)};
  std::vector<std::string> sqls;
  for (const auto& item : items) {
    sqls.push_back(item.gold_sql);
    sqls.insert(sqls.end(), item.mutants.begin(), item.mutants.end());
  }
  add_query_literals(source.pools, sqls);
  return source;
}

Result<TestSuiteDatabase> build_test_database(const Connection& original, const Schema& schema,
                                              const std::vector<SuiteItem>& items, const TestSuiteOptions& options) {
  auto source = draw_source(original, schema, items, options.values_per_column, options.limits);
  if (!source.ok()) return Error{source.error()};
  size_t coverable = 0;  // items that have a mutant to tell apart
  for (const auto& item : items) coverable += !item.mutants.empty();

  auto opened = Connection::open_memory();
  if (!opened.ok()) return Error{opened.error()};
  TestSuiteDatabase best{false, 0, 0, 0, {}, {}, 0, 0, std::move(*opened)};
  std::tuple<size_t, size_t, size_t> best_score{0, 0, 0};  // (covered, golds non-empty, mutants told apart)
  bool any = false;
  size_t queries = 0;
  const size_t attempts = std::max<size_t>(1, options.attempts);
  for (size_t a = 0; a < attempts; ++a) {
    RandomDatabaseOptions ro;
    ro.seed = draw_seed(options.seed, schema.db_id, a);
    ro.max_rows = options.max_rows;
    auto draw = random_database(source->script, schema, source->uniques, source->pools, ro);
    if (!draw.ok()) return Error{draw.error()};
    std::vector<GoldDiscrimination> scored;
    size_t covered = 0, nonempty = 0, told = 0;
    for (const auto& item : items) {
      scored.push_back(discriminate_gold(draw->db, item.gold_sql, item.mutants, options.semantics, options.limits));
      queries += scored.back().queries;
      covered += scored.back().distinguished > 0;
      nonempty += scored.back().gold_nonempty;
      told += scored.back().distinguished;
    }
    const auto score = std::make_tuple(covered, nonempty, told);
    best.attempts_tried = a + 1;
    if (!any || score > best_score) {
      any = true;
      best_score = score;
      best.attempt = a;
      best.seed = ro.seed;
      best.stats = draw->stats;
      best.items = std::move(scored);
      best.covered = covered;
      best.db = std::move(draw->db);
    }
    if (covered == coverable && nonempty == items.size()) break;  // nothing left to gain
  }
  best.kept = best.covered > 0;
  best.queries = queries;
  return best;
}

}  // namespace chokepoint::testdb
