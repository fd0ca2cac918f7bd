// Benchmark: schema graphs and full statistics (cycles, diameter, centralities) for all Spider schemas of
// tables.json plus the 11 BIRD dev schemas. Goal: under 1 s natively, within 2x of that in wasm.
// Usage: graph_bench [SPIDER_TABLES_JSON] [BIRD_DEV_TABLES_JSON]  (defaults: the shared data folder)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "bench/bench_passes.h"
#include "core/graph/schema_graph.h"
#include "core/graph/statistics.h"
#include "core/schema/tables_json.h"

using namespace chokepoint;

namespace {

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  const std::string data = CHOKEPOINT_SOURCE_DIR "/../shared/data";
  const std::vector<std::string> files = {argc > 1 ? argv[1] : data + "/spider/tables.json",
                                          argc > 2 ? argv[2] : data + "/bird/dev_tables.json"};
  std::vector<Schema> schemas;
  const auto load_start = std::chrono::steady_clock::now();
  for (const auto& f : files) {
    auto loaded = load_tables_json(f);
    if (!loaded.ok()) {
      std::fprintf(stderr, "graph_bench: %s\n", loaded.error().c_str());
      return 2;
    }
    schemas.insert(schemas.end(), loaded->begin(), loaded->end());
  }
  const double load_ms = ms_since(load_start);

  bench::print_headline("graph: schema graphs and statistics of every Spider and BIRD dev schema",
                        bench::time_passes([&] {
                          for (const auto& s : schemas)
                            (void)compute_statistics(build_schema_graph(s, {SiblingRule::table}));
                        }));
  const auto start = std::chrono::steady_clock::now();
  long long cycles = 0;
  size_t edges = 0, capped = 0;
  struct Timing {
    double ms;
    const GraphStatistics* st;
  };
  std::vector<GraphStatistics> all;
  all.reserve(schemas.size());
  std::vector<Timing> timings;
  for (const auto& s : schemas) {
    const auto one = std::chrono::steady_clock::now();
    all.push_back(compute_statistics(build_schema_graph(s, {SiblingRule::table})));
    timings.push_back({ms_since(one), &all.back()});
    cycles += all.back().cycles.total;
    edges += all.back().edges;
    capped += all.back().cycles.at_least ? 1 : 0;
  }
  const double stats_ms = ms_since(start);
  std::sort(timings.begin(), timings.end(), [](const Timing& a, const Timing& b) { return a.ms > b.ms; });
  std::printf("slowest schemas:\n");
  for (size_t i = 0; i < timings.size() && i < 5; ++i)
    std::printf("  %-28s (%zu, %zu) %s%lld cycles  %.1f ms\n", timings[i].st->db_id.c_str(), timings[i].st->nodes,
                timings[i].st->edges, timings[i].st->cycles.at_least ? ">= " : "", timings[i].st->cycles.total,
                timings[i].ms);
  std::printf("schemas            %zu\n", schemas.size());
  std::printf("table pairs        %zu\n", edges);
  std::printf("simple cycles      %lld (%zu schemas stopped at the cap)\n", cycles, capped);
  std::printf("load tables.json   %.1f ms\n", load_ms);
  std::printf("graphs+statistics  %.1f ms\n", stats_ms);
  return 0;
}
