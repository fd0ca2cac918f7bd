// `chokepoint study tqa-augment`: thesis Tables 4.3-4.8 on what `chokepoint tqa augment` wrote. Each system's
// predictions per variant (original, SR, BT, CA) are evaluated as `chokepoint eval` evaluates them; the hiding scores
// and attribute mentions come from augment_report.json; the core builds the report
// (core/study/tqa_augment_study.h).
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/common_flags.h"
#include "cli/missing_databases.h"
#include "cli/parallel_evaluation.h"
#include "cli/study_output.h"
#include "core/base/file_text.h"
#include "core/base/json_dump.h"
#include "core/linking/retrieved_tables.h"
#include "core/study/augment_report_file.h"
#include "core/study/tqa_augment_study.h"
#include "core/tqa/linker_retrieval.h"

namespace chokepoint::cli {
namespace {

namespace fs = std::filesystem;

const std::string kStudyTqaUsage =
    std::string(
        "Usage: chokepoint study tqa-augment --variants DIR [--pred NAME:VARIANT=FILE ...] [--db-root DIR] --out DIR\n"
        "                                    [--linked VARIANT=L.json ...] [--semantics S] [--timeout-ms T] [--jobs "
        "N]\n"
        "                                    [--skip-missing]\n"
        "Textual query augmentation as the thesis measures it (Tables 4.3-4.8). DIR: what `chokepoint tqa augment\n"
        "--out DIR` wrote: original.json, SR.json, BT.json, CA.json and augment_report.json.\n"
        "--pred NAME:VARIANT=FILE: system NAME's predictions for VARIANT (original, SR, BT or CA); a system needs\n"
        "  original and at least one augmented variant. Without --pred the report holds the hiding scores and the\n"
        "  attribute mentions only; with it, --db-root is needed.\n"
        "Tables: hiding scores per technique (4.3); EX per system and variant (4.5); ΔEX of each augmented item "
        "against\n"
        "its original, per system and technique (4.6: +1, 0 with EX = 1, 0 with EX = 0, -1); linker attributes\n"
        "mentioned before and after (4.8); with --linked, whether a schema linker still retrieves the linker table\n"
        "(4.9): L.json is what `chokepoint link --gold DIR/VARIANT.json --out L.json` (or `chokepoint retrieval "
        "--gold\n"
        "DIR/VARIANT.json --approach A --out L.json`) wrote for that variant, and each\n"
        "augmented item's linker table (augment_report.json) is looked for among its retrieved tables; the thesis'\n"
        "values beside ours.\n"
        "stdout: JSON {study, items, hiding {SR: {question, evidence}, ...}, systems [{name, ex {original, SR, ...},\n"
        "delta {SR: {n, plus, minus, zero_correct, zero_wrong}, ...}}], linker_presence {original: {retrieved, "
        "missed,\n"
        "no_retrieval}, ...} (with --linked), out, files}.\n") +
    kStudyOutRule;

FlagTable tqa_flags() {
  return study_evaluation_flags({
      path_flag("--variants", "DIR", "the folder chokepoint tqa augment --out wrote"),
      flags::pred()
          .repeated()
          .valued("NAME:VARIANT=FILE")
          .described("one system's predictions for one variant (original, SR, BT, CA); repeat"),
      flags::db_root(),
      text_flag("--linked", "VARIANT=L.json", "what chokepoint link wrote for one variant (Table 4.9); repeat")
          .repeated(),
      flags::out("DIR", "the folder for report.json, the CSV files and report.html"),
  });
}

int variant_index(const std::string& text) {
  for (size_t k = 0; k < 4; ++k)
    if (text == study::augment_variants()[k]) return static_cast<int>(k);
  return -1;
}

// Table 4.9 for each --linked VARIANT=FILE: the linker table of every augmented item among that run's tables.
Result<std::vector<study::PresenceRow>> read_presence(const std::vector<std::string>& given,
                                                      const std::vector<tqa::ItemLinker>& linkers) {
  std::vector<study::PresenceRow> rows;
  std::set<int> done;
  for (const auto& g : given) {
    const auto eq = g.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == g.size())
      return Error{"--linked '" + g + "': give VARIANT=L.json, e.g. SR=sr_link.json"};
    const std::string variant = g.substr(0, eq), file = g.substr(eq + 1);
    const int k = variant_index(variant);
    if (k < 0) return Error{"--linked '" + g + "': the variant '" + variant + "' is not one of original, SR, BT, CA"};
    if (!done.insert(k).second) return Error{"--linked: " + variant + " is given twice"};
    auto text = read_file(file);
    if (!text.ok()) return Error{"--linked " + variant + ": " + text.error()};
    auto tables = linking::retrieved_tables_from_report(*text, file);
    if (!tables.ok()) return Error{"--linked " + variant + ": " + tables.error()};
    auto row = study::linker_presence_row(variant, linkers, *tables, file);
    if (!row.ok())
      return Error{"--linked " + variant + ": " + row.error() + "; is it chokepoint link or retrieval on " + variant +
                   ".json?"};
    rows.push_back(std::move(*row));
  }
  // In the thesis' order, whatever the order of the flags.
  std::sort(rows.begin(), rows.end(), [](const study::PresenceRow& a, const study::PresenceRow& b) {
    return variant_index(a.variant) < variant_index(b.variant);
  });
  return rows;
}

int tqa_main(const FlagValues& r) {
  if (!r.positionals().empty()) return fail_input("unexpected argument '" + r.positionals()[0] + "'");
  for (const char* f : {"--variants", "--out"})
    if (r.text(f).empty()) return fail_input(std::string("missing ") + f + "\n" + kStudyTqaUsage);
  const std::string dir = r.text("--variants"), db_root = r.text("--db-root"), out = r.text("--out");
  if (r.has("--pred") && db_root.empty()) return fail_input("--pred needs --db-root: predictions are evaluated");
  const std::string report_path = (fs::path(dir) / "augment_report.json").string();
  auto report_text = read_file(report_path);
  if (!report_text.ok()) return fail_input(report_text.error());
  auto augment = study::read_augment_report(*report_text, report_path);
  if (!augment.ok()) return fail_input(augment.error());
  study::AugmentInputs* in = &augment->inputs;
  auto presence = read_presence(r.all("--linked"), augment->linkers);
  if (!presence.ok()) return fail_input(presence.error());
  in->presence = std::move(*presence);

  std::vector<std::string> order;
  std::map<std::string, std::array<std::vector<EvalPair>, 4>> pairs;
  std::vector<std::pair<std::string, std::string>> given_inputs;
  for (const auto& g : r.all("--pred")) {
    const auto eq = g.find('=');
    const auto colon = g.substr(0, eq).rfind(':');
    if (eq == std::string::npos || colon == std::string::npos || colon == 0 || eq + 1 == g.size())
      return fail_input("--pred '" + g + "': give NAME:VARIANT=FILE, e.g. chess:SR=chess_sr.json");
    const std::string name = g.substr(0, colon), variant = g.substr(colon + 1, eq - colon - 1);
    const int k = variant_index(variant);
    if (k < 0)
      return fail_input("--pred '" + g + "': the variant '" + variant + "' is not one of original, SR, BT, CA");
    if (!pairs.count(name)) order.push_back(name);
    auto& slot = pairs[name][static_cast<size_t>(k)];
    if (!slot.empty()) return fail_input("--pred: " + name + " " + variant + " is given twice");
    auto read = read_study_pairs((fs::path(dir) / (variant + ".json")).string(), g.substr(eq + 1));
    if (!read.ok()) return fail_input(read.error());
    slot = std::move(*read);
    given_inputs.push_back({"pred " + name + " " + variant, g.substr(eq + 1)});
  }
  for (const auto& name : order) {
    const auto& s = pairs[name];
    if (s[0].empty()) return fail_input("--pred: system '" + name + "' has no predictions on the original questions");
    if (s[1].empty() && s[2].empty() && s[3].empty())
      return fail_input("--pred: system '" + name + "' has only the original questions; give SR, BT or CA too");
  }
  std::vector<std::string> db_ids;
  for (const auto& [name, s] : pairs)
    for (const auto& list : s)
      for (const auto& p : list) db_ids.push_back(p.db_id);
  SkippedDatabases skipped;
  if (!order.empty()) {
    auto checked = require_databases(db_root, db_ids, r.has("--skip-missing"));
    if (!checked.ok()) return fail_input(checked.error());
    skipped = *checked;
  }
  if (auto st = prepare_study_out(out); !st.ok()) return fail_input(st.error());

  const EvaluationOptions options = study_options(r, {});
  const int jobs = static_cast<int>(r.integer("--jobs"));
  for (const auto& name : order) {
    study::AugmentSystem s{name, {}};
    for (size_t k = 0; k < 4; ++k) {
      if (pairs[name][k].empty()) continue;
      auto items = evaluate_in_parallel(pairs[name][k], db_root, options, jobs);
      if (!items.ok()) return fail_input(items.error());
      s.variants[k] = std::move(*items);
    }
    in->systems.push_back(std::move(s));
  }
  auto report = study::tqa_augment_study(*in);
  if (!report.ok()) return fail_input(report.error());
  report->inputs = {{"variants", dir}};
  for (const auto& [name, file] : given_inputs) report->inputs.push_back({name, file});
  for (const auto& g : r.all("--linked"))
    report->inputs.push_back({"linked " + g.substr(0, g.find('=')), g.substr(g.find('=') + 1)});
  if (!order.empty()) {
    report->inputs.push_back({"db-root", db_root});
    report->inputs.push_back({"semantics", r.text("--semantics")});
    report->inputs.push_back({"timeout-ms", std::to_string(r.integer("--timeout-ms"))});
  }
  if (!skipped.note.empty()) report->notes.push_back(skipped.note);
  auto files = write_study_report(out, *report);
  if (!files.ok()) return fail_input(files.error());

  nlohmann::ordered_json hiding = nlohmann::ordered_json::object();
  for (const auto& h : in->hiding)
    hiding[h.strategy] = {{"question", round2(study::percent(h.question_hidden, h.question_scored))},
                          {"evidence", round2(study::percent(h.evidence_hidden, h.evidence_scored))}};
  nlohmann::ordered_json systems = nlohmann::ordered_json::array();
  const auto& names = study::augment_variants();
  for (const auto& s : in->systems) {
    nlohmann::ordered_json ex = nlohmann::ordered_json::object(), delta = nlohmann::ordered_json::object();
    for (size_t k = 0; k < 4; ++k) {
      if (s.variants[k].empty()) continue;
      ex[names[k]] = round2(summarize(s.variants[k], {}).ex);
      if (k == 0) continue;
      const auto t = study::augment_transitions(s, k).table;
      delta[names[k]] = {{"n", t.n},
                         {"plus", t.improved},
                         {"minus", t.degraded},
                         {"zero_correct", t.kept_correct},
                         {"zero_wrong", t.kept_wrong}};
    }
    systems.push_back({{"name", s.name}, {"ex", ex}, {"delta", delta}});
  }
  nlohmann::ordered_json summary;
  summary["study"] = "tqa-augment";
  summary["items"] = in->systems.empty() ? 0 : in->systems[0].variants[0].size();
  summary["hiding"] = hiding;
  summary["systems"] = systems;
  if (!in->presence.empty()) {
    nlohmann::ordered_json presence_json = nlohmann::ordered_json::object();
    for (const auto& p : in->presence)
      presence_json[p.variant] = {{"retrieved", p.retrieved}, {"missed", p.missed}, {"no_retrieval", p.no_retrieval}};
    summary["linker_presence"] = presence_json;
  }
  if (skipped.items) summary["skipped_no_database"] = skipped.items;
  summary["out"] = out;
  summary["files"] = *files;
  std::cout << dump_json(summary, 2) << "\n";
  return 0;
}

const Registrar study_tqa_registrar{{"study tqa-augment",
                                     "hiding scores and EX on augmented questions (thesis Tables 4.3-4.8)",
                                     kStudyTqaUsage, tqa_flags, tqa_main}};

}  // namespace
}  // namespace chokepoint::cli
