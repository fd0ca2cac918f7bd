// Schema-linking scoring on BIRD dev: the gold tables and columns of every item (1,534) by name
// resolution, then RES, Subset and Exact Match and column recall and precision of the gold against itself (goal:
// scoring under 100 ms natively), and Full-Schema retrieval's FPR and SLR (001 Table VIII reports 90.1 and 99.5 on
// O/O), both FPR readings side by side. Skips itself when ../shared/data/bird is absent.
#include <chrono>
#include <cstdio>
#include <map>

#include "bench/bench_passes.h"
#include "core/dataset/eval_set_loader.h"
#include "core/linking/gold_schema_items.h"
#include "core/linking/linking_scores.h"
#include "core/runner/bigtable_subset.h"
#include "core/schema/tables_json.h"

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
    std::printf("linking: skipped (BIRD dev not found under %s)\n", root.c_str());
    return 0;
  }
  std::map<std::string, Schema> schemas;
  for (auto& s : *tables) schemas[s.db_id] = s;

  bench::print_headline("linking: gold schema items of 1,534 BIRD dev items, resolved", bench::time_passes([&] {
                          for (const auto& it : set->items) {
                            auto s = schemas.find(it.db_id);
                            if (s != schemas.end()) (void)linking::schema_items_of(it.sql, s->second);
                          }
                        }));
  auto t0 = Clock::now();
  std::vector<linking::SchemaItems> gold(set->items.size());
  size_t unparsed = 0;
  for (size_t i = 0; i < set->items.size(); ++i) {
    auto s = schemas.find(set->items[i].db_id);
    auto items = s == schemas.end() ? Result<linking::SchemaItems>(Error{"no schema"})
                                    : linking::schema_items_of(set->items[i].sql, s->second);
    if (items.ok())
      gold[i] = std::move(*items);
    else
      ++unparsed;
  }
  const double resolve_ms = ms_since(t0);
  size_t differ = 0;  // items whose tables are not runner::gold_tables' (should be 0)
  for (size_t i = 0; i < set->items.size(); ++i) {
    auto s = schemas.find(set->items[i].db_id);
    if (s == schemas.end()) continue;
    auto g = runner::gold_tables(set->items[i].sql, s->second);
    if (g.ok() && !linking::same_set(*g, gold[i].tables)) ++differ;
  }

  std::vector<linking::LinkingCase> self, full;
  for (size_t i = 0; i < gold.size(); ++i) {
    self.push_back({gold[i].tables, gold[i].tables, gold[i].columns, gold[i].columns});
    auto s = schemas.find(set->items[i].db_id);
    const auto all = s == schemas.end() ? linking::SchemaItems{} : linking::full_schema_items(s->second);
    full.push_back({gold[i].tables, all.tables, gold[i].columns, all.columns});
  }
  auto t1 = Clock::now();
  const auto scores = linking::score_linking(self);
  const auto retrieval = linking::score_retrieval(self);
  const double score_ms = ms_since(t1);
  const auto f = linking::score_retrieval(full);
  const auto fl = linking::score_linking(full);

  std::printf(
      "linking: gold items of %zu BIRD dev items in %.1f ms (%zu did not parse; %zu differ from "
      "runner::gold_tables)\n",
      set->items.size(), resolve_ms, unparsed, differ);
  std::printf(
      "linking: scoring %zu items (RES, subset, exact, column recall/precision, FPR, SLR) in %.2f ms "
      "(goal < 100 ms)\n",
      self.size(), score_ms);
  std::printf(
      "linking: gold against itself: RES %.4f subset %.4f exact %.4f column recall %.4f precision %.4f; "
      "FPR %.1f SLR %.1f\n",
      scores.res, scores.subset_match, scores.exact_match, scores.column_recall, scores.column_precision, retrieval.fpr,
      retrieval.slr);
  std::printf(
      "linking: Full-Schema on O/O: FPR %.1f per query (pooled %.1f), SLR %.1f over %zu items "
      "(001 Table VIII: 90.1, 99.5); RES %.4f\n",
      f.fpr, f.fpr_pooled, f.slr, f.n, fl.res);
  return 0;
}
