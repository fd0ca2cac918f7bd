// `chokepoint testsuite distill`: a distilled test suite as Zhong et al. build one (core/testdb/distilled_suite.h):
// per database of the set, many random databases drawn, each run against the golds' single-error mutants, and the
// greedy cover of the mutants they kill kept as up to K databases, written as OUT_DIR/<db_id>/*.sqlite (the folder
// Spider's test-suite evaluator and `eval --semantics test-suite` read). Prints, per database and in total, the
// mutants killed by the suite against the best single database of it.
#include <filesystem>
#include <iostream>
#include <map>

#include <nlohmann/json.hpp>

#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/common_flags.h"
#include "cli/suite_items.h"
#include "core/base/file_text.h"
#include "core/base/json_dump.h"
#include "core/metrics/execution_accuracy.h"
#include "core/testdb/distilled_suite.h"
#include "core/testdb/random_database.h"

namespace chokepoint::cli {
namespace {

using ojson = nlohmann::ordered_json;

const char* kTestsuiteDistillUsage =
    "Usage: chokepoint testsuite distill --gold FILE --db-root DIR --out OUT_DIR [--databases K] [--draws N]\n"
    "                                    [--seed N] [--table-rows N] [--timeout-ms T] [--semantics bird|spider]\n"
    "                                    [--skip-missing]\n"
    "A distilled test suite (Zhong, Yu and Klein 2020; SynSQL's TSA baseline): per database of the set's items,\n"
    "--draws (default 64) random databases of at most --table-rows (default 30) rows per table are drawn from\n"
    "--seed, each is run against the golds' single-error mutants (SQLMorph's 15 operators), and a greedy cover keeps\n"
    "the draws that kill the most mutants not yet killed, up to --databases K (default 10; 0: until no draw kills\n"
    "another). Writes OUT_DIR/<db_id>/<db_id>.sqlite (the draw that kills most alone), <db_id>_1.sqlite, ... and\n"
    "OUT_DIR/manifest.json. stdout: JSON {set, databases: [{db_id, items, suite, draws, mutants, killable,\n"
    "killed_by_suite, killed_by_best_single, members: [{file, draw, draw_seed, killed_alone, newly_killed, rows}]}],\n"
    "mutants, killed_by_suite, killed_by_best_single_total, databases_missing, golds_unparsed}. A database missing "
    "under --db-root is an error (exit 2); with --skip-missing it is listed\n"
    "under databases_missing and skipped.";

FlagTable distill_flags() {
  return {
      flags::gold().alias("--set"),
      flags::db_root().described("the original databases, as DIR/<db_id>/<db_id>.sqlite"),
      flags::out("OUT_DIR", "the suite OUT_DIR/<db_id>/*.sqlite and manifest.json"),
      whole_flag("--databases", "K", 0, 1000, "databases", "databases kept per db_id at most (0: no cap)")
          .or_else("10"),
      whole_flag("--draws", "N", 1, 10000, "draws", "random databases drawn per db_id").or_else("64"),
      flags::seed("1"),
      whole_flag("--table-rows", "N", 1, 10000, "rows", "rows per table of a random database at most").or_else("30"),
      flags::timeout_ms("1000", "time limit of every query"),
      flags::semantics({"bird", "spider"}, "set's benchmark"),
      flags::skip_missing(),
  };
}

int distill_main(const FlagValues& r) {
  auto in = read_suite_inputs(r, kTestsuiteDistillUsage);
  if (!in.ok()) return fail_input(in.error());
  const std::string set_path = r.text("--gold"), out = r.text("--out");
  const auto& by_db = in->by_db;
  const OpenDatabases* open = &in->open;
  std::error_code ec;
  testdb::DistilledSuiteOptions options;
  options.seed = static_cast<uint64_t>(r.integer("--seed"));
  options.draws = static_cast<size_t>(r.integer("--draws"));
  options.max_databases = static_cast<size_t>(r.integer("--databases"));
  options.max_rows = static_cast<size_t>(r.integer("--table-rows"));
  options.limits.timeout_ms = static_cast<int>(r.integer("--timeout-ms"));
  options.semantics = in->semantics;

  testdb::DistilledManifest manifest;
  for (const auto& [db, items] : by_db) {
    auto c = open->connections.find(db);
    if (c == open->connections.end()) {
      manifest.missing.push_back(db);
      continue;
    }
    const auto suite_in = suite_items(items, *c->second, manifest.golds_unparsed);
    auto suite = testdb::distill_test_suite(*c->second, open->schemas.at(db), suite_in, options);
    if (!suite.ok()) return fail_input(db + ": " + suite.error());
    const auto dir = std::filesystem::path(out) / db;
    std::filesystem::create_directories(dir, ec);
    for (size_t k = 0; k < suite->members.size(); ++k)
      if (auto st = testdb::save_database(suite->members[k].db, (dir / testdb::suite_file_name(db, k)).string());
          !st.ok())
        return fail_input(st.error());
    manifest.add(db, items.size(), *suite);
  }
  const ojson summary = manifest.json(set_path, options);
  if (auto st = write_file((std::filesystem::path(out) / "manifest.json").string(), dump_json(summary, 2) + "\n");
      !st.ok())
    return fail_input(st.error());
  std::cout << dump_json(summary, 2) << "\n";
  return 0;
}

const Registrar testsuite_distill_registrar{
    {"testsuite distill", "distilled test suite: random databases kept by a greedy cover of the mutants they kill",
     kTestsuiteDistillUsage, distill_flags, distill_main}};

}  // namespace
}  // namespace chokepoint::cli
