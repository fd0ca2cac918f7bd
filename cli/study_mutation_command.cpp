// `chokepoint study mutation-sensitivity`: `chokepoint mutate`'s experiment (SQLMorph Table X) as a study: the same
// mutants, executions and scores, written as report.json, one CSV per table and report.html with the paper's
// values beside ours (core/study/mutation_sensitivity_study.h).
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/common_flags.h"
#include "cli/missing_databases.h"
#include "cli/study_output.h"
#include "core/base/json_dump.h"
#include "core/dataset/eval_set_loader.h"
#include "core/db/database_pool.h"
#include "core/metrics/regime.h"
#include "core/mutate/metrics_scorer.h"
#include "core/mutate/operator_registry.h"
#include "core/mutate/sensitivity_run.h"
#include "core/mutate/sensitivity_table.h"
#include "core/study/mutation_sensitivity_study.h"

namespace chokepoint::cli {
namespace {

const std::string kStudyMutationUsage =
    std::string(
        "Usage: chokepoint study mutation-sensitivity --gold FILE --db-root DIR --out DIR\n"
        "                                             [--regimes EC-EC-IE,SC-EC-IE,...] [--operators op1,...]\n"
        "                                             [--drop-equivalent] [--semantics bird|spider] [--timeout-ms T]\n"
        "                                             [--max-rows N] [--skip-missing]\n"
        "Every gold query gets the single-error mutants of SQLMorph Table IX (outer query only, kept when the tree\n"
        "changed and SQLite prepares the SQL); gold and mutants run read-only and are scored as `chokepoint mutate`\n"
        "scores them. Tables: per operator the mutants, the gold queries they come from, the equivalent ones\n"
        "(EX = 1), the failed ones, mean ΔEX and per regime mean ΔEXP, ΔEXR, ΔF1 in points against the gold\n"
        "(SQLMorph Table X, its values beside ours); charts: the EXP and EXR drops per operator; items: every\n"
        "mutant. --drop-equivalent leaves mutants with EX = 1 out of the means, as the paper does.\n"
        "stdout: JSON {study, golds, skipped, mutants, rejected, regimes, drop_equivalent, operators [{op, mutants,\n"
        "d_ex, regimes {name: {d_exp, d_exr, d_f1}}}], out, files}.\n") +
    kStudyOutRule;

FlagTable mutation_flags() {
  return {
      flags::gold(),
      flags::db_root(),
      flags::out("DIR", "the folder for report.json, the CSV files and report.html"),
      list_flag("--regimes", "EC-EC-IE,...", "fine-grained metric configurations").or_else("EC-EC-IE,SC-EC-IE"),
      list_flag("--operators", "op1,op2,...", "only these mutation operators (SQLMorph Table IX)").shows("all 15"),
      switch_flag("--drop-equivalent", "leave mutants with EX = 1 out of the means (the paper's filter)"),
      flags::semantics({"bird", "spider"}, "").or_else("bird"),
      flags::timeout_ms("2000", "time limit of one query"),
      whole_flag("--max-rows", "N", 1, 100000000, "rows", "rows of a result kept; more are cut and marked truncated")
          .or_else("100000"),
      flags::skip_missing(),
  };
}

int mutation_main(const FlagValues& r) {
  if (!r.positionals().empty()) return fail_input("unexpected argument '" + r.positionals()[0] + "'");
  for (const char* f : {"--gold", "--db-root", "--out"})
    if (r.text(f).empty()) return fail_input(std::string("missing ") + f + "\n" + kStudyMutationUsage);
  auto regimes = parse_regime_list(r.text("--regimes"));
  if (!regimes.ok()) return fail_input("--regimes: " + regimes.error());
  std::vector<std::string> regime_names;
  for (const auto& g : *regimes) regime_names.push_back(g.name());
  mutate::SensitivityOptions options;
  options.limits.timeout_ms = static_cast<int>(r.integer("--timeout-ms"));
  options.limits.max_rows = static_cast<size_t>(r.integer("--max-rows"));
  options.regime_count = regimes->size();
  options.operators = r.items("--operators");
  for (const auto& op : options.operators)
    if (!mutate::find_operator(op)) return fail_input("--operators: unknown operator '" + op + "' (SQLMorph Table IX)");

  const std::string db_root = r.text("--db-root"), out = r.text("--out");
  auto gold = load_eval_set(r.text("--gold"));
  if (!gold.ok()) return fail_input(r.text("--gold") + ": " + gold.error());
  std::vector<mutate::GoldQuery> golds;
  std::vector<std::string> db_ids;
  for (size_t i = 0; i < gold->items.size(); ++i) {
    const auto& g = gold->items[i];
    if (g.db_id.empty()) return fail_input(r.text("--gold") + ": item " + std::to_string(i + 1) + " has no db_id");
    golds.push_back({g.key, g.db_id, g.sql});
    db_ids.push_back(g.db_id);
  }
  auto skipped = require_databases(db_root, db_ids, r.has("--skip-missing"));
  if (!skipped.ok()) return fail_input(skipped.error());
  if (auto st = prepare_study_out(out); !st.ok()) return fail_input(st.error());

  DatabasePool pool(db_root);
  const auto semantics = *ex_semantics_from_name(r.text("--semantics"));
  const auto run = mutate::run_sensitivity(golds, pool, options, mutate::metrics_scorer(semantics, *regimes));
  const auto table =
      mutate::tabulate_sensitivity(run.mutants, regime_names, r.has("--drop-equivalent"), options.operators);
  auto report = study::mutation_sensitivity_report(run, table);
  report.inputs = {{"gold", r.text("--gold")},
                   {"db-root", db_root},
                   {"regimes", r.text("--regimes")},
                   {"semantics", r.text("--semantics")},
                   {"timeout-ms", std::to_string(r.integer("--timeout-ms"))},
                   {"drop-equivalent", r.has("--drop-equivalent") ? "yes" : "no"}};
  if (!options.operators.empty()) report.inputs.push_back({"operators", r.text("--operators")});
  if (!skipped->note.empty()) report.notes.push_back(skipped->note);
  auto files = write_study_report(out, report);
  if (!files.ok()) return fail_input(files.error());

  nlohmann::ordered_json ops = nlohmann::ordered_json::array();
  for (const auto& row : table.rows) {
    nlohmann::ordered_json by_regime;
    for (const auto& d : row.regimes)
      by_regime[d.regime] = {{"d_exp", round2(d.exp)}, {"d_exr", round2(d.exr)}, {"d_f1", round2(d.f1)}};
    ops.push_back({{"op", row.op}, {"mutants", row.mutants}, {"d_ex", round2(row.ex)}, {"regimes", by_regime}});
  }
  nlohmann::ordered_json summary;
  summary["study"] = "mutation-sensitivity";
  summary["golds"] = run.golds;
  summary["skipped"] = run.skipped.size();
  summary["mutants"] = run.mutants.size();
  summary["rejected"] = run.rejected.size();
  summary["regimes"] = regime_names;
  summary["drop_equivalent"] = table.drop_equivalent;
  summary["operators"] = ops;
  if (skipped->items) summary["skipped_no_database"] = skipped->items;
  if (!run.error.empty()) summary["scoring_error"] = run.error;
  summary["out"] = out;
  summary["files"] = *files;
  std::cout << dump_json(summary, 2) << "\n";
  return 0;
}

const Registrar study_mutation_registrar{{"study mutation-sensitivity",
                                          "single-error mutants and their effect on EX/EXP/EXR/F1", kStudyMutationUsage,
                                          mutation_flags, mutation_main}};

}  // namespace
}  // namespace chokepoint::cli
