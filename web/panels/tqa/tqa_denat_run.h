// A de-naturalised variant created in the browser (SQLMorph §V): the selected database cloned into the workspace
// and renamed through ALTER TABLE, the gold SQL of the set's items for it rewritten through the AST and executed
// on both databases a few items per frame, and at the end the variant database and the kept items (as a set in
// the chosen setting) added to the app and written to the workspace so a reload brings them back.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/db/connection.h"
#include "core/lexicon/lexicon.h"
#include "core/tqa/denaturalisation.h"
#include "core/tqa/rename_plan.h"
#include "web/app_state.h"

namespace chokepoint::web {

// Naturalness (the dictionary-coverage heuristic: no LLM here) and proposed names (the deterministic abbreviator)
// for every identifier of `schema`.
tqa::RenamePlan heuristic_rename_plan(const Lexicon& lex, const Schema& schema);

struct DenatRun {
  std::string source_db_id;                    // "toxicology"
  std::string variant_id;                      // "toxicology_denat" (the new database's db_id and file stem)
  std::string db_path, set_path;               // in the workspace (or /tmp when it is unavailable)
  tqa::DenatSetting setting = tqa::DenatSetting::LL;
  Schema schema;                               // the original
  tqa::RenamePlan plan;
  std::shared_ptr<Connection> original;
  std::unique_ptr<Connection> renamed;         // read-write while the job runs; closed at the end
  std::vector<EvalItem> items;             // the set's items on the source database
  std::vector<tqa::DenatItem> results;         // item order; results.size() done so far
  const Lexicon* lexicon = nullptr;            // for the deterministic mention rewrite
  bool cancelled = false;
  bool finished = false;                       // the variant was added to the app (or failed to be)
  std::string error;

  bool running() const { return !cancelled && !finished && error.empty(); }
  size_t kept() const;
};

// Clones and renames at once (the sample databases take milliseconds); the items are checked by the steps.
Result<std::unique_ptr<DenatRun>> start_denat_run(const AppState& state, int db_index, int set_index,
                                                  const Lexicon& lex, tqa::DenatSetting setting);
// Checks items until `budget_ms` is spent; after the last one, adds the variant database and set to `state`.
void step_denat_run(AppState& state, DenatRun& run, double budget_ms);

}  // namespace chokepoint::web
