// `chokepoint mutate`: the controlled error-sensitivity experiment of SQLMorph §VI-C-1 on a gold file. Every gold
// query gets its single-error mutants (the 15 operators of Table IX, outer query only, kept when they prepare);
// gold and mutants run read-only on the gold's database; the per-operator mean ΔEX, ΔEXP, ΔEXR, ΔF1 per regime
// (Table X) go to stdout as JSON, and the full report with every mutant to --out.
#include <fstream>
#include <iostream>
#include <optional>

#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/common_flags.h"
#include "cli/missing_databases.h"
#include "cli/mutate_shard_items.h"
#include "cli/shard.h"
#include "cli/shard_file.h"
#include "cli/sharded_commands.h"
#include "core/base/json_dump.h"
#include "core/dataset/eval_set_loader.h"
#include "core/db/database_pool.h"
#include "core/metrics/execution_accuracy.h"
#include "core/metrics/fine_grained_metrics.h"
#include "core/metrics/regime.h"
#include "core/mutate/metrics_scorer.h"
#include "core/mutate/operator_registry.h"
#include "core/mutate/sensitivity_run.h"
#include "core/mutate/sensitivity_table.h"

namespace chokepoint::cli {
namespace {
using nlohmann::json;

const char* kMutateUsage =
    "Usage: chokepoint mutate --gold FILE --db-root DIR --out REPORT.json\n"
    "                         [--regimes EC-EC-IE,SC-EC-IE,...] [--semantics bird|spider] [--timeout-ms T]\n"
    "                         [--max-rows N] [--operators op1,op2,...] [--drop-equivalent] [--print-table]\n"
    "                         [--shard k/n] [--skip-missing]\n"
    "FILE: any gold format `chokepoint eval` reads (dev.json, SQL<TAB>db_id lines, ...). Databases are\n"
    "DIR/<db_id>/<db_id>.sqlite, opened read-only.\n"
    "Each gold query gets the single-error mutants of SQLMorph Table IX (outer query only; kept when the tree\n"
    "changed and SQLite prepares the SQL); gold and mutants are executed and scored like `chokepoint eval`.\n"
    "--regimes: default EC-EC-IE,SC-EC-IE (the columns of SQLMorph Table X). --semantics: EX as BIRD (default)\n"
    "  or Spider computes it. --timeout-ms: per-query limit (default 2000; a join_break mutant is a cartesian\n"
    "  product). --drop-equivalent: leave mutants with EX = 1 out of the means (the paper's quality filter).\n"
    "stdout: JSON {golds, skipped, mutants, rejected, regimes, operators: [{op, mutants, golds, equivalent, failed,\n"
    "  d_ex, regimes: {name: {d_exp, d_exr, d_f1}}}]}, deltas in points against the gold itself (100).\n"
    "--print-table: also print the table as text on stderr.\n"
    "--shard k/n: mutate and score only the gold queries whose 0-based position p in the gold file has\n"
    "  p % n = k - 1, and write a shard file (not a report) to --out; `chokepoint merge --out REPORT.json SHARD...`\n"
    "  makes of the n shards the report and stdout one run writes (the means of Table X are taken there). Merge\n"
    "  re-reads --gold at the path given here.\n"
    "A database missing under --db-root is an error (exit 2); with --skip-missing its golds are skipped (listed\n"
    "under skipped in REPORT.json). Exit code 0, or 2 on bad input.";

FlagTable mutate_flags() {
  return {
      flags::gold(),
      flags::db_root(),
      flags::out("REPORT.json", "the report with every mutant (a shard file with --shard)"),
      list_flag("--regimes", "EC-EC-IE,...", "fine-grained metric configurations").or_else("EC-EC-IE,SC-EC-IE"),
      flags::semantics({"bird", "spider"}, "").or_else("bird"),
      flags::timeout_ms("2000", "time limit of one query"),
      whole_flag("--max-rows", "N", 1, 100000000, "rows", "rows of a result kept; more are cut and marked truncated")
          .or_else("100000"),
      list_flag("--operators", "op1,op2,...", "only these mutation operators (SQLMorph Table IX)").shows("all 15"),
      switch_flag("--drop-equivalent", "leave mutants with EX = 1 out of the means"),
      switch_flag("--print-table", "also print the table as text on stderr").alias("--table"),
      flags::shard(),
      flags::skip_missing(),
  };
}

// The scorer the experiment calls for each executed mutant: EX, then EXP/EXR/F1 under every regime at once.

json table_to_json(const mutate::SensitivityTable& table) {
  json ops = json::array();
  for (const auto& row : table.rows) {
    json regimes = json::object();
    for (const auto& d : row.regimes) regimes[d.regime] = {{"d_exp", d.exp}, {"d_exr", d.exr}, {"d_f1", d.f1}};
    ops.push_back({{"op", row.op},
                   {"mutants", row.mutants},
                   {"golds", row.golds},
                   {"equivalent", row.equivalent},
                   {"failed", row.failed},
                   {"d_ex", row.ex},
                   {"regimes", regimes}});
  }
  return ops;
}

}  // namespace

int run_mutate(const FlagValues& r, MergedShards* merged) {
  if (!r.positionals().empty()) return fail_input("unexpected argument '" + r.positionals()[0] + "'\n" + kMutateUsage);
  for (const char* f : {"--gold", "--db-root", "--out"})
    if (r.text(f).empty()) return fail_input(std::string("missing ") + f + "\n" + kMutateUsage);

  const ExSemantics semantics = *ex_semantics_from_name(r.text("--semantics"));
  auto regimes = parse_regime_list(r.text("--regimes"));
  if (!regimes.ok()) return fail_input(regimes.error());
  std::vector<std::string> regime_names;
  for (const auto& g : *regimes) regime_names.push_back(g.name());

  mutate::SensitivityOptions options;
  options.limits.timeout_ms = static_cast<int>(r.integer("--timeout-ms"));
  options.limits.max_rows = static_cast<size_t>(r.integer("--max-rows"));
  options.regime_count = regimes->size();
  auto shard_flag = read_shard(r);
  if (!shard_flag.ok()) return fail_input(shard_flag.error());
  const std::optional<ShardSpec> shard = *shard_flag;
  options.operators = r.items("--operators");
  for (const auto& op : options.operators)
    if (!mutate::find_operator(op)) return fail_input("unknown operator '" + op + "' (see SQLMorph Table IX)");

  auto gold = load_eval_set(r.text("--gold"));
  if (!gold.ok()) return fail_input(gold.error());
  std::vector<mutate::GoldQuery> golds;
  for (size_t i = 0; i < gold->items.size(); ++i) {
    const auto& g = gold->items[i];
    if (g.db_id.empty()) return fail_input("gold item " + std::to_string(i + 1) + " has no db_id");
    golds.push_back({g.key, g.db_id, g.sql});
  }
  // Each shard checks every gold's database and records its note; merge repeats the note and runs no query.
  std::string skip_note;
  if (merged) {
    skip_note = merged->run.value("skip_note", "");
    print_skip_note(skip_note);
  } else {
    std::vector<std::string> db_ids;
    for (const auto& g : golds) db_ids.push_back(g.db_id);
    auto skipped = require_databases(r.text("--db-root"), db_ids, r.has("--skip-missing"));
    if (!skipped.ok()) return fail_input(skipped.error());
    skip_note = skipped->note;
  }

  DatabasePool pool(r.text("--db-root"));
  const auto scorer = mutate::metrics_scorer(semantics, *regimes);
  if (shard) {
    // Shard k of n: each of its golds run alone (the run keeps nothing from one gold to the next), for merge.
    ShardFile file = new_shard("mutate", *shard, without_flags(r.arguments(), {"--out", "--shard"}));
    auto gold_hash = content_hash(r.text("--gold"));
    if (!gold_hash.ok()) return fail_input(gold_hash.error());
    file.run = {{"gold_hash", *gold_hash}};
    if (!skip_note.empty()) file.run["skip_note"] = skip_note;
    size_t mutants = 0;
    for (size_t p = 0; p < golds.size(); ++p) {
      if (!shard->contains(p)) continue;
      const auto part = mutate::run_sensitivity({golds[p]}, pool, options, scorer);
      mutants += part.mutants.size();
      file.positions.push_back(p);
      file.items.push_back(encode_gold_sensitivity(part));
    }
    if (auto st = write_shard(r.text("--out"), file); !st.ok()) return fail_input(st.error());
    std::cout << dump_json(json{{"shard", shard->label()},
                                {"golds", file.items.size()},
                                {"of", golds.size()},
                                {"mutants", mutants}},
                           2)
              << "\n";
    return 0;
  }
  mutate::SensitivityRun run;
  if (merged) {
    if (auto st = check_input_file(*merged, "gold_hash", r.text("--gold")); !st.ok()) return fail_input(st.error());
    std::vector<size_t> positions(golds.size());
    for (size_t p = 0; p < golds.size(); ++p) positions[p] = p;
    auto parts = take_items(*merged, positions, "gold query");
    if (!parts.ok()) return fail_input(parts.error());
    run.golds = golds.size();
    for (size_t p = 0; p < golds.size(); ++p) {
      auto part = decode_gold_sensitivity((*parts)[p]);
      if (!part.ok()) return fail_input("the shards' gold query at position " + std::to_string(p) + " is damaged");
      bool same = true;  // every record names the gold it came from
      for (const auto& m : part->mutants) same = same && m.gold_id == golds[p].id;
      for (const auto& m : part->rejected) same = same && m.gold_id == golds[p].id;
      for (const auto& g : part->skipped) same = same && g.id == golds[p].id;
      if (!same)
        return fail_input("the shards' gold query at position " + std::to_string(p) + " is not " + golds[p].id);
      append_gold_sensitivity(run, std::move(*part));
    }
  } else {
    run = mutate::run_sensitivity(golds, pool, options, scorer);
  }
  auto table = mutate::tabulate_sensitivity(run.mutants, regime_names, r.has("--drop-equivalent"), options.operators);

  json summary = {{"golds", run.golds},
                  {"skipped", run.skipped.size()},
                  {"mutants", run.mutants.size()},
                  {"rejected", run.rejected.size()},
                  {"semantics", ex_semantics_name(semantics)},
                  {"regimes", regime_names},
                  {"drop_equivalent", table.drop_equivalent},
                  {"operators", table_to_json(table)}};
  if (!run.error.empty()) summary["scoring_error"] = run.error;

  json report;
  report["summary"] = summary;
  report["gold_file"] = r.text("--gold");
  report["timeout_ms"] = options.limits.timeout_ms;
  json mutants = json::array();
  for (const auto& m : run.mutants) {
    json scores = json::object();
    for (size_t i = 0; i < regime_names.size() && i < m.scores.exp.size(); ++i)
      scores[regime_names[i]] = {{"exp", m.scores.exp[i]}, {"exr", m.scores.exr[i]}, {"f1", m.scores.f1[i]}};
    json item = {{"gold_id", m.gold_id},  {"db_id", m.db_id}, {"op", m.op},
                 {"edit", m.description}, {"sql", m.sql},     {"status", query_status_name(m.status)},
                 {"ex", m.scores.ex},     {"scores", scores}};
    if (!m.message.empty()) item["message"] = m.message;
    if (m.truncated) item["truncated"] = true;
    mutants.push_back(item);
  }
  report["mutants"] = mutants;
  json rejected = json::array();
  for (const auto& m : run.rejected)
    rejected.push_back({{"gold_id", m.gold_id},
                        {"db_id", m.db_id},
                        {"op", m.op},
                        {"edit", m.description},
                        {"sql", m.sql},
                        {"message", m.message}});
  report["rejected"] = rejected;
  json skipped = json::array();
  for (const auto& s : run.skipped) skipped.push_back({{"id", s.id}, {"db_id", s.db_id}, {"reason", s.reason}});
  report["skipped"] = skipped;

  std::ofstream out(r.text("--out"), std::ios::binary);
  if (!out) return fail_input("cannot write '" + r.text("--out") + "'");
  out << dump_json(report, 2) << "\n";
  if (!out) return fail_input("could not finish writing '" + r.text("--out") + "'");

  std::cout << dump_json(summary, 2) << "\n";
  if (r.has("--print-table")) std::cerr << mutate::format_sensitivity_table(table);
  return 0;
}

namespace {

int mutate_main(const FlagValues& r) { return run_mutate(r, nullptr); }

const Registrar mutate_registrar{
    {"mutate", "single-error mutants of gold SQL and their effect on EX/EXP/EXR/F1 (SQLMorph Table X)", kMutateUsage,
     mutate_flags, mutate_main}};

}  // namespace
}  // namespace chokepoint::cli
