// `chokepoint audit`: the data-quality audit of core/testdb/data_audit.h over every database a set uses: foreign-key
// orphans, padded values, literals that match only up to case or whitespace, and golds whose result depends on NULLs,
// each naming the set items it affects (SynSQL §1, A.10). Prints a summary per kind; the full findings go to --out.
#include <chrono>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/common_flags.h"
#include "cli/missing_databases.h"
#include "core/base/file_text.h"
#include "core/base/json_dump.h"
#include "core/dataset/eval_set_loader.h"
#include "core/testdb/data_audit.h"

namespace chokepoint::cli {
namespace {

const char* kAuditUsage =
    "Usage: chokepoint audit --gold FILE --db-root DIR --out AUDIT.json [--tables TABLES.json] [--timeout-ms T]\n"
    "                        [--max-examples N] [--semantics bird|spider]\n"
    "Audits the databases DIR/<db_id>/<db_id>.sqlite of the set's items (any gold format `eval` reads) for the\n"
    "defects that make EX wrong on the original databases (SynSQL §1, A.10):\n"
    "  fk_orphans           rows whose foreign key names no row, per key the database declares and, with --tables,\n"
    "                       per key tables.json labels; items: golds reading both tables\n"
    "  padded_values        text values with leading or trailing whitespace; items: golds reading the column\n"
    "  literal_mismatch     question/evidence literals (quoted strings, capitalised words) stored only with another\n"
    "                       case or with whitespace around them; items: those naming the literal\n"
    "  null_sensitive_gold  columns whose NULLs change a gold's result: the gold rerun with `col IS NOT NULL` added\n"
    "                       (or, when the gold has it, removed), compared under the set's EX semantics\n"
    "Every query runs under --timeout-ms (default 2000); what a limit stopped is listed as incomplete. A database\n"
    "missing under DIR is an error (exit 2); with --skip-missing it is named and skipped. stdout: JSON {set, n, "
    "databases, databases_missing, by_kind:\n"
    "{<kind>: {findings, items}}, items_affected, incomplete, golds_unparsed, golds_failed, queries, elapsed_ms};\n"
    "AUDIT.json adds findings (kind, db_id, table, column, detail, count, examples, items) and incomplete_checks\n"
    "(one line each). Exit code 0, or 2 on bad input.";

FlagTable audit_flags() {
  return {
      flags::gold().alias("--set"),
      flags::db_root(),
      flags::out("AUDIT.json", "the summary, the findings and the incomplete checks"),
      flags::tables().described("also check the foreign keys tables.json labels"),
      flags::timeout_ms("2000", "time limit of every query"),
      whole_flag("--max-examples", "N", 0, 10000, "examples", "examples listed per finding").or_else("5"),
      flags::semantics({"bird", "spider"}, "set's benchmark"),
      flags::skip_missing(),
  };
}

int audit_main(const FlagValues& r) {
  const std::string set_path = r.text("--gold"), root = r.text("--db-root"), out = r.text("--out");
  if (set_path.empty() || root.empty() || out.empty())
    return fail_input(std::string("missing arguments\n") + kAuditUsage);
  std::error_code ec;
  if (!std::filesystem::is_directory(root, ec)) return fail_input("--db-root " + root + ": no such folder");
  testdb::AuditOptions options;
  options.limits.timeout_ms = static_cast<int>(r.integer("--timeout-ms"));
  options.max_examples = static_cast<size_t>(r.integer("--max-examples"));
  auto set = load_eval_set(set_path);
  if (!set.ok()) return fail_input(set_path + ": " + set.error());
  if (holds_predictions(*set)) return fail_input(set_path + ": holds predictions, not a gold set with questions");
  options.semantics = semantics_of_format(set->format).value_or(ExSemantics::Bird);
  if (r.has("--semantics")) options.semantics = *ex_semantics_from_name(r.text("--semantics"));
  std::map<std::string, Schema> labelled;
  if (r.has("--tables")) {
    auto t = tables_json_by_db(r.text("--tables"));
    if (!t.ok()) return fail_input(r.text("--tables") + ": " + t.error());
    labelled = std::move(*t);
  }

  std::vector<std::string> item_db_ids;
  for (const auto& item : set->items) item_db_ids.push_back(item.db_id);
  if (auto st = require_databases(root, item_db_ids, r.has("--skip-missing")); !st.ok()) return fail_input(st.error());
  std::map<std::string, std::vector<EvalItem>> by_db;
  for (const auto& item : set->items) by_db[item.db_id].push_back(item);
  std::set<std::string> ids;
  for (const auto& [db, items] : by_db) ids.insert(db);
  auto open = open_databases(root, ids);
  if (!open.ok()) return fail_input(open.error());

  const auto start = std::chrono::steady_clock::now();
  nlohmann::ordered_json findings = nlohmann::ordered_json::array();
  nlohmann::ordered_json incomplete = nlohmann::ordered_json::array();
  std::map<std::string, std::pair<size_t, std::set<std::string>>> per_kind;  // kind -> findings, items
  std::set<std::string> affected;                                            // "db_id/key"
  nlohmann::ordered_json missing = nlohmann::ordered_json::array();
  size_t audited = 0, unparsed = 0, failed = 0, queries = 0;
  for (const auto& [db, items] : by_db) {
    auto c = open->connections.find(db);
    if (c == open->connections.end()) {
      missing.push_back(db);
      continue;
    }
    ++audited;
    auto l = labelled.find(db);
    const auto a = testdb::audit_database(*c->second, open->schemas.at(db), l == labelled.end() ? nullptr : &l->second,
                                          items, options);
    unparsed += a.golds_unparsed;
    failed += a.golds_failed;
    queries += a.queries;
    for (const auto& line : a.incomplete) incomplete.push_back(line);
    for (const auto& f : a.findings) {
      const std::string kind = testdb::audit_kind_name(f.kind);
      auto& k = per_kind[kind];
      ++k.first;
      for (const auto& key : f.items) {
        k.second.insert(db + "/" + key);
        affected.insert(db + "/" + key);
      }
      findings.push_back(testdb::audit_finding_json(f));
    }
  }
  const double elapsed = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  nlohmann::ordered_json kinds = nlohmann::ordered_json::object();
  for (auto kind : testdb::kAuditKinds) {
    const auto& k = per_kind[testdb::audit_kind_name(kind)];
    kinds[testdb::audit_kind_name(kind)] = {{"findings", k.first}, {"items", k.second.size()}};
  }
  nlohmann::ordered_json summary = {{"set", set_path},
                                    {"n", set->items.size()},
                                    {"databases", audited},
                                    {"databases_missing", missing},
                                    {"by_kind", kinds},
                                    {"items_affected", affected.size()},
                                    {"incomplete", incomplete.size()},
                                    {"golds_unparsed", unparsed},
                                    {"golds_failed", failed},
                                    {"queries", queries},
                                    {"elapsed_ms", static_cast<long long>(elapsed)}};
  nlohmann::ordered_json report = summary;
  report["findings"] = std::move(findings);
  report["incomplete_checks"] = std::move(incomplete);
  if (auto st = write_file(out, dump_json(report, 2) + "\n"); !st.ok()) return fail_input(st.error());
  std::cout << dump_json(summary, 2) << "\n";
  return 0;
}

const Registrar audit_registrar{
    {"audit", "data-quality audit of a set's databases: orphan keys, padded values, case, NULL-sensitive golds",
     kAuditUsage, audit_flags, audit_main}};

}  // namespace
}  // namespace chokepoint::cli
