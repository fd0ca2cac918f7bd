// Mutation benchmark: generate and prepare-check every single-error mutant of the Spider dev gold queries on the
// shared databases (parse, the 15 operators, de-duplication, printing, sqlite3_prepare). Databases are opened once
// before timing. Reports the best of 5 passes and the split between proposing (pure AST work) and preparing.
// Usage: mutate_bench [SPIDER_DIR]   (default: the shared data folder)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "bench/bench_passes.h"
#include "core/dataset/eval_set_loader.h"
#include "core/db/database_pool.h"
#include "core/mutate/mutant_generation.h"
#include "core/sql/parser.h"
#include "core/sql/printer.h"

using namespace chokepoint;
using Clock = std::chrono::steady_clock;

namespace {

double ms_since(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

}  // namespace

int main(int argc, char** argv) {
  std::string spider = argc > 1 ? argv[1] : std::string(CHOKEPOINT_SOURCE_DIR) + "/../shared/data/spider";
  auto gold = load_eval_set(spider + "/dev_gold.sql");
  if (!gold.ok()) {
    std::printf("mutate_bench: %s\n", gold.error().c_str());
    return 1;
  }
  DatabasePool pool(spider + "/database");
  struct Item {
    const Connection* db;
    std::string sql;
  };
  std::vector<Item> items;
  for (const auto& it : gold->items) {
    auto db = pool.get(it.db_id);
    if (db.ok()) items.push_back({*db, it.sql});
  }

  bench::print_headline("mutate: every single-error mutant of the Spider dev golds, prepare-checked",
                        bench::time_passes([&] {
                          for (const auto& it : items) (void)mutate::generate_mutants(it.sql, *it.db);
                        }));
  double best_total = 1e18, best_propose = 1e18;
  size_t kept = 0, rejected = 0, candidates = 0;
  for (int pass = 0; pass < 5; ++pass) {
    // Pure part alone: parse + propose + print.
    auto t0 = Clock::now();
    size_t proposed = 0;
    for (const auto& it : items) {
      auto tree = sql::parse_sql(it.sql);
      if (!tree.ok()) continue;
      for (const auto& m : mutate::propose_mutants(**tree)) proposed += sql::print_sql(*m.tree).size() > 0;
    }
    best_propose = std::min(best_propose, ms_since(t0));
    // The whole pipeline, prepare checks included.
    auto t1 = Clock::now();
    size_t k = 0, r = 0;
    for (const auto& it : items) {
      auto check = mutate::generate_mutants(it.sql, *it.db);
      if (!check.ok()) continue;
      k += check->kept.size();
      r += check->rejected.size();
    }
    best_total = std::min(best_total, ms_since(t1));
    kept = k;
    rejected = r;
    candidates = proposed;
  }
  std::printf("gold queries on the shared databases: %zu\n", items.size());
  std::printf("candidates: %zu, kept (prepare): %zu, rejected: %zu\n", candidates, kept, rejected);
  std::printf("generate + check, best of 5: %.1f ms (%.3f ms per gold query, %.1f us per candidate)\n", best_total,
              best_total / static_cast<double>(items.size()),
              1000.0 * best_total / static_cast<double>(std::max<size_t>(candidates, 1)));
  std::printf("  of which parse + propose + print: %.1f ms (%.0f%%); SQLite prepare: the rest\n", best_propose,
              100.0 * best_propose / best_total);
  return 0;
}
