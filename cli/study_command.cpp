// `chokepoint study`: the papers' experiments as named studies (core/study/study_catalogue.h). `study list` names
// them; `study jqe-delta` and `study shared-failures` read their inputs, evaluate them as `chokepoint eval` does,
// hand the evaluated items to the core and write report.json, one CSV per table and report.html under --out.
// `study <other>` says which commands produce that study's pieces today.
#include <iostream>
#include <set>

#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/common_flags.h"
#include "cli/eval_report.h"
#include "cli/missing_databases.h"
#include "cli/parallel_evaluation.h"
#include "cli/seed_ids.h"
#include "cli/study_output.h"
#include "core/base/json_dump.h"
#include "core/dataset/eval_set_loader.h"
#include "core/metrics/eval_pairs.h"
#include "core/metrics/pair_evaluation.h"
#include "core/sql/query_shape.h"
#include "core/study/expansion_seeds.h"
#include "core/study/jqe_delta_study.h"
#include "core/study/shared_failures_study.h"
#include "core/study/study_catalogue.h"

namespace chokepoint::cli {
namespace {

const char* kStudyUsage =
    "Usage: chokepoint study list\n"
    "       chokepoint study <name> [flags]   (chokepoint study <name> --help for its flags)\n"
    "A study is one of the papers' experiments declared as inputs, systems and the tables and charts it produces.\n"
    "`study list` prints one line per study: its name, then what it reproduces. An unknown name exits 2.";

const char* kListUsage =
    "Usage: chokepoint study list\n"
    "One line per study: its name, then what it reproduces. Exit code 0.";

const char* kJqeText =
    "Usage: chokepoint study jqe-delta --seeds SET --expansions EXPANDED.json --pred-seeds FILE\n"
    "                                  --pred-expansions FILE --db-root DIR --out DIR [--system NAME]\n"
    "                                  [--semantics S] [--timeout-ms T] [--jobs N] [--skip-missing]\n"
    "EX of one system on a seed set and on its join query expansions. SET: the seed set (any format eval reads).\n"
    "EXPANDED.json: `chokepoint jqe`'s expansion set, whose items name their seed in jqe.seed_id (the seed's\n"
    "question_id, or its position). EX_dev: over the whole seed set; EX_ori: over the seeds with at least one\n"
    "expansion; EX_exp: over the expansions. ΔEX: each expansion against its own seed (+1, -1, 0 with EX = 1,\n"
    "0 with EX = 0). EX by joins (edges of the main join query graph of the gold query) and by shape (V,E) with a\n"
    "balanced sample. The papers' published values sit beside ours (thesis Tables 3.6-3.8, SQLMorph Tables IV-V).\n"
    "stdout: JSON {ex_dev, ex_ori, ex_exp, transitions {n, plus, minus, zero_correct, zero_wrong} (counts),\n"
    "transitions_percent, seeds, seeds_scored, originals, originals_scored, expansions, expansions_scored,\n"
    "pairs_skipped, shapes, out, files}.\n";
const std::string kJqeUsage = std::string(kJqeText) + kStudyOutRule;

const std::string kSharedUsage =
    std::string(
        "Usage: chokepoint study shared-failures --gold FILE --pred NAME=FILE [--pred NAME=FILE ...] --db-root DIR\n"
        "                                        --out DIR [--regimes EC-EC-IE,...] [--semantics S] [--timeout-ms T]\n"
        "                                        [--jobs N] [--skip-missing]\n"
        "The items every system fails (scored in every run with EX = 0), each regime's EXP, EXR and F1 per system\n"
        "over them (SQLMorph Table XI, its values beside ours) and their EXP and EXR distributions (Fig. 5).\n"
        "--pred NAME=FILE: one system's predictions, named NAME in the tables; give it once per system.\n"
        "stdout: JSON {items, scored_in_all, common_failures (a count), systems [{name, ex, regimes}], out, "
        "files}.\n") +
    kStudyOutRule;

// ---- study list and the catalogue's refusals ----

int list_main(const FlagValues& r) {
  if (!r.positionals().empty()) return fail_input("unexpected argument '" + r.positionals()[0] + "'");
  size_t width = 0;
  for (const auto& e : study::study_catalogue()) width = std::max(width, e.name.size());
  for (const auto& e : study::study_catalogue()) {
    std::cout << e.name << std::string(width + 2 - e.name.size(), ' ') << e.description << "\n";
  }
  return 0;
}

int study_main(const FlagValues& r) {
  if (r.positionals().empty()) return fail_input(std::string("which study?\n") + kStudyUsage);
  const std::string name = r.positionals()[0];
  const auto* entry = study::find_study(name);
  if (!entry)
    return fail_input("unknown study '" + name + "'; the closest is '" + study::closest_study(name) +
                      "' (see chokepoint study list)");
  return fail_input("study '" + name + "' takes its flags after its name: chokepoint study " + name + " --help");
}

// ---- jqe-delta ----

FlagTable jqe_delta_flags() {
  return study_evaluation_flags({
      path_flag("--seeds", "SET", "the seed set the expansions were built from (any format eval reads)"),
      path_flag("--expansions", "EXPANDED.json", "chokepoint jqe's expansion set (items carry jqe.seed_id)"),
      path_flag("--pred-seeds", "FILE", "the system's predictions for the seeds"),
      path_flag("--pred-expansions", "FILE", "the system's predictions for the expansions"),
      flags::db_root(),
      flags::out("DIR", "the folder for report.json, the CSV files and report.html"),
      text_flag("--system", "NAME", "the system's name in tables and charts").or_else("system"),
  });
}

int jqe_delta_main(const FlagValues& r) {
  if (!r.positionals().empty()) return fail_input("unexpected argument '" + r.positionals()[0] + "'");
  for (const char* f : {"--seeds", "--expansions", "--pred-seeds", "--pred-expansions", "--db-root", "--out"})
    if (r.text(f).empty()) return fail_input(std::string("missing ") + f + "\n" + kJqeUsage);
  const std::string db_root = r.text("--db-root"), out = r.text("--out");
  EvalSet seed_set;
  auto seed_pairs = read_study_pairs(r.text("--seeds"), r.text("--pred-seeds"), &seed_set);
  if (!seed_pairs.ok()) return fail_input(seed_pairs.error());
  auto exp_pairs = read_study_pairs(r.text("--expansions"), r.text("--pred-expansions"));
  if (!exp_pairs.ok()) return fail_input(exp_pairs.error());
  auto seed_ids = read_seed_ids(r.text("--expansions"));
  if (!seed_ids.ok()) return fail_input(seed_ids.error());
  std::vector<std::string> seed_keys;
  for (const auto& item : seed_set.items) seed_keys.push_back(item.key);
  // Join query graph shapes of the gold queries, on each database's schema.
  SchemaCache schemas(db_root);
  auto in = study::jqe_delta_inputs(r.text("--system"), *seed_pairs, seed_keys, *exp_pairs, *seed_ids,
                                    [&schemas](const std::string& db_id) { return schemas.get(db_id); });
  if (!in.ok()) return fail_input(r.text("--expansions") + ": " + in.error());

  std::vector<std::string> db_ids;
  for (const auto& p : *seed_pairs) db_ids.push_back(p.db_id);
  for (const auto& p : *exp_pairs) db_ids.push_back(p.db_id);
  auto skipped = require_databases(db_root, db_ids, r.has("--skip-missing"));
  if (!skipped.ok()) return fail_input(skipped.error());
  if (auto st = prepare_study_out(out); !st.ok()) return fail_input(st.error());

  const EvaluationOptions options = study_options(r, {});
  const int jobs = static_cast<int>(r.integer("--jobs"));
  auto seeds = evaluate_in_parallel(*seed_pairs, db_root, options, jobs);
  if (!seeds.ok()) return fail_input(seeds.error());
  auto expansions = evaluate_in_parallel(*exp_pairs, db_root, options, jobs);
  if (!expansions.ok()) return fail_input(expansions.error());
  in->seeds = std::move(*seeds);
  in->expansions = std::move(*expansions);

  auto result = study::jqe_delta_study(*in);
  if (!result.ok()) return fail_input(result.error());
  auto& report = result->report;
  report.inputs = {{"seeds", r.text("--seeds")},
                   {"expansions", r.text("--expansions")},
                   {"pred-seeds", r.text("--pred-seeds")},
                   {"pred-expansions", r.text("--pred-expansions")},
                   {"db-root", db_root},
                   {"semantics", r.text("--semantics")},
                   {"timeout-ms", std::to_string(r.integer("--timeout-ms"))}};
  if (!skipped->note.empty()) report.notes.push_back(skipped->note);
  auto files = write_study_report(out, report);
  if (!files.ok()) return fail_input(files.error());

  const auto& n = result->numbers;
  const auto& t = n.transitions;
  nlohmann::ordered_json shapes = nlohmann::ordered_json::array();
  for (const auto& b : n.shapes)
    shapes.push_back({{"nodes", b.nodes},
                      {"edges", b.edges},
                      {"available", b.available},
                      {"ex", round2(study::percent(b.correct, b.available))},
                      {"sample", b.sample},
                      {"sample_ex", round2(study::percent(b.sample_correct, b.sample))}});
  nlohmann::ordered_json summary;
  summary["study"] = "jqe-delta";
  summary["system"] = in->system;
  summary["seeds"] = n.seeds;
  summary["seeds_scored"] = n.seeds_scored;
  summary["originals"] = n.originals;
  summary["originals_scored"] = n.originals_scored;
  summary["expansions"] = n.expansions;
  summary["expansions_scored"] = n.expansions_scored;
  summary["ex_dev"] = round2(n.ex_dev);
  summary["ex_ori"] = round2(n.ex_ori);
  summary["ex_exp"] = round2(n.ex_exp);
  summary["transitions"] = {{"n", t.n},
                            {"plus", t.improved},
                            {"minus", t.degraded},
                            {"zero_correct", t.kept_correct},
                            {"zero_wrong", t.kept_wrong}};
  summary["transitions_percent"] = {{"plus", round2(t.percent(t.improved))},
                                    {"minus", round2(t.percent(t.degraded))},
                                    {"zero_correct", round2(t.percent(t.kept_correct))},
                                    {"zero_wrong", round2(t.percent(t.kept_wrong))}};
  summary["pairs_skipped"] = n.pairs_skipped;
  summary["shapes"] = shapes;
  if (skipped->items) summary["skipped_no_database"] = skipped->items;
  summary["out"] = out;
  summary["files"] = *files;
  std::cout << dump_json(summary, 2) << "\n";
  return 0;
}

// ---- shared-failures ----

FlagTable shared_failures_flags() {
  return study_evaluation_flags({
      flags::gold(),
      flags::pred()
          .repeated()
          .valued("NAME=FILE")
          .described("one system's predictions, named NAME in the tables; once per system"),
      flags::db_root(),
      flags::out("DIR", "the folder for report.json, the CSV files and report.html"),
      list_flag("--regimes", "EC-EC-IE,...", "fine-grained metric configurations").shows("Table XI's five"),
  });
}

int shared_failures_main(const FlagValues& r) {
  if (!r.positionals().empty()) return fail_input("unexpected argument '" + r.positionals()[0] + "'");
  for (const char* f : {"--gold", "--pred", "--db-root", "--out"})
    if (r.text(f).empty()) return fail_input(std::string("missing ") + f + "\n" + kSharedUsage);
  std::vector<Regime> regimes = table_xi_regimes();
  if (r.has("--regimes")) {
    auto parsed = parse_regime_list(r.text("--regimes"));
    if (!parsed.ok()) return fail_input("--regimes: " + parsed.error());
    regimes = *parsed;
  }
  const std::string db_root = r.text("--db-root"), out = r.text("--out");
  std::vector<std::pair<std::string, std::string>> systems;
  std::set<std::string> names;
  for (const auto& given : r.all("--pred")) {
    const auto eq = given.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == given.size())
      return fail_input("--pred '" + given + "': give NAME=FILE (the system's name, then its predictions)");
    const std::string name = given.substr(0, eq);
    if (!names.insert(name).second) return fail_input("--pred: the system name '" + name + "' is given twice");
    systems.push_back({name, given.substr(eq + 1)});
  }
  std::vector<std::vector<EvalPair>> pairs;
  for (const auto& [name, file] : systems) {
    auto p = read_study_pairs(r.text("--gold"), file);
    if (!p.ok()) return fail_input(p.error());
    pairs.push_back(std::move(*p));
  }
  std::vector<std::string> db_ids;
  for (const auto& p : pairs[0]) db_ids.push_back(p.db_id);
  auto skipped = require_databases(db_root, db_ids, r.has("--skip-missing"));
  if (!skipped.ok()) return fail_input(skipped.error());
  if (auto st = prepare_study_out(out); !st.ok()) return fail_input(st.error());

  const EvaluationOptions options = study_options(r, regimes);
  const int jobs = static_cast<int>(r.integer("--jobs"));
  std::vector<SystemRun> runs;
  for (size_t s = 0; s < systems.size(); ++s) {
    auto items = evaluate_in_parallel(pairs[s], db_root, options, jobs);
    if (!items.ok()) return fail_input(items.error());
    runs.push_back({systems[s].first, std::move(*items)});
  }
  auto result = study::shared_failures_study(runs, regimes);
  if (!result.ok()) return fail_input(result.error());
  auto& report = result->report;
  report.inputs = {{"gold", r.text("--gold")}};
  for (const auto& [name, file] : systems) report.inputs.push_back({"pred " + name, file});
  report.inputs.push_back({"db-root", db_root});
  report.inputs.push_back({"semantics", r.text("--semantics")});
  report.inputs.push_back({"timeout-ms", std::to_string(r.integer("--timeout-ms"))});
  if (!skipped->note.empty()) report.notes.push_back(skipped->note);
  auto files = write_study_report(out, report);
  if (!files.ok()) return fail_input(files.error());

  const auto& n = result->numbers;
  nlohmann::ordered_json sys = nlohmann::ordered_json::array();
  for (size_t s = 0; s < runs.size(); ++s) {
    const auto whole = summarize(runs[s].items, regimes);
    nlohmann::ordered_json by_regime;
    for (const auto& m : n.systems[s].summary.regimes)
      by_regime[m.regime.name()] = {{"exp", round2(m.exp)}, {"exr", round2(m.exr)}, {"f1", round2(m.f1)}};
    sys.push_back({{"name", runs[s].name}, {"ex", round2(whole.ex)}, {"scored", whole.scored}, {"regimes", by_regime}});
  }
  nlohmann::ordered_json summary;
  summary["study"] = "shared-failures";
  summary["items"] = n.items;
  summary["scored_in_all"] = n.scored_in_all;
  summary["common_failures"] = n.common_failures;
  summary["systems"] = sys;
  if (skipped->items) summary["skipped_no_database"] = skipped->items;
  summary["out"] = out;
  summary["files"] = *files;
  std::cout << dump_json(summary, 2) << "\n";
  return 0;
}

const Registrar study_registrar{
    {"study", "the papers' experiments as named studies (see study list)", kStudyUsage, nullptr, study_main}};
const Registrar list_registrar{
    {"study list", "the studies: which run as one command, which from pieces", kListUsage, nullptr, list_main}};
const Registrar jqe_registrar{{"study jqe-delta", "EX and ΔEX of seeds against their join query expansions", kJqeUsage,
                               jqe_delta_flags, jqe_delta_main}};
const Registrar shared_registrar{{"study shared-failures", "fine-grained metrics on the items every system fails",
                                  kSharedUsage, shared_failures_flags, shared_failures_main}};

}  // namespace
}  // namespace chokepoint::cli
