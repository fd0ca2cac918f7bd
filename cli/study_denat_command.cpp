// `chokepoint study denat-delta`: SQLMorph Table VII on the four sets `chokepoint tqa denat` writes. Each system's
// predictions per setting are evaluated as `chokepoint eval` evaluates them (O/O and L/O on the original databases,
// O/L and L/L on the renamed ones), and the core builds the report (core/study/denat_delta_study.h).
#include <filesystem>
#include <iostream>
#include <map>

#include <nlohmann/json.hpp>

#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/common_flags.h"
#include "cli/missing_databases.h"
#include "cli/parallel_evaluation.h"
#include "cli/study_output.h"
#include "core/base/file_text.h"
#include "core/base/json_dump.h"
#include "core/study/denat_delta_study.h"
#include "core/study/naturalness_tally.h"

namespace chokepoint::cli {
namespace {

namespace fs = std::filesystem;

const std::string kStudyDenatUsage =
    std::string(
        "Usage: chokepoint study denat-delta --variants DIR --pred NAME:SETTING=FILE [--pred ...] --db-root DIR\n"
        "                                    --out DIR [--lexicon ASSET | --wordnet DIR] [--semantics S]\n"
        "                                    [--timeout-ms T] [--jobs N] [--skip-missing]\n"
        "EX on less natural questions and schemas (SQLMorph Table VII). DIR: what `chokepoint tqa denat --out DIR`\n"
        "wrote: O_O.json, L_O.json, O_L.json, L_L.json, databases/ and denat_report.json.\n"
        "--pred NAME:SETTING=FILE: system NAME's predictions for SETTING (O_O, L_O, O_L or L_L; O/O ... also read);\n"
        "  each system needs O_O and at least one other setting. O/O and L/O are evaluated on --db-root, O/L and L/L\n"
        "  on DIR/databases.\n"
        "Tables: EX of each system in each setting over all items; ΔEX as the paper computes it: over the items the\n"
        "system answers right in O/O, the percent change of EX in each other setting (the paper's values beside\n"
        "ours); the naturalness (N1/N2/N3) of the schema's names before and after renaming, classified by the\n"
        "dictionary-coverage heuristic with the lexicon (--lexicon or --wordnet; without one, the levels\n"
        "denat_report.json recorded for the originals only).\n"
        "stdout: JSON {study, items, systems [{name, oo_correct, ex {O/O, ...}, delta {L/O, O/L, L/L}}], naturalness\n"
        "{source, before, after}, out, files}.\n") +
    kStudyOutRule;

FlagTable denat_flags() {
  return study_evaluation_flags({
      path_flag("--variants", "DIR", "the folder chokepoint tqa denat --out wrote (four sets, databases/)"),
      flags::pred()
          .repeated()
          .valued("NAME:SETTING=FILE")
          .described("one system's predictions for one setting (O_O, L_O, O_L, L_L); repeat"),
      flags::db_root(),
      flags::out("DIR", "the folder for report.json, the CSV files and report.html"),
      flags::lexicon(),
      flags::wordnet(),
  });
}

// "O_O" or "O/O" -> 0..3; -1 when neither.
int setting_index(const std::string& text) {
  for (size_t k = 0; k < 4; ++k)
    if (text == study::denat_setting_stems()[k] || text == study::denat_settings()[k]) return static_cast<int>(k);
  return -1;
}

struct GivenPrediction {
  std::string system;
  int setting = 0;
  std::string file;
};

Result<std::vector<GivenPrediction>> read_pred_flags(const std::vector<std::string>& given) {
  std::vector<GivenPrediction> out;
  std::map<std::pair<std::string, int>, std::string> seen;
  for (const auto& g : given) {
    const auto eq = g.find('=');
    const auto colon = g.substr(0, eq).rfind(':');
    if (eq == std::string::npos || colon == std::string::npos || colon == 0 || eq + 1 == g.size())
      return Error{"--pred '" + g + "': give NAME:SETTING=FILE, e.g. chess:O_O=chess_oo.json"};
    GivenPrediction p{g.substr(0, colon), setting_index(g.substr(colon + 1, eq - colon - 1)), g.substr(eq + 1)};
    if (p.setting < 0)
      return Error{"--pred '" + g + "': the setting '" + g.substr(colon + 1, eq - colon - 1) +
                   "' is not one of O_O, L_O, O_L, L_L"};
    if (!seen.emplace(std::make_pair(p.system, p.setting), p.file).second)
      return Error{"--pred: " + p.system + " " + study::denat_settings()[static_cast<size_t>(p.setting)] +
                   " is given twice"};
    out.push_back(p);
  }
  return out;
}

int denat_main(const FlagValues& r) {
  if (!r.positionals().empty()) return fail_input("unexpected argument '" + r.positionals()[0] + "'");
  for (const char* f : {"--variants", "--pred", "--db-root", "--out"})
    if (r.text(f).empty()) return fail_input(std::string("missing ") + f + "\n" + kStudyDenatUsage);
  const std::string variants = r.text("--variants"), db_root = r.text("--db-root"), out = r.text("--out");
  const std::string renamed_root = (fs::path(variants) / "databases").string();
  auto given = read_pred_flags(r.all("--pred"));
  if (!given.ok()) return fail_input(given.error());

  // Systems in the order first named; each setting's predictions paired with that setting's set.
  std::vector<std::string> order;
  std::map<std::string, std::array<std::vector<EvalPair>, 4>> pairs;
  for (const auto& p : *given) {
    if (!pairs.count(p.system)) order.push_back(p.system);
    const std::string set =
        (fs::path(variants) / (std::string(study::denat_setting_stems()[p.setting]) + ".json")).string();
    auto read = read_study_pairs(set, p.file);
    if (!read.ok()) return fail_input(read.error());
    pairs[p.system][static_cast<size_t>(p.setting)] = std::move(*read);
  }
  for (const auto& name : order) {
    const auto& s = pairs[name];
    if (s[0].empty()) return fail_input("--pred: system '" + name + "' has no O_O predictions; ΔEX is relative to O/O");
    if (s[1].empty() && s[2].empty() && s[3].empty())
      return fail_input("--pred: system '" + name + "' has only O_O predictions; give L_O, O_L or L_L too");
  }
  std::vector<std::string> original_ids, renamed_ids;
  for (const auto& [name, s] : pairs)
    for (size_t k = 0; k < 4; ++k)
      for (const auto& p : s[k]) (k == 0 || k == 1 ? original_ids : renamed_ids).push_back(p.db_id);
  auto skipped = require_databases(db_root, original_ids, r.has("--skip-missing"));
  if (!skipped.ok()) return fail_input(skipped.error());
  auto skipped_renamed = require_databases(renamed_root, renamed_ids, r.has("--skip-missing"));
  if (!skipped_renamed.ok()) return fail_input(skipped_renamed.error());

  std::optional<Lexicon> lexicon;
  if (r.has("--lexicon") || fs::exists(r.text("--wordnet"))) {
    auto lex = open_lexicon(r);
    if (!lex.ok()) return fail_input("lexicon: " + lex.error());
    lexicon = std::move(*lex);
  }
  const std::string report_path = (fs::path(variants) / "denat_report.json").string();
  auto report_text = read_file(report_path);
  if (!report_text.ok()) return fail_input(report_text.error());
  auto identifiers = study::read_denat_report_identifiers(*report_text, report_path);
  if (!identifiers.ok()) return fail_input(identifiers.error());
  const study::NaturalnessTally tally = study::tally_naturalness(*identifiers, lexicon ? &*lexicon : nullptr);
  if (auto st = prepare_study_out(out); !st.ok()) return fail_input(st.error());

  const EvaluationOptions options = study_options(r, {});
  const int jobs = static_cast<int>(r.integer("--jobs"));
  std::vector<study::DenatSystem> systems;
  for (const auto& name : order) {
    study::DenatSystem s{name, {}};
    for (size_t k = 0; k < 4; ++k) {
      if (pairs[name][k].empty()) continue;
      auto items = evaluate_in_parallel(pairs[name][k], k < 2 ? db_root : renamed_root, options, jobs);
      if (!items.ok()) return fail_input(items.error());
      s.settings[k] = std::move(*items);
    }
    systems.push_back(std::move(s));
  }
  auto result = study::denat_delta_study(systems, tally);
  if (!result.ok()) return fail_input(result.error());
  auto& report = result->report;
  report.inputs = {{"variants", variants}};
  for (const auto& p : *given)
    report.inputs.push_back(
        {"pred " + p.system + " " + study::denat_settings()[static_cast<size_t>(p.setting)], p.file});
  report.inputs.push_back({"db-root", db_root});
  report.inputs.push_back({"semantics", r.text("--semantics")});
  report.inputs.push_back({"timeout-ms", std::to_string(r.integer("--timeout-ms"))});
  for (const auto* s : {&*skipped, &*skipped_renamed})
    if (!s->note.empty()) report.notes.push_back(s->note);
  auto files = write_study_report(out, report);
  if (!files.ok()) return fail_input(files.error());

  nlohmann::ordered_json sys = nlohmann::ordered_json::array();
  for (const auto& n : result->systems) {
    nlohmann::ordered_json ex = nlohmann::ordered_json::object(), delta = nlohmann::ordered_json::object();
    for (size_t k = 0; k < 4; ++k) {
      if (!n.items[k]) continue;
      ex[study::denat_settings()[k]] = round2(study::percent(n.correct[k], n.scored[k]));
      if (k > 0 && n.deltas[k].base) delta[study::denat_settings()[k]] = round2(n.deltas[k].delta);
    }
    sys.push_back({{"name", n.name}, {"oo_correct", n.oo_correct}, {"ex", ex}, {"delta", delta}});
  }
  nlohmann::ordered_json summary;
  summary["study"] = "denat-delta";
  summary["items"] = systems[0].settings[0].size();
  summary["systems"] = sys;
  summary["naturalness"] = {{"source", tally.source}, {"before", tally.before}};
  if (tally.has_after) summary["naturalness"]["after"] = tally.after;
  if (skipped->items + skipped_renamed->items) summary["skipped_no_database"] = skipped->items + skipped_renamed->items;
  summary["out"] = out;
  summary["files"] = *files;
  std::cout << dump_json(summary, 2) << "\n";
  return 0;
}

const Registrar study_denat_registrar{{"study denat-delta",
                                       "EX on less natural questions and schemas (SQLMorph Table VII)",
                                       kStudyDenatUsage, denat_flags, denat_main}};

}  // namespace
}  // namespace chokepoint::cli
