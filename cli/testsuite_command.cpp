// `chokepoint testsuite`: the test-suite style baseline (core/testdb/testsuite_baseline.h). For
// every database a set uses, random databases of at most --table-rows rows per table are drawn from --seed and the one
// that tells most golds apart from their mutants (the 15 operators of core/mutate, as `chokepoint mutate` makes them)
// is written as DIR/<db_id>/<db_id>.sqlite, a BIRD-layout db_root, with manifest.json saying how each was made.
// Prints the databases, their bytes, the build time, SR and discrimination next to the original databases'.
#include <chrono>
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
#include "core/testdb/discrimination.h"
#include "core/testdb/testsuite_baseline.h"

namespace chokepoint::cli {
namespace {

using ojson = nlohmann::ordered_json;

const char* kTestsuiteUsage =
    "Usage: chokepoint testsuite --gold FILE --db-root DIR --out OUT_DIR [--seed N] [--table-rows N]\n"
    "                            [--attempts N] [--timeout-ms T] [--semantics bird|spider] [--skip-missing]\n"
    "Builds a test-suite style baseline (TSA in SynSQL §4.1) for the databases DIR/<db_id>/<db_id>.sqlite of the\n"
    "set's items (any gold format `eval` reads): per database, up to --attempts (default 8) random databases with at\n"
    "most --table-rows (default 30) rows per table that keep the original's types, primary keys, UNIQUE, NOT NULL and\n"
    "foreign keys, values sampled from the original's columns and from the golds' literals; each draw is scored by\n"
    "the items whose gold it tells apart from one of its single-error mutants (SQLMorph's 15 operators), and the best\n"
    "is kept when it tells at least one apart. Seeded: the same --seed (default 1) gives the same bytes.\n"
    "Writes OUT_DIR/<db_id>/<db_id>.sqlite (a db_root every command reads) and OUT_DIR/manifest.json (seed, rows,\n"
    "per database: bytes, rows, the draw kept, items covered, mutants told apart). Every query runs under\n"
    "--timeout-ms (default 1000). --semantics: how results are compared (default: the set's benchmark, else bird).\n"
    "stdout: JSON {set, n, items, databases, databases_not_kept, databases_missing, bytes_total, bytes_max,\n"
    "bytes_mean, rows_total, build_ms (drawing, scoring and writing), elapsed_ms, databases_per_second,\n"
    "items_covered, golds_unparsed, sr: {original, testsuite}, discrimination: {original, testsuite: {share,\n"
    "mutants, distinguished, golds, golds_distinguished, golds_failed, mutant_failures}}}.\n"
    "A database missing under --db-root is an error (exit 2); with --skip-missing it is listed under\n"
    "databases_missing and skipped. Exit code 0, or 2 on bad input.";

FlagTable testsuite_flags() {
  return {
      flags::gold().alias("--set"),
      flags::db_root().described("the original databases, as DIR/<db_id>/<db_id>.sqlite"),
      flags::out("OUT_DIR", "the test databases OUT_DIR/<db_id>/<db_id>.sqlite and manifest.json"),
      flags::seed("1"),
      whole_flag("--table-rows", "N", 1, 10000, "rows", "rows per table of a random database at most")
          .alias("--rows")
          .or_else("30"),
      whole_flag("--attempts", "N", 1, 1000, "attempts", "random databases drawn per database at most").or_else("8"),
      flags::timeout_ms("1000", "time limit of every query"),
      flags::semantics({"bird", "spider"}, "set's benchmark"),
      flags::skip_missing(),
  };
}

double percent(size_t part, size_t whole) { return whole == 0 ? 0.0 : 100.0 * part / whole; }

int testsuite_main(const FlagValues& r) {
  auto in = read_suite_inputs(r, kTestsuiteUsage);
  if (!in.ok()) return fail_input(in.error());
  const std::string set_path = r.text("--gold"), out = r.text("--out");
  const EvalSet* set = &in->set;
  const auto& by_db = in->by_db;
  const OpenDatabases* open = &in->open;
  std::error_code ec;
  testdb::TestSuiteOptions options;
  options.seed = static_cast<uint64_t>(r.integer("--seed"));
  options.max_rows = static_cast<size_t>(r.integer("--table-rows"));
  options.attempts = static_cast<size_t>(r.integer("--attempts"));
  options.limits.timeout_ms = static_cast<int>(r.integer("--timeout-ms"));
  options.semantics = in->semantics;

  const auto start = std::chrono::steady_clock::now();
  ojson databases = ojson::array(), not_kept = ojson::array(), missing = ojson::array();
  testdb::DiscriminationTotals original_totals, test_totals;
  size_t items_with_db = 0, covered = 0, unparsed = 0, built = 0, rows_total = 0;
  size_t sr_original = 0, sr_test = 0;
  uintmax_t bytes_total = 0, bytes_max = 0;
  double build_ms = 0;  // drawing, scoring and writing the databases (mutants and the originals' scores left out)
  for (const auto& [db, items] : by_db) {
    auto c = open->connections.find(db);
    if (c == open->connections.end()) {
      missing.push_back(db);
      continue;
    }
    const Connection& original = *c->second;
    const std::vector<testdb::SuiteItem> suite = suite_items(items, original, unparsed);
    for (const auto& s : suite) {
      const auto g = testdb::discriminate_gold(original, s.gold_sql, s.mutants, options.semantics, options.limits);
      original_totals.add(g);
      sr_original += g.gold_nonempty;
    }
    items_with_db += items.size();
    const auto build_start = std::chrono::steady_clock::now();
    auto made = testdb::build_test_database(original, open->schemas.at(db), suite, options);
    auto add_build_time = [&] {
      build_ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - build_start).count();
    };
    if (!made.ok() || !made->kept) {
      // Nothing told apart, or a schema that does not rebuild (a virtual table's module, ...): no database, and its
      // items' mutants count as not told apart.
      add_build_time();
      for (const auto& s : suite) {
        testdb::GoldDiscrimination none;
        none.mutants = s.mutants.size();
        test_totals.add(none);
      }
      ojson entry{{"db_id", db}, {"items", items.size()}};
      if (made.ok())
        entry["attempts_tried"] = made->attempts_tried;
      else
        entry["error"] = made.error();
      if (!made.ok()) std::cerr << "chokepoint: " << db << ": " << made.error() << " (no test database)\n";
      not_kept.push_back(std::move(entry));
      continue;
    }
    const std::filesystem::path dir = std::filesystem::path(out) / db;
    std::filesystem::create_directories(dir, ec);
    const std::string file = (dir / (db + ".sqlite")).string();
    if (auto st = testdb::save_database(made->db, file); !st.ok()) return fail_input(st.error());
    add_build_time();
    const uintmax_t bytes = std::filesystem::file_size(file, ec);
    ++built;
    bytes_total += bytes;
    bytes_max = std::max(bytes_max, bytes);
    rows_total += made->stats.rows;
    covered += made->covered;
    ojson keys = ojson::array();
    size_t mutants = 0, told = 0, nonempty = 0;
    for (size_t i = 0; i < suite.size(); ++i) {
      const auto& g = made->items[i];
      test_totals.add(g);
      sr_test += g.gold_nonempty;
      nonempty += g.gold_nonempty;
      mutants += g.mutants;
      told += g.distinguished;
      if (g.distinguished > 0) keys.push_back(suite[i].key);
    }
    databases.push_back(ojson{{"db_id", db},
                              {"file", db + "/" + db + ".sqlite"},
                              {"bytes", bytes},
                              {"rows", made->stats.rows},
                              {"rows_dropped", made->stats.rows_dropped},
                              {"fk_unsatisfied", made->stats.fk_unsatisfied},
                              {"draw_seed", made->seed},
                              {"attempt", made->attempt},
                              {"attempts_tried", made->attempts_tried},
                              {"items", items.size()},
                              {"golds_nonempty", nonempty},
                              {"items_covered", keys},
                              {"mutants", mutants},
                              {"mutants_distinguished", told}});
  }
  const double elapsed = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  ojson manifest = {{"kind", "testsuite"},
                    {"set", set_path},
                    {"seed", options.seed},
                    {"rows", options.max_rows},
                    {"attempts", options.attempts},
                    {"semantics", ex_semantics_name(options.semantics)},
                    {"timeout_ms", options.limits.timeout_ms},
                    {"databases", databases},
                    {"not_kept", not_kept},
                    {"missing", missing}};
  if (auto st = write_file((std::filesystem::path(out) / "manifest.json").string(), dump_json(manifest, 2) + "\n");
      !st.ok())
    return fail_input(st.error());
  ojson summary = {
      {"set", set_path},
      {"n", set->items.size()},
      {"items", items_with_db},
      {"databases", built},
      {"databases_not_kept", not_kept.size()},
      {"databases_missing", missing},
      {"bytes_total", bytes_total},
      {"bytes_max", bytes_max},
      {"bytes_mean", built == 0 ? 0.0 : static_cast<double>(bytes_total) / built},
      {"rows_total", rows_total},
      {"build_ms", static_cast<long long>(build_ms)},
      {"elapsed_ms", static_cast<long long>(elapsed)},
      {"databases_per_second", build_ms <= 0 ? 0.0 : (built + not_kept.size()) * 1000.0 / build_ms},
      {"items_covered", covered},
      {"golds_unparsed", unparsed},
      {"sr", {{"original", percent(sr_original, items_with_db)}, {"testsuite", percent(sr_test, items_with_db)}}},
      {"discrimination",
       {{"original", testdb::discrimination_totals_json(original_totals)},
        {"testsuite", testdb::discrimination_totals_json(test_totals)}}}};
  std::cout << dump_json(summary, 2) << "\n";
  return 0;
}

const Registrar testsuite_registrar{
    {"testsuite", "test-suite style baseline: small random databases that tell golds from their mutants",
     kTestsuiteUsage, testsuite_flags, testsuite_main}};

}  // namespace
}  // namespace chokepoint::cli
