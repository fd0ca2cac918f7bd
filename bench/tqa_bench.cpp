// TQA reference detection speed: linker tables and matched tokens for every BIRD dev item (1,534), no LLM. Goal
//: under 1 s natively. Prints lexicon load time separately, since the browser loads it once per session.
#include <chrono>
#include <cstdio>
#include <map>

#include "bench/bench_passes.h"
#include "core/dataset/eval_set_loader.h"
#include "core/graph/schema_graph.h"
#include "core/lexicon/lexicon.h"
#include "core/schema/tables_json.h"
#include "core/tqa/linker_analysis.h"

using namespace chokepoint;
using Clock = std::chrono::steady_clock;

static double ms_since(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

int main(int argc, char** argv) {
  std::string root = argc > 1 ? argv[1] : std::string(CHOKEPOINT_SOURCE_DIR) + "/../shared/data/bird";
  auto set = load_eval_set(root + "/dev.json");
  auto tables = load_tables_json(root + "/dev_tables.json");
  if (!set.ok() || !tables.ok()) {
    std::fprintf(stderr, "BIRD dev not found under %s\n", root.c_str());
    return 2;
  }
  auto t0 = Clock::now();
  auto lex = Lexicon::load_wordnet_dir("/usr/share/wordnet");
  if (!lex.ok()) {
    std::fprintf(stderr, "WordNet: %s\n", lex.error().c_str());
    return 2;
  }
  double load_ms = ms_since(t0);
  std::map<std::string, Schema> schemas;
  std::map<std::string, SchemaGraph> graphs;
  std::map<std::string, tqa::LinkerDatabase> dbs;
  for (auto& s : *tables) schemas[s.db_id] = s;
  for (const auto& [id, s] : schemas) graphs[id] = build_schema_graph(s);
  for (const auto& [id, s] : schemas) dbs[id] = {&s, &graphs[id]};
  std::vector<EvalItem> items;
  for (const auto& i : set->items) items.push_back({i.key, i.db_id, i.question, i.evidence, i.sql, i.difficulty});

  // A new matcher each pass, so every pass starts with an empty similarity cache.
  bench::print_headline("tqa: reference detection on 1,534 BIRD dev items, cold similarity cache",
                        bench::time_passes(
                            [&] {
                              tqa::ReferenceMatcher fresh(*lex);
                              (void)tqa::analyze_linker_tables(items, dbs, fresh);
                            },
                            3));
  auto t1 = Clock::now();
  tqa::ReferenceMatcher matcher(*lex);
  auto analyses = tqa::analyze_linker_tables(items, dbs, matcher);
  double cold_ms = ms_since(t1);
  auto t2 = Clock::now();
  auto again = tqa::analyze_linker_tables(items, dbs, matcher);  // similarity cache warm
  double warm_ms = ms_since(t2);
  auto stats = tqa::linker_statistics(analyses);
  std::printf("tqa_bench: %zu items, %zu with a linker table\n", items.size(), stats.with_linker_table);
  std::printf("  lexicon load (WordNet dict -> asset -> memory)  %8.1f ms\n", load_ms);
  std::printf("  reference detection, cold cache                  %8.1f ms  (goal < 1000 ms)\n", cold_ms);
  std::printf("  reference detection, warm cache                  %8.1f ms\n", warm_ms);
  return again.size() == analyses.size() ? 0 : 1;
}
