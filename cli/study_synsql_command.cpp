// `chokepoint study synsql`: SynSQL Tables 1-3 from one command. For each system the agreement of every test
// database root with the original databases is computed exactly as `chokepoint agreement` computes it
// (cli/agreement_report.h), and the core lays the figures out beside the paper's (core/study/synsql_study.h).
#include <iostream>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "cli/agreement_report.h"
#include "cli/command.h"
#include "cli/common_flags.h"
#include "cli/study_output.h"
#include "core/base/file_text.h"
#include "core/base/json_dump.h"
#include "core/study/synsql_study.h"
#include "core/testdb/success_diagnosis.h"

namespace chokepoint::cli {
namespace {

using ojson = nlohmann::ordered_json;

const std::string kStudySynsqlUsage =
    std::string(
        "Usage: chokepoint study synsql --gold FILE --pred NAME=FILE [--pred ...] --db-root DIR\n"
        "                               --test-db-root METHOD=DIR [--test-db-root ...] --out DIR [--labels FILE]\n"
        "                               [--test-suite-root METHOD=DIR ...]\n"
        "                               [--semantics bird|spider] [--timeout-ms T] [--skip-missing]\n"
        "Test databases judging systems (SynSQL Tables 1-3). --test-db-root METHOD=DIR: a root of test databases in\n"
        "the original's layout (`chokepoint synth --out`, `chokepoint testsuite --out`, ...), named METHOD in the\n"
        "tables; repeat per method. --test-suite-root METHOD=DIR: a root of distilled test suites (`chokepoint\n"
        "testsuite distill --out`), judged with every DIR/<db_id>/*.sqlite as `agreement --test-suite-root` judges;\n"
        "these methods come after the --test-db-root ones. --pred NAME=FILE: one system's predictions; repeat per "
        "system. Each system is\n"
        "scored on the original and on every root as `chokepoint agreement` scores it: SR, EX on both, Δ, AR (Cohen's\n"
        "kappa, with its Landis-Koch band) and CC; --labels FILE ({\"<item id>\": true|false}) adds Table 3's\n"
        "disagreements against the humans' verdicts. A root written by `chokepoint synth` also gives Fig. 4 (why its\n"
        "questions fail SR: selector omission or misinterpretation), read from its manifest.json. The paper's rows\n"
        "(DAIL-SQL and DIN-SQL on BIRD and Spider dev; Fig. 4's 40 and 44 of 84) stand beside ours.\n"
        "stdout: JSON {study, items, original_sr, cells [{method, system, sr, ar, ar_band, ex_original, ex_test,\n"
        "delta, cc}], out, files}.\n") +
    kStudyOutRule;

FlagTable synsql_flags() {
  return {
      flags::gold(),
      flags::pred().repeated().valued("NAME=FILE").described("one system's predictions; once per system"),
      flags::db_root().described("the original databases"),
      path_flag("--test-db-root", "METHOD=DIR", "a root of test databases, named METHOD").repeated(),
      path_flag("--test-suite-root", "METHOD=DIR", "a root of distilled test suites, named METHOD").repeated(),
      flags::out("DIR", "the folder for report.json, the CSV files and report.html"),
      path_flag("--labels", "FILE", "the humans' verdict per item, for Table 3"),
      flags::semantics({"bird", "spider"}, "gold's benchmark"),
      flags::timeout_ms("5000", "time limit of one item"),
      flags::skip_missing(),
  };
}

// NAME=VALUE, both non-empty; `what` names the flag in the error.
Result<std::pair<std::string, std::string>> named(const std::string& given, const std::string& what) {
  const auto eq = given.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == given.size())
    return Error{what + " '" + given + "': give NAME=" + (what == "--pred" ? "FILE" : "DIR")};
  return std::make_pair(given.substr(0, eq), given.substr(eq + 1));
}

double number(const ojson& o, const char* key) {
  return o.contains(key) && o[key].is_number() ? o[key].get<double>() : 0;
}
size_t whole(const ojson& o, const char* key) {
  return o.contains(key) && o[key].is_number_unsigned() ? o[key].get<size_t>() : 0;
}

std::string verdict(const ojson& e) {
  const std::string status = e.value("status", "");
  if (status != "scored") return status;
  return e.value("ex", false) ? "1" : "0";
}

int synsql_main(const FlagValues& r) {
  if (!r.positionals().empty()) return fail_input("unexpected argument '" + r.positionals()[0] + "'");
  for (const char* f : {"--gold", "--pred", "--db-root", "--out"})
    if (r.text(f).empty()) return fail_input(std::string("missing ") + f + "\n" + kStudySynsqlUsage);
  if (!r.has("--test-db-root") && !r.has("--test-suite-root"))
    return fail_input("missing --test-db-root or --test-suite-root\n" + kStudySynsqlUsage);
  std::vector<std::pair<std::string, std::string>> systems, methods;
  std::set<std::string> seen;
  for (const auto& g : r.all("--pred")) {
    auto p = named(g, "--pred");
    if (!p.ok()) return fail_input(p.error());
    if (!seen.insert("s:" + p->first).second) return fail_input("--pred: the system '" + p->first + "' is given twice");
    systems.push_back(*p);
  }
  // Methods in agreement's order of roots: the test-db-roots, then the suites.
  std::set<std::string> suites;
  for (const char* flag : {"--test-db-root", "--test-suite-root"})
    for (const auto& g : r.all(flag)) {
      auto m = named(g, flag);
      if (!m.ok()) return fail_input(m.error());
      if (!seen.insert("m:" + m->first).second)
        return fail_input(std::string(flag) + ": the method '" + m->first + "' is given twice");
      methods.push_back(*m);
      if (std::string(flag) == "--test-suite-root") suites.insert(m->first);
    }

  // One agreement run per system, with every root; its refusals are the study's.
  std::vector<ojson> reports;
  for (const auto& [name, file] : systems) {
    Args args = {"--gold", r.text("--gold"), "--pred", file, "--db-root", r.text("--db-root")};
    for (const auto& [method, dir] : methods)
      args.insert(args.end(), {suites.count(method) ? "--test-suite-root" : "--test-db-root", dir});
    if (r.has("--labels")) args.insert(args.end(), {"--labels", r.text("--labels")});
    if (r.has("--semantics")) args.insert(args.end(), {"--semantics", r.text("--semantics")});
    args.insert(args.end(), {"--timeout-ms", std::to_string(r.integer("--timeout-ms"))});
    if (r.has("--skip-missing")) args.push_back("--skip-missing");
    auto report = agreement_report(args);
    if (!report.ok()) return fail_input(name + ": " + report.error());
    reports.push_back(std::move(*report));
  }
  // Fig. 4: each root written by `chokepoint synth` says in its manifest.json why each question fails SR.
  std::vector<std::string> no_fig4;
  std::vector<study::SynsqlInputs::Failures> failures;
  for (const auto& [method, dir] : methods) {
    if (suites.count(method)) continue;  // drawn databases, not made for the questions: no Fig. 4
    const std::string path = dir + "/manifest.json";
    auto text = read_file(path);
    if (!text.ok()) {
      no_fig4.push_back(method);
      continue;
    }
    const auto manifest = nlohmann::json::parse(*text, nullptr, false);
    // `chokepoint testsuite` and `testsuite distill` write a manifest too, saying their kind: no questions in it.
    if (manifest.is_object() && manifest.contains("kind") && manifest["kind"].is_string() &&
        !manifest.contains("generator")) {
      no_fig4.push_back(method);
      continue;
    }
    if (!manifest.is_object() || !manifest.contains("items") || !manifest["items"].is_array())
      return fail_input(path + ": not a manifest of chokepoint synth (no \"items\" list)");
    testdb::SuccessBreakdown breakdown;
    for (const auto& item : manifest["items"]) {
      if (!item.is_object() || !item.contains("success")) continue;  // no schema: not attempted, as SR counts it
      auto d = testdb::success_diagnosis_from_json(item["success"]);
      if (!d.ok())
        return fail_input(path + ": item " + (item.contains("id") ? item["id"].dump() : std::string("?")) + ": " +
                          d.error());
      breakdown.add(*d);
    }
    if (breakdown.n == 0)
      no_fig4.push_back(method);
    else
      failures.push_back({method, breakdown});
  }
  if (auto st = prepare_study_out(r.text("--out")); !st.ok()) return fail_input(st.error());

  study::SynsqlInputs in;
  in.items = whole(reports[0], "n");
  in.original_sr = number(reports[0]["original"], "sr");
  for (const auto& m : methods) in.methods.push_back(m.first);
  for (const auto& s : systems) in.systems.push_back(s.first);
  for (size_t s = 0; s < systems.size(); ++s) {
    const auto& roots = reports[s]["test_roots"];
    for (size_t m = 0; m < methods.size() && m < roots.size(); ++m) {
      const auto& root = roots[m];
      study::SynsqlCell c;
      c.method = methods[m].first;
      c.system = systems[s].first;
      c.n = whole(root, "n");
      c.reference = whole(root, "reference");
      c.sr = number(root, "sr");
      c.ex_original = number(root, "ex_original");
      c.ex_test = number(root, "ex_test");
      c.delta = number(root, "delta");
      c.cc = number(root, "cc");
      if (root.contains("ar") && root["ar"].is_number()) c.ar = 100.0 * root["ar"].get<double>();
      c.ar_band = root.value("ar_band", "");
      if (root.contains("against_labels")) {
        const auto& l = root["against_labels"];
        const ojson none = ojson::object();
        const ojson& np = l.contains("negative_to_positive") ? l["negative_to_positive"] : none;
        const ojson& pn = l.contains("positive_to_negative") ? l["positive_to_negative"] : none;
        c.labels = study::SynsqlTransitions{whole(l, "labelled"),
                                            whole(np, "n"),
                                            whole(np, "false_negative_to_true_positive"),
                                            whole(np, "true_negative_to_false_positive"),
                                            whole(pn, "n"),
                                            whole(pn, "false_positive_to_true_negative"),
                                            whole(pn, "true_positive_to_false_negative")};
      }
      in.cells.push_back(c);
    }
  }
  for (const auto& s : systems) {
    in.item_columns.push_back(s.first + " original");
    for (const auto& m : methods) in.item_columns.push_back(s.first + " " + m.first);
  }
  const auto& first_items = reports[0]["items"];
  for (size_t i = 0; i < first_items.size(); ++i) {
    study::SynsqlInputs::Item item{first_items[i].value("id", ""), first_items[i].value("db_id", ""), {}};
    for (const auto& rep : reports) {
      const auto& it = rep["items"][i];
      item.verdicts.push_back(verdict(it["original"]));
      for (const auto& t : it["test_roots"]) item.verdicts.push_back(verdict(t["test"]));
    }
    in.items_rows.push_back(std::move(item));
  }
  in.failures = std::move(failures);
  auto report = study::synsql_report(in);
  for (size_t m = 0; m < methods.size(); ++m) {
    if (!suites.count(methods[m].first)) continue;
    const auto& root = reports[0]["test_roots"][m];
    report.notes.push_back(
        study::distilled_suite_note(methods[m].first, whole(root, "databases"), whole(root, "db_ids")));
  }
  for (const auto& method : no_fig4)
    report.notes.push_back("No Fig. 4 row for " + method +
                           ": its root has no manifest.json of chokepoint synth with each question's verdict.");
  report.inputs = {{"gold", r.text("--gold")}};
  for (const auto& [name, file] : systems) report.inputs.push_back({"pred " + name, file});
  report.inputs.push_back({"db-root", r.text("--db-root")});
  for (const auto& [method, dir] : methods)
    report.inputs.push_back({(suites.count(method) ? "test-suite-root " : "test-db-root ") + method, dir});
  if (r.has("--labels")) report.inputs.push_back({"labels", r.text("--labels")});
  report.inputs.push_back({"semantics", reports[0].value("semantics", "")});
  if (const size_t missing = whole(reports[0], "no_original_database"))
    report.notes.push_back(std::to_string(missing) +
                           " items have no original database and are left out of every "
                           "figure (--skip-missing).");
  auto files = write_study_report(r.text("--out"), report);
  if (!files.ok()) return fail_input(files.error());

  ojson cells = ojson::array();
  for (const auto& c : in.cells)
    cells.push_back({{"method", c.method},
                     {"system", c.system},
                     {"sr", round2(c.sr)},
                     {"ar", c.ar ? ojson(round2(*c.ar)) : ojson()},
                     {"ar_band", c.ar_band},
                     {"ex_original", round2(c.ex_original)},
                     {"ex_test", round2(c.ex_test)},
                     {"delta", round2(c.delta)},
                     {"cc", round2(c.cc)}});
  ojson summary;
  summary["study"] = "synsql";
  summary["items"] = in.items;
  summary["original_sr"] = round2(in.original_sr);
  summary["cells"] = cells;
  summary["out"] = r.text("--out");
  summary["files"] = *files;
  std::cout << dump_json(summary, 2) << "\n";
  return 0;
}

const Registrar study_synsql_registrar{{"study synsql",
                                        "agreement of test databases with the originals (SynSQL Tables 1-3)",
                                        kStudySynsqlUsage, synsql_flags, synsql_main}};

}  // namespace
}  // namespace chokepoint::cli
