// `chokepoint bigtable`: BigTable-0.2k built as 004 §3.3 builds it, from pieces that exist on their own: a stratified
// subset (core/runner/bigtable_subset.h), the four-table stratum topped up by expanding three-table queries with one
// more join (`chokepoint jqe`, whose model writes each expansion's question), one filter value per item changed to
// another that keeps a non-empty result (core/runner/filter_value_change.h), and the tables and columns renamed by
// the de-naturalisation renamer (`chokepoint tqa denat`, its O/L set). Table 2's statistics of the result stand
// beside the paper's.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/command_capture.h"
#include "cli/common_flags.h"
#include "cli/model_calls.h"
#include "cli/study_output.h"
#include "core/base/file_text.h"
#include "core/base/json_dump.h"
#include "core/dataset/bird_writer.h"
#include "core/dataset/eval_set_loader.h"
#include "core/runner/bigtable_build.h"
#include "core/runner/bigtable_job.h"
#include "core/runner/bigtable_subset.h"

namespace chokepoint::cli {
namespace {

namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

const char* kBigtableUsage =
    "Usage: chokepoint bigtable --gold FILE --db-root DIR --out DIR [--per-stratum N] [--seed S]\n"
    "                           [--llm-config C.json [--replay FILE.sqlite] [--prompts DIR]]\n"
    "                           [--no-expand] [--no-filter-change] [--no-rename] [--timeout-ms T]\n"
    "BigTable-0.2k as 004 §3.3 builds it from a BIRD-style set (FILE, any format `chokepoint eval` reads) and its\n"
    "databases, in four steps, each of which can be left out:\n"
    "  subset         N items (default 50) whose gold query reads 1, 2, 3 and more than 3 tables, seed S\n"
    "  expand         when fewer than N read more than 3, three-table items not taken are expanded by one more\n"
    "                 join (`chokepoint jqe`); the model of --llm-config writes each expansion's question, so\n"
    "                 without it the stratum stays short and the report says so (--no-expand skips the step)\n"
    "  filter change  in each item, one `column = value` of the outer WHERE whose value the question or evidence\n"
    "                 mentions gets another value of that column (from the database, seeded) that keeps the\n"
    "                 result non-empty; the mention changes with it. Items without one keep their values.\n"
    "  rename         tables and columns renamed by `chokepoint tqa denat` (its O/L set: the question as it was,\n"
    "                 the gold SQL and databases renamed); an item whose renamed gold changes its result is left\n"
    "                 out, as denat leaves it out\n"
    "DIR receives bigtable.json (BIRD dev JSON), databases/ (the renamed copies; with --no-rename the set runs on\n"
    "--db-root), bigtable_report.json (the summary and each item's change) and steps/ (each step's files).\n"
    "stdout: JSON {items, strata: [{tables, items, avg_columns, paper_items, paper_avg_columns}], subset,\n"
    "expanded, filter_changed, filter_unchanged: {reason: n}, renamed: {kept, left_out}, set, db_root, notes}.\n"
    "Exit code 1 when some model calls failed (what they would have made is left out and counted), 2 on bad input.";

FlagTable bigtable_flags() {
  return {
      flags::gold().alias("--set"),
      flags::db_root(),
      flags::out("DIR", "the folder for bigtable.json, databases/, bigtable_report.json and steps/"),
      whole_flag("--per-stratum", "N", 1, 9999999, "items", "items per number of gold tables").or_else("50"),
      flags::seed("1"),
      flags::llm_config().described("the model that writes the expanded queries' questions (and denat's rewrites)"),
      switch_flag("--no-expand", "leave the four-table stratum as the set gives it"),
      switch_flag("--no-filter-change", "keep every filter value"),
      switch_flag("--no-rename", "keep the tables' and columns' names"),
      flags::timeout_ms("5000", "time limit of one query"),
      flags::prompts(),
      flags::replay(),
      flags::max_calls(),
      flags::max_tokens(),
      flags::concurrency(),
      flags::request_timeout_ms(),
  };
}

int bigtable_main(const FlagValues& r) {
  if (!r.positionals().empty()) return fail_input("unexpected argument '" + r.positionals()[0] + "'");
  for (const char* f : {"--gold", "--db-root", "--out"})
    if (r.text(f).empty()) return fail_input(std::string("missing ") + f + "\n" + kBigtableUsage);
  if (!r.has("--llm-config"))
    for (const char* f :
         {"--replay", "--prompts", "--max-calls", "--max-tokens", "--concurrency", "--request-timeout-ms"})
      if (r.has(f)) return fail_input(std::string(f) + " goes with --llm-config");
  const std::string out = r.text("--out"), steps = (fs::path(out) / "steps").string();
  const size_t per = static_cast<size_t>(r.integer("--per-stratum"));
  const uint64_t seed = static_cast<uint64_t>(r.integer("--seed"));
  QueryLimits limits;
  limits.timeout_ms = static_cast<int>(r.integer("--timeout-ms"));

  auto set = load_eval_set(r.text("--gold"));
  if (!set.ok()) return fail_input(r.text("--gold") + ": " + set.error());
  std::set<std::string> ids;
  for (const auto& it : set->items) ids.insert(it.db_id);
  auto dbs = open_databases(r.text("--db-root"), ids);
  if (!dbs.ok()) return fail_input(dbs.error());
  // The subset and the filter step are the page's too (core/runner/bigtable_job.h); the expansion and the rename go
  // through `chokepoint jqe` and `chokepoint tqa denat`, whose model calls, replay and files come with them.
  std::map<std::string, runner::BigtableDatabase> sources;
  for (const auto& [id, schema] : dbs->schemas) {
    const auto c = dbs->connections.find(id);
    // The pool owns the connections and outlives the job.
    sources[id] = {schema, c == dbs->connections.end()
                               ? nullptr
                               : std::shared_ptr<const Connection>(std::shared_ptr<void>(), c->second)};
  }
  runner::BigtableOptions options;
  options.per_stratum = per;
  options.seed = seed;
  options.change_filters = !r.has("--no-filter-change");
  options.limits = limits;
  auto job = runner::BigtableJob::start(*set, std::move(sources), options);
  if (!job.ok()) return fail_input(job.error());
  const runner::SubsetReport* sub = &(*job)->subset();
  if (auto st = prepare_study_out(out); !st.ok()) return fail_input(st.error());
  std::error_code ec;
  fs::create_directories(steps, ec);
  if (ec) return fail_input("cannot create " + steps + ": " + ec.message());
  auto step = [&](const std::string& file) { return (fs::path(steps) / file).string(); };
  if (auto st = write_file(step("subset.json"), write_bird_dev_json(sub->subset)); !st.ok())
    return fail_input(st.error());
  std::vector<std::string> notes;  // what this command says beside the job's notes
  Args calls;
  if (r.has("--llm-config")) calls = {"--llm-config", r.text("--llm-config")};
  const Args passed = passed_on_model_call_words(r);
  calls.insert(calls.end(), passed.begin(), passed.end());
  int rc = 0;

  // Expand: three-table items the subset did not take, one more join each, until the four-table stratum is full.
  size_t expanded = 0;
  const size_t short_by = (*job)->four_table_shortfall();
  if (short_by > 0 && !r.has("--no-expand")) {
    EvalSet three;
    three.format = set->format;
    three.items = (*job)->expansion_seeds(*set);
    if (!r.has("--llm-config")) {
      notes.push_back("the >3 stratum is " + std::to_string(short_by) +
                      " items short; expanding three-table items needs --llm-config (the model writes each "
                      "expansion's question), so it stays short");
    } else if (three.items.empty()) {
      notes.push_back("the >3 stratum is " + std::to_string(short_by) +
                      " items short and no three-table item is left to expand");
    } else {
      if (auto st = write_file(step("three_tables.json"), write_bird_dev_json(three)); !st.ok())
        return fail_input(st.error());
      Args jqe = {"--gold",   step("three_tables.json"),   "--db-root",     r.text("--db-root"),
                  "--out",    step("expanded.json"),       "--per-pattern", "0",
                  "--budget", std::to_string(2 * short_by)};
      jqe.insert(jqe.end(), calls.begin(), calls.end());
      auto ran = run_command_captured("jqe", jqe);
      if (!ran.ok()) return fail_input(ran.error());
      rc = std::max(rc, ran->exit_code);
      auto text = read_file(step("expanded.json"));
      expanded = (*job)->append_expansions(text.ok() ? nlohmann::json::parse(*text, nullptr, false) : nlohmann::json());
    }
  }

  // Filter change: one mentioned filter value per item, each item with its own seed.
  (*job)->run_to_end();
  if (!(*job)->error().empty()) return fail_input((*job)->error());
  const EvalSet& built = (*job)->built();
  const runner::FilterChangeTally& tally = (*job)->tally();
  if (auto st = write_file(step("changed.json"), write_bird_dev_json(built)); !st.ok()) return fail_input(st.error());

  // Rename: denat's O/L set (the question as it was, the gold and the databases renamed).
  std::string final_set = step("changed.json"), db_root = r.text("--db-root");
  size_t left_out = 0;
  if (!r.has("--no-rename")) {
    Args denat = {"--gold", step("changed.json"), "--db-root",    r.text("--db-root"),
                  "--out",  step("denat"),        "--timeout-ms", std::to_string(r.integer("--timeout-ms"))};
    denat.insert(denat.end(), calls.begin(), calls.end());
    auto ran = run_command_captured("tqa denat", denat);
    if (!ran.ok()) return fail_input(ran.error());
    rc = std::max(rc, ran->exit_code);
    final_set = step("denat/O_L.json");
    fs::rename(step("denat/databases"), fs::path(out) / "databases", ec);
    if (ec) return fail_input("cannot move the renamed databases: " + ec.message());
    db_root = (fs::path(out) / "databases").string();
  }
  auto result = load_eval_set(final_set);
  if (!result.ok()) return fail_input("internal error: " + final_set + ": " + result.error());
  left_out = built.items.size() - std::min(built.items.size(), result->items.size());
  if (auto st = write_file((fs::path(out) / "bigtable.json").string(), write_bird_dev_json(*result)); !st.ok())
    return fail_input(st.error());

  // Table 2 of what was built, counted on the schemas it runs on.
  std::set<std::string> final_ids;
  for (const auto& it : result->items) final_ids.insert(it.db_id);
  auto final_dbs = open_databases(db_root, final_ids);
  if (!final_dbs.ok()) return fail_input(final_dbs.error());
  auto table2 = runner::bigtable_table2(*result, final_dbs->schemas, seed);
  if (!table2.ok()) return fail_input(table2.error());
  const ojson strata = std::move(*table2);
  ojson unchanged_json = ojson::object();
  for (const auto& [reason, n] : tally.unchanged) unchanged_json[reason] = n;
  ojson summary;
  summary["items"] = result->items.size();
  summary["strata"] = strata;
  summary["subset"] = sub->subset.items.size();
  summary["expanded"] = expanded;
  summary["filter_changed"] = tally.changed;
  summary["filter_unchanged"] = unchanged_json;
  summary["renamed"] = r.has("--no-rename") ? ojson() : ojson{{"kept", result->items.size()}, {"left_out", left_out}};
  summary["set"] = (fs::path(out) / "bigtable.json").string();
  summary["db_root"] = db_root;
  std::vector<std::string> all_notes = (*job)->notes();
  all_notes.insert(all_notes.end(), notes.begin(), notes.end());
  summary["notes"] = all_notes;
  ojson report = summary;
  report["filter_changes"] = tally.changes;
  if (auto st = write_file((fs::path(out) / "bigtable_report.json").string(), dump_json(report, 2) + "\n"); !st.ok())
    return fail_input(st.error());
  std::cout << dump_json(summary, 2) << "\n";
  return rc;
}

const Registrar bigtable_registrar{{"bigtable",
                                    "BigTable-0.2k as 004 builds it: subset, 3->4-table expansion, changed filter "
                                    "values, renamed schema (Table 2 beside the paper's)",
                                    kBigtableUsage, bigtable_flags, bigtable_main}};

}  // namespace
}  // namespace chokepoint::cli
