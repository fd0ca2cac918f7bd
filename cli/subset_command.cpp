// `chokepoint subset`: a BigTable-style subset of an evaluation set (004 §3.3, Table 2): per_stratum items each
// whose gold query reads 1, 2, 3 and more than 3 tables, drawn with a seed (core/runner/bigtable_subset.h).
#include <cmath>
#include <iostream>
#include <set>

#include <nlohmann/json.hpp>

#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/common_flags.h"
#include "core/base/file_text.h"
#include "core/base/json_dump.h"
#include "core/dataset/bird_writer.h"
#include "core/dataset/eval_set_loader.h"
#include "core/runner/bigtable_subset.h"

namespace chokepoint::cli {
namespace {

const char* kSubsetUsage =
    "Usage: chokepoint subset --gold FILE (--tables TABLES.json | --db-root DIR) --out SUBSET.json\n"
    "                         [--per-stratum N] [--seed S]\n"
    "FILE: a gold set in any format `chokepoint eval` reads. Each gold query's tables are counted by name resolution\n"
    "on the schema (distinct base tables, subqueries included, CTEs not). The subset holds N items (default 50) with\n"
    "1, 2, 3 and more than 3 tables, drawn with seed S (default 1); a stratum with fewer takes them all and says so.\n"
    "The subset is written as BIRD dev JSON, in the set's order. stdout: JSON {items, unresolved, strata: [{tables,\n"
    "available, taken, avg_columns}], notes}; avg_columns: the columns of the gold query's tables, summed, averaged\n"
    "over the stratum (004 Table 2). Exit code 0, or 2 on bad input.";

FlagTable subset_flags() {
  return {
      flags::gold().alias("--set"),
      flags::tables(),
      flags::db_root().described("the databases whose schemas count the gold queries' tables"),
      flags::out("SUBSET.json", "the subset as BIRD dev JSON"),
      whole_flag("--per-stratum", "N", 1, 9999999, "items", "items per number of gold tables").or_else("50"),
      flags::seed("1"),
  };
}

int subset_main(const FlagValues& r) {
  const std::string set_path = r.text("--gold"), out = r.text("--out");
  if (set_path.empty() || out.empty() || (r.text("--tables").empty() && r.text("--db-root").empty()))
    return fail_input(std::string("missing arguments\n") + kSubsetUsage);
  const long per = static_cast<long>(r.integer("--per-stratum"));
  const auto seed = static_cast<unsigned long long>(r.integer("--seed"));
  auto set = load_eval_set(set_path);
  if (!set.ok()) return fail_input(set_path + ": " + set.error());
  std::set<std::string> ids;
  for (const auto& it : set->items) ids.insert(it.db_id);
  auto schemas = schemas_for(r, ids);
  if (!schemas.ok()) return fail_input(schemas.error());
  auto report = runner::bigtable_subset(*set, *schemas, static_cast<size_t>(per), seed);
  if (!report.ok()) return fail_input(report.error());
  if (auto st = write_file(out, write_bird_dev_json(report->subset)); !st.ok()) return fail_input(st.error());
  nlohmann::json strata = nlohmann::json::array();
  for (const auto& s : report->strata)
    strata.push_back({{"tables", s.label},
                      {"available", s.available},
                      {"taken", s.taken},
                      {"avg_columns", std::round(s.avg_columns * 100) / 100}});
  const nlohmann::json summary = {{"items", report->subset.items.size()},
                                  {"unresolved", report->unresolved},
                                  {"strata", strata},
                                  {"notes", report->notes}};
  std::cout << dump_json(summary, 2) << "\n";
  return 0;
}

const Registrar subset_registrar{
    {"subset", "BigTable-style subset: N items per number of gold tables", kSubsetUsage, subset_flags, subset_main}};

}  // namespace
}  // namespace chokepoint::cli
