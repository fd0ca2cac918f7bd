// `chokepoint agreement`: SynSQL's agreement metrics (§3, A.2; core/testdb/agreement.h) between the original
// databases and one or more test db_roots (SynSQL's, the test-suite baseline's of `chokepoint testsuite`, any other):
// SR, EX on each, Δ, the confusion with the original as reference, AR, CC and the complexity buckets of A.1, plus
// discrimination (core/testdb/discrimination.h) of the golds' mutants on the original and on every test root, side
// by side. Pairs are scored by the metrics engine exactly as `chokepoint eval` scores them.
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>

#include <nlohmann/json.hpp>

#include "cli/agreement_report.h"
#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/common_flags.h"
#include "cli/ex_inputs.h"
#include "cli/flag_parser.h"
#include "core/base/file_text.h"
#include "core/base/json_dump.h"
#include "core/metrics/test_suite_evaluation.h"
#include "core/mutate/mutant_generation.h"
#include "core/schema/sqlite_schema.h"
#include "core/testdb/agreement.h"
#include "core/testdb/disagreement_transitions.h"
#include "core/testdb/discrimination.h"
#include "core/testdb/human_labels.h"

namespace chokepoint::cli {
namespace {

using ojson = nlohmann::ordered_json;

const char* kAgreementUsage =
    "Usage: chokepoint agreement --gold FILE --pred FILE --db-root DIR [--test-db-root DIR2...]\n"
    "                            [--test-suite-root DIR3...] --out REPORT.json [--semantics bird|spider]\n"
    "                            [--timeout-ms T]\n"
    "Files as `chokepoint eval` reads them; DIR is the original db_root, each --test-db-root DIR2 a db_root with\n"
    "the same layout (DIR/<db_id>/<db_id>.sqlite: SynSQL's databases, `chokepoint testsuite`'s, ...), each\n"
    "--test-suite-root a root of distilled test suites (`chokepoint testsuite distill`'s OUT_DIR, or Zhong et al.'s\n"
    "folders): every DIR3/<db_id>/*.sqlite is a database of the item's suite, a prediction is right there only if\n"
    "it matches on every one (as `eval --test-suite`), SR counts a gold that returns a row on some member, and a\n"
    "mutant is told apart when some member tells it apart. At least one root of either kind; the roots are reported\n"
    "in that order (test-db-roots first), each with suite true or false. Each pair is scored on the original and on\n"
    "each test root, and per test root (SynSQL §3, A.2):\n"
    "  sr           % of items whose gold returns a row on the test database (a failing gold, or a database the\n"
    "               root lacks, is a failure); original_sr the same on the original\n"
    "  ex_original, ex_test, delta   EX (%) over the items whose gold runs on the original, and |difference|\n"
    "  confusion    tp/tn/fp/fn with the original as reference (fp: only the test database says correct)\n"
    "  ar           Cohen's kappa of the confusion; when P_e = 1 (both said one same verdict to every item) AR = 1\n"
    "               and ar_degenerate is true; ar_band names its strength as Landis and Koch do (slight, fair, ...)\n"
    "  cc           mean columns of the test database's schema per item; gold_columns the mean columns of the\n"
    "               gold's tables, whose buckets (low 1-15, medium 16-60, high 61+) split every metric\n"
    "  discrimination  share of the golds' single-error mutants (SQLMorph's 15 operators, made on the original)\n"
    "               whose result differs from the gold's, on the original and on each root, per db_id too\n"
    "--semantics: EX as BIRD (set) or Spider (bag) computes it (default: the gold's benchmark, else bird); the\n"
    "figures are also given in both semantics under by_semantics.\n"
    "An item whose original database is missing under DIR is an error (exit 2); with --skip-missing such items\n"
    "are left out of every figure (no_original_database counts them).\n"
    "--timeout-ms: per item (default 5000).\n"
    "--labels FILE: the humans' verdicts, {\"<item id>\": true | false} (true: the prediction is right); each root\n"
    "then also gives against_labels, SynSQL's Table 3: the disagreements with the original split into False\n"
    "Negative -> True Positive and True Negative -> False Positive (and the reverse), and each database's verdicts\n"
    "scored against the labels (counts, kappa and its band). Items without a label are counted apart.\n"
    "stdout: JSON {n, no_original_database, semantics, original: {sr, discrimination}, test_roots: [{root, suite,\n"
    "databases and db_ids (a suite's members and the db_ids they serve), n, sr, original_sr, reference,\n"
    "ex_original, ex_test, delta, ar, ar_degenerate, confusion, test_gold_failures, no_test_database, cc,\n"
    "gold_columns, buckets: {low|medium|high|unknown: {...}}, by_semantics: {bird: {...}, spider: {...}},\n"
    "discrimination: {..., by_db}}]};\n"
    "REPORT.json adds the items. Exit code 0, or 2 on bad input.";

FlagTable agreement_flags() {
  return {
      flags::gold(),
      flags::pred(),
      flags::db_root().described("the original databases, as DIR/<db_id>/<db_id>.sqlite"),
      path_flag("--test-db-root", "DIR", "a root of test databases in the same layout").repeated(),
      path_flag("--test-suite-root", "DIR", "a root of distilled test suites: every DIR/<db_id>/*.sqlite").repeated(),
      flags::out("REPORT.json", "the summary and the items"),
      flags::semantics({"bird", "spider"}, "gold's benchmark"),
      flags::timeout_ms("5000", "time limit of one item"),
      flags::skip_missing(),
      path_flag("--labels", "FILE", "the humans' verdict per item, for SynSQL's Table 3 against them"),
  };
}

ojson evaluation_json(const ItemEvaluation& e) {
  return ojson{{"status", item_status_name(e.status)}, {"ex", e.ex}, {"gold_rows", e.gold_rows}};
}

// The report of one agreement run (summary fields, then "items"), or the line that refuses its inputs.
Result<ojson> build_agreement_report(const FlagValues& r) {
  if (!r.positionals().empty()) return Error{"unexpected argument '" + r.positionals()[0] + "'\n" + kAgreementUsage};
  for (const char* f : {"--gold", "--pred", "--db-root"})
    if (r.text(f).empty()) return Error{std::string("missing ") + f + "\n" + kAgreementUsage};
  struct TestRoot {
    std::string dir;
    bool suite = false;
  };
  std::vector<TestRoot> roots;
  for (const auto& d : r.all("--test-db-root")) roots.push_back({d, false});
  for (const auto& d : r.all("--test-suite-root")) roots.push_back({d, true});
  if (roots.empty()) return Error{"missing --test-db-root or --test-suite-root\n" + std::string(kAgreementUsage)};
  std::error_code ec;
  for (const std::string& d : std::vector<std::string>{r.text("--db-root")})
    if (!std::filesystem::is_directory(d, ec)) return Error{"--db-root " + d + ": no such folder"};
  for (const auto& root : roots)
    if (!std::filesystem::is_directory(root.dir, ec))
      return Error{std::string(root.suite ? "--test-suite-root " : "--test-db-root ") + root.dir + ": no such folder"};
  auto in = read_ex_inputs(r);
  if (!in.ok()) return Error{in.error()};
  const auto& pairs = in->pairs;
  const EvaluationOptions& options = in->options;
  std::optional<testdb::HumanLabels> labels;
  if (r.has("--labels")) {
    auto text = read_file(r.text("--labels"));
    if (!text.ok()) return Error{"--labels: " + text.error()};
    std::vector<std::string> ids;
    for (const auto& p : pairs) ids.push_back(p.id);
    auto parsed = testdb::parse_human_labels(*text, ids);
    if (!parsed.ok()) return Error{"--labels " + r.text("--labels") + ": " + parsed.error()};
    labels = std::move(*parsed);
  }
  const auto original = evaluate_pairs(pairs, *in->open.pool, options);
  // EX in the other semantics too (SynSQL reports EX as each benchmark computes it): BIRD's set and Spider's bag.
  EvaluationOptions other_options = options;
  other_options.semantics = options.semantics == ExSemantics::Bird ? ExSemantics::Spider : ExSemantics::Bird;
  const auto original_other = evaluate_pairs(pairs, *in->open.pool, other_options);

  // Per pair: the columns of the gold's tables, and the gold's mutants as the original database prepares them.
  std::vector<size_t> gold_columns(pairs.size(), 0);
  std::vector<std::vector<std::string>> mutants(pairs.size());
  testdb::DiscriminationTotals original_totals;
  std::map<std::string, testdb::DiscriminationTotals> original_by_db;
  std::vector<size_t> original_told(pairs.size(), 0);
  for (size_t i = 0; i < pairs.size(); ++i) {
    const auto& p = pairs[i];
    auto s = in->open.schemas.find(p.db_id);
    auto c = in->open.connections.find(p.db_id);
    if (s != in->open.schemas.end()) gold_columns[i] = testdb::gold_table_columns(p.gold_sql, s->second);
    if (c == in->open.connections.end()) continue;
    if (auto m = mutate::kept_mutant_sql(p.gold_sql, *c->second); m.ok()) mutants[i] = std::move(*m);
    const auto g = testdb::discriminate_gold(*c->second, p.gold_sql, mutants[i], options.semantics, options.limits);
    original_told[i] = g.distinguished;
    original_totals.add(g);
    original_by_db[p.db_id].add(g);
  }

  ojson items = ojson::array();
  for (size_t i = 0; i < pairs.size(); ++i)
    items.push_back(ojson{{"id", pairs[i].id},
                          {"db_id", pairs[i].db_id},
                          {"gold_columns", gold_columns[i]},
                          {"bucket", testdb::complexity_bucket_name(testdb::complexity_bucket(gold_columns[i]))},
                          {"original", evaluation_json(original[i])},
                          {"mutants", mutants[i].size()},
                          {"distinguished", original_told[i]},
                          {"test_roots", ojson::array()}});
  ojson summaries = ojson::array();
  for (const auto& root : roots) {
    DatabasePool pool(root.dir);
    std::map<std::string, size_t> columns_of;  // db_id -> columns of the test database's schema
    std::map<std::string, size_t> members_of;  // a suite: db_id -> its databases
    std::vector<testdb::AgreementItem> scored, scored_other;
    testdb::DiscriminationTotals totals;
    std::map<std::string, testdb::DiscriminationTotals> by_db;
    for (size_t i = 0; i < pairs.size(); ++i) {
      const auto& p = pairs[i];
      if (original[i].status == ItemStatus::NoDatabase) continue;  // no original: nothing to agree with
      testdb::AgreementItem a;
      a.id = p.id;
      a.db_id = p.db_id;
      a.gold_columns = gold_columns[i];
      a.original = original[i];
      testdb::GoldDiscrimination g;
      g.mutants = mutants[i].size();
      testdb::AgreementItem other = a;
      other.original = original_other[i];
      // The test database, or a suite's first member (every member has the original's schema).
      Result<const Connection*> c = Error{""};
      Result<std::vector<PooledDatabase>> suite = std::vector<PooledDatabase>{};
      if (root.suite) {
        suite = pool.get_suite(p.db_id);
        if (!suite.ok())
          c = Error{suite.error()};
        else if (suite->empty() || !suite->front().connection)
          c = Error{"no *.sqlite in " + root.dir + "/" + p.db_id};
        else
          c = suite->front().connection;
      } else {
        c = pool.get(p.db_id);
      }
      if (c.ok()) {
        if (root.suite) {
          a.test = evaluate_pair_on_suite(*suite, p, options);
          other.test = evaluate_pair_on_suite(*suite, p, other_options);
          g = testdb::discriminate_gold_on_suite(*suite, p.gold_sql, mutants[i], options.semantics, options.limits);
          a.test_gold_nonempty = g.gold_nonempty;
          other.test_gold_nonempty = g.gold_nonempty;
          members_of[p.db_id] = suite->size();
        } else {
          a.test = evaluate_pair(**c, p, options);
          other.test = evaluate_pair(**c, p, other_options);
          g = testdb::discriminate_gold(**c, p.gold_sql, mutants[i], options.semantics, options.limits);
        }
        if (!columns_of.count(p.db_id)) {
          auto s = read_schema(**c, p.db_id, {false});
          columns_of[p.db_id] = s.ok() ? s->column_count() : 0;
        }
        a.test_columns = columns_of[p.db_id];
      } else {
        a.test.id = p.id;
        a.test.db_id = p.db_id;
        a.test.status = ItemStatus::NoDatabase;
        a.test.message = c.error();
        other.test = a.test;
      }
      other.test_columns = a.test_columns;
      scored_other.push_back(std::move(other));
      totals.add(g);
      by_db[p.db_id].add(g);
      ojson entry{{"root", root.dir},
                  {"test", evaluation_json(a.test)},
                  {"test_columns", a.test_columns},
                  {"distinguished", g.distinguished}};
      if (root.suite) {
        entry["databases_run"] = a.test.suite_databases;  // it stops at the first member where the pair differs
        entry["gold_nonempty"] = g.gold_nonempty;
      }
      items[i]["test_roots"].push_back(std::move(entry));
      scored.push_back(std::move(a));
    }
    ojson s = ojson{{"root", root.dir}, {"suite", root.suite}};
    if (root.suite) {
      size_t members = 0;
      for (const auto& [db, n] : members_of) members += n;
      s["databases"] = members;
      s["db_ids"] = members_of.size();
    }
    s.update(testdb::agreement_summary_json(testdb::summarize_agreement(scored)));
    ojson buckets = ojson::object();
    for (const auto& b : testdb::agreement_by_bucket(scored))
      buckets[testdb::complexity_bucket_name(b.bucket)] = testdb::agreement_summary_json(b.summary);
    s["buckets"] = buckets;
    s["by_semantics"] = ojson::object();
    s["by_semantics"][ex_semantics_name(options.semantics)] =
        testdb::agreement_summary_json(testdb::summarize_agreement(scored));
    s["by_semantics"][ex_semantics_name(other_options.semantics)] =
        testdb::agreement_summary_json(testdb::summarize_agreement(scored_other));
    ojson per_db = ojson::object();
    for (const auto& [db, t] : by_db)
      per_db[db] = {{"original", original_by_db.count(db) ? original_by_db[db].share() : 0.0}, {"test", t.share()}};
    s["discrimination"] = testdb::discrimination_totals_json(totals);
    s["discrimination"]["by_db"] = per_db;
    if (labels)
      s["against_labels"] = testdb::disagreement_transitions_json(testdb::disagreement_transitions(scored, *labels));
    summaries.push_back(std::move(s));
  }
  size_t original_sr = 0, no_original = 0;
  for (const auto& e : original) {
    original_sr += e.status == ItemStatus::Scored && e.gold_rows > 0;
    no_original += e.status == ItemStatus::NoDatabase;
  }
  const size_t with_db = pairs.size() - no_original;
  const ojson summary = {{"n", pairs.size()},
                         {"no_original_database", no_original},
                         {"semantics", ex_semantics_name(options.semantics)},
                         {"original",
                          {{"sr", with_db == 0 ? 0.0 : 100.0 * original_sr / with_db},
                           {"discrimination", testdb::discrimination_totals_json(original_totals)}}},
                         {"test_roots", summaries}};
  ojson report = summary;
  report["items"] = std::move(items);
  return report;
}

int agreement_main(const FlagValues& r) {
  for (const char* f : {"--gold", "--pred", "--db-root", "--out"})
    if (r.text(f).empty()) return fail_input(std::string("missing ") + f + "\n" + kAgreementUsage);
  auto report = build_agreement_report(r);
  if (!report.ok()) return fail_input(report.error());
  if (auto st = write_file(r.text("--out"), dump_json(*report, 2) + "\n"); !st.ok()) return fail_input(st.error());
  ojson summary = *report;
  summary.erase("items");
  std::cout << dump_json(summary, 2) << "\n";
  return 0;
}

}  // namespace

Result<nlohmann::ordered_json> agreement_report(const Args& args) {
  auto r = parse_flags(agreement_flags(), args, "agreement");
  if (!r.ok()) return Error{r.error()};
  return build_agreement_report(*r);
}

namespace {

const Registrar agreement_registrar{
    {"agreement",
     "SynSQL's agreement metrics (SR, EX, Δ, AR, confusion, CC, buckets) and discrimination of "
     "test databases against the originals",
     kAgreementUsage, agreement_flags, agreement_main}};

}  // namespace
}  // namespace chokepoint::cli
