// Benchmark: Join Query Expansion . (1) Schema-only JQE over all 1,534 BIRD dev gold queries with
// dev_tables.json, defaults, 1 round (goal: < 2 s native, < 4 s wasm); (2) JQE with execution checks on the Spider
// dev databases present in the shared data folder. Prints the summary, shapes and Δd̄ tables as JSON, the runtime
// and the peak RSS (Linux /proc; -1 elsewhere).
// Usage: jqe_bench [SHARED_DATA_DIR]
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "bench/bench_passes.h"
#include "core/dataset/eval_set_loader.h"
#include "core/db/database_pool.h"
#include "core/graph/schema_graph.h"
#include "core/jqe/expansion.h"
#include "core/jqe/report.h"
#include "core/schema/sqlite_schema.h"
#include "core/schema/tables_json.h"

using namespace chokepoint;

namespace {

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

long peak_rss_kb() {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("VmHWM:", 0) == 0) return std::stol(line.substr(6));
  return -1;
}

std::vector<EvalItem> seeds_of(const EvalSet& set, const std::set<std::string>& keep) {
  std::vector<EvalItem> out;
  for (const auto& i : set.items)
    if (keep.empty() || keep.count(i.db_id)) out.push_back(i);
  return out;
}

void print_report(const char* title, const jqe::JqeRun& run, double ms) {
  nlohmann::json r = jqe::jqe_report(run);
  r.erase("per_database");
  r["runtime_ms"] = ms;
  std::printf("== %s ==\n%s\n", title, r.dump(1).c_str());
}

}  // namespace

int main(int argc, char** argv) {
  const std::string data = argc > 1 ? argv[1] : CHOKEPOINT_SOURCE_DIR "/../shared/data";

  // (1) BIRD dev, schema-only.
  auto bird = load_eval_set(data + "/bird/dev_gold.sql");
  auto tables = load_tables_json(data + "/bird/dev_tables.json");
  if (!bird.ok() || !tables.ok()) {
    std::fprintf(stderr, "jqe_bench: BIRD data missing under %s\n", data.c_str());
    return 2;
  }
  std::map<std::string, SchemaGraph> graphs;
  std::map<std::string, jqe::JqeDatabase> dbs;
  for (const auto& s : *tables) graphs[s.db_id] = build_schema_graph(s);
  for (const auto& s : *tables) dbs[s.db_id] = jqe::JqeDatabase{&s, &graphs[s.db_id], nullptr};
  std::vector<EvalItem> seeds = seeds_of(*bird, {});
  bench::print_headline("jqe: 1,534 BIRD dev seeds, schema-only, defaults",
                        bench::time_passes([&] { (void)jqe::run_jqe(seeds, dbs, jqe::JqeOptions{}); }, 3));
  auto start = std::chrono::steady_clock::now();
  jqe::JqeRun run = jqe::run_jqe(seeds, dbs, jqe::JqeOptions{});
  const double bird_ms = ms_since(start);
  print_report("BIRD dev, schema-only, defaults, 1 round", run, bird_ms);
  std::printf("bird_runtime_ms %.1f\nbird_peak_rss_kb %ld\n", bird_ms, peak_rss_kb());

  // (2) Spider dev with execution on the databases that are present.
  auto spider = load_eval_set(data + "/spider/dev_gold.sql");
  if (!spider.ok()) return 0;
  DatabasePool pool(data + "/spider/database");
  std::set<std::string> present;
  std::map<std::string, Schema> schemas;
  std::map<std::string, SchemaGraph> sgraphs;
  std::map<std::string, jqe::JqeDatabase> sdbs;
  for (const auto& i : spider->items) {
    if (present.count(i.db_id) || schemas.count(i.db_id)) continue;
    auto c = pool.get(i.db_id);
    if (!c.ok()) continue;
    auto s = read_schema(**c, i.db_id, SchemaReadOptions{false});
    if (!s.ok()) continue;
    present.insert(i.db_id);
    schemas[i.db_id] = std::move(*s);
  }
  for (const auto& [db, s] : schemas) sgraphs[db] = build_schema_graph(s);
  for (const auto& [db, s] : schemas) sdbs[db] = jqe::JqeDatabase{&s, &sgraphs[db], *pool.get(db)};
  std::vector<EvalItem> sseeds = seeds_of(*spider, present);
  for (bool all : {false, true}) {
    jqe::JqeOptions o;
    o.execute_before_pruning = all;
    start = std::chrono::steady_clock::now();
    jqe::JqeRun srun = jqe::run_jqe(sseeds, sdbs, o);
    const double ms = ms_since(start);
    print_report(all ? "Spider dev (10 databases), execution on every candidate (--execute-all)"
                     : "Spider dev (10 databases), execution check, defaults",
                 srun, ms);
  }
  return 0;
}
