// The Audit tab of the Test databases panel (core/testdb/data_audit.h, as `chokepoint audit` does
// it): the chosen gold set's loaded databases audited one per frame for foreign-key orphans, padded values, literals
// that match only up to case or whitespace, and golds whose result depends on NULLs; every finding names the items
// it affects, and a click on a finding lists them with their questions.
#pragma once
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/testdb/data_audit.h"
#include "web/app_state.h"

namespace chokepoint::web {

struct AuditView {
  int set = -1;  // index into the loaded sets; -1 until the first gold set is taken
  std::string set_name;
  std::map<std::string, std::vector<EvalItem>> by_db;  // the set's items per database, as planned
  std::vector<std::string> queue;                      // databases left to audit
  std::vector<std::string> missing;                    // databases of the set that are not loaded (or have no rows)
  std::vector<testdb::AuditFinding> findings;
  std::vector<std::string> incomplete;
  size_t databases = 0, golds_unparsed = 0, golds_failed = 0, queries = 0;
  bool running = false, done = false;
  int selected = -1;  // the finding whose items are listed
  std::string error;
};

void start_audit(AppState& state, AuditView& view);
void step_audit(AppState& state, AuditView& view);  // one database a frame
void draw_audit_view(AppState& state, AuditView& view);
// {"running", "done", "error", "set", "databases", "databases_missing", "by_kind": {kind: {findings, items}},
//  "items_affected", "incomplete", "golds_unparsed", "golds_failed", "queries", "findings": [{kind, db_id, table,
//  column, detail, count, examples, items}]} — the fields of `chokepoint audit`'s report.
nlohmann::json audit_view_json(const AuditView& view);

}  // namespace chokepoint::web
