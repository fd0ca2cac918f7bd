// `chokepoint tqa split`: TQA's train/dev/test split (thesis §4.3.1, Fig. 4.4, Table 4.1) of a set by whole
// databases: seeded k-means (k = 2) over the databases' distributions of join-query-graph node counts, then the
// larger cluster split into test, dev and train (core/learn/node_count_split.h). Prints the split as JSON; with
// --out, writes the three parts' items as BIRD sets beside it.
#include <filesystem>
#include <iostream>
#include <map>
#include <set>

#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/common_flags.h"
#include "core/base/file_text.h"
#include "core/base/json_dump.h"
#include "core/dataset/bird_writer.h"
#include "core/dataset/eval_set_loader.h"
#include "core/learn/node_count_split.h"
#include "core/tqa/tqa_split.h"

namespace chokepoint::cli {
namespace {

const char* kSplitUsage =
    "Usage: chokepoint tqa split --gold SET.json (--tables TABLES.json | --db-root DIR) [--out DIR] [--seed N]\n"
    "         [--test-share F | --test-queries N] [--dev-share F]\n"
    "Splits the set's queries whose join query graph has >= 3 nodes into train, dev and test by whole databases\n"
    "(thesis 4.3.1): k-means (k = 2, seeded) over each database's share of queries per node count, then the cluster\n"
    "with more databases walked in a seeded order: test takes databases until it holds --test-share of the queries\n"
    "(or --test-queries), dev until it holds --dev-share of the rest, train the rest. Prints the clusters and the\n"
    "three parts (databases, queries, node-count distribution as Table 4.1) as JSON, with how many queries were\n"
    "left out and why. --out DIR writes DIR/train.json, dev.json and test.json (BIRD format) and DIR/split.json.";

FlagTable tqa_split_flags() {
  return {
      flags::gold().alias("--set").valued("SET.json"),
      flags::tables(),
      flags::db_root().described("the databases whose schemas are read"),
      path_flag("--out", "DIR", "the folder for train.json, dev.json, test.json and split.json"),
      whole_flag("--seed", "N", 0, 4294967295LL, "", "seeds k-means and the databases' order (the thesis' 35)")
          .or_else("35"),
      real_flag("--test-share", "F", 0, 1, "test's share of the queries").or_else("0.15"),
      whole_flag("--test-queries", "N", 0, 1000000, "queries", "test's size as a number of queries instead"),
      real_flag("--dev-share", "F", 0, 1, "dev's share of the queries left after test").or_else("0.2"),
  };
}

int tqa_split(const FlagValues& r) {
  if (r.text("--gold").empty() || (r.text("--tables").empty() && r.text("--db-root").empty()))
    return fail_input(std::string("missing arguments\n") + kSplitUsage);
  auto set = load_eval_set(r.text("--gold"));
  if (!set.ok()) return fail_input(r.text("--gold") + ": " + set.error());
  std::set<std::string> db_ids;
  for (const auto& i : set->items) db_ids.insert(i.db_id);
  auto schemas = schemas_for(r, db_ids);
  if (!schemas.ok()) return fail_input(schemas.error());

  learn::NodeCountSplitOptions options;
  options.seed = static_cast<uint64_t>(r.integer("--seed"));
  options.test_share = r.real("--test-share");
  options.dev_share = r.real("--dev-share");
  if (r.has("--test-queries")) options.test_queries = static_cast<size_t>(r.integer("--test-queries"));
  std::vector<int> nodes;
  for (const auto& item : set->items) nodes.push_back(tqa::query_node_count(item, *schemas));
  auto split = tqa::split_set_by_node_counts(*set, nodes, options);
  if (!split.ok()) return fail_input(split.error());
  const nlohmann::json& out = split->report;
  if (r.has("--out")) {
    const std::string dir = r.text("--out");
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return fail_input("cannot create --out '" + dir + "': " + ec.message());
    for (const auto& [name, part] : {std::pair<const char*, const EvalSet*>{"train", &split->train},
                                     {"dev", &split->dev},
                                     {"test", &split->test}}) {
      const std::string path = dir + "/" + name + ".json";
      if (!write_file(path, write_bird_dev_json(*part))) return fail_input("cannot write " + path);
    }
    if (!write_file(dir + "/split.json", dump_json(out, 2) + "\n")) return fail_input("cannot write split.json");
  }
  std::cout << dump_json(out, 2) << "\n";
  if (split->no_schema + split->no_graph > 0)
    std::cerr << "chokepoint: " << split->no_schema + split->no_graph << " of " << set->items.size()
              << " queries left out of the split: " << split->no_schema << " without a schema, " << split->no_graph
              << " without a join query graph (the gold does not parse)\n";
  return 0;
}

const Registrar split_command{{"tqa split",
                               "TQA: train/dev/test by whole databases, k-means over join-graph node counts (Fig. 4.4)",
                               kSplitUsage, tqa_split_flags, tqa_split}};

}  // namespace
}  // namespace chokepoint::cli
