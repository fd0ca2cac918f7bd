// A de-naturalised variant created in the browser (SQLMorph §V): core/tqa/denat_job on the selected database,
// stepped a few milliseconds per frame, its copy written into the workspace; at the end the variant database and
// the kept items (as a set in the chosen setting) are added to the app and written to the workspace so a reload
// brings them back. With "use the LLM", naturalness and the text rewrite go through the LLM tab's endpoint (its
// replay store first), exactly as `chokepoint tqa denat --llm-config`.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/db/connection.h"
#include "core/lexicon/lexicon.h"
#include "core/llm/call_scheduler.h"
#include "core/tqa/denat_job.h"
#include "core/tqa/denat_keep_rule.h"
#include "core/tqa/rename_plan.h"
#include "web/app_state.h"
#include "web/llm/held_preview.h"

namespace chokepoint::web {

// Naturalness (the dictionary-coverage heuristic) and proposed names (the deterministic abbreviator) for every
// identifier of `schema`: the preview the panel shows before a variant is made.
tqa::RenamePlan heuristic_rename_plan(const Lexicon& lex, const Schema& schema);

struct DenatRun {
  std::string source_db_id;       // "toxicology"
  std::string variant_id;         // "toxicology_denat" (the new database's db_id and file stem)
  std::string db_path, set_path;  // in the workspace (or /tmp when it is unavailable)
  tqa::DenatSetting setting = tqa::DenatSetting::LL;
  bool with_llm = false;
  tqa::DenatKeepRule keep = tqa::DenatKeepRule::gold_result;
  std::string ex_from;  // with a rule that needs EX: the evaluation it came from ("gold.json vs pred.json, BIRD")
  Schema schema;        // the original (the job refers to it)
  std::shared_ptr<Connection> original;
  std::unique_ptr<CallScheduler> scheduler;  // with_llm only
  std::unique_ptr<tqa::DenatJob> job;
  HeldPreview preview;       // with_llm: opened on the job's first calls; nothing is sent before Confirm
  bool preview_due = false;  // with_llm: the preview opens when the job first waits for answers
  bool cancelled = false;
  bool finished = false;  // the variant was added to the app (or failed to be)
  std::string error;
  // The four settings' sets, once asked for (publish_denat_settings): O/O, L/O, O/L, L/L in that order, e.g.
  // "toxicology_denat.O_O.json"; the denat-delta study pairs predictions with them.
  std::vector<std::string> settings_published;

  bool running() const { return !cancelled && !finished && error.empty(); }
  size_t kept() const { return job ? job->kept() : 0; }
  size_t checked() const { return job ? job->results().size() : 0; }
  size_t total = 0;  // items of the set on the source database
};

// Checks the choice and starts the job. Errors: no database, schema only, no LLM endpoint when `with_llm`; a keep rule
// that needs the system's EX without a finished BIRD-semantics evaluation of the same set in Predictions & metrics.
Result<std::unique_ptr<DenatRun>> start_denat_run(const AppState& state, int db_index, int set_index,
                                                  const Lexicon& lex, tqa::DenatSetting setting, bool with_llm,
                                                  tqa::DenatKeepRule keep = tqa::DenatKeepRule::gold_result);
// Confirm of the preview: the calls go out, unless the LLM settings changed since (the error says so).
Status confirm_denat_run(DenatRun& run);
// Steps the job for `budget_ms`; when it is done, adds the variant database and set to `state`.
void step_denat_run(AppState& state, DenatRun& run, double budget_ms);
void cancel_denat_run(DenatRun& run);
// A finished variant's kept items in each of the four settings (SQLMorph Table VII's O/O, L/O, O/L, L/L) as sets of
// the Sets tab, kept in the workspace: O/O and L/O on the source database, O/L and L/L on the variant; as
// `chokepoint tqa denat` writes O_O.json ... L_L.json. Sets of the same names are replaced.
Status publish_denat_settings(AppState& state, DenatRun& run);

}  // namespace chokepoint::web
