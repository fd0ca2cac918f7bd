// Run a model > BigTable: BigTable-0.2k (004 §3.3) built from a loaded set in the page by core/runner/bigtable_job.h,
// as `chokepoint bigtable` builds it: the stratified subset (N items per number of gold tables, seeded),
// each item's filter value changed to another that keeps a non-empty result, and each database's tables and columns
// renamed by the de-naturalisation renamer (a renamed copy per database, kept in the workspace), a few items a frame;
// published as a loaded set with Table 2 beside the paper's. When the four-table stratum is short, three-table items
// are first expanded by one join and the LLM tab's model writes their questions (bigtable_expansion.h, behind the
// privacy preview), as `chokepoint bigtable --llm-config` does. With "the model classifies the names", the rename
// step asks the LLM tab's model too, as `chokepoint tqa denat --llm-config` does inside `chokepoint bigtable
// --llm-config`, behind a second preview; without a usable model the heuristic classifies them and a note says why.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/llm/call_scheduler.h"
#include "core/runner/bigtable_job.h"
#include "web/app_state.h"
#include "web/llm/held_preview.h"
#include "web/panels/runner/bigtable_expansion.h"

namespace chokepoint::web {

struct BigtableView {
  int per_stratum = 50;
  int seed = 1;
  bool change_filters = true;
  bool rename = true;
  bool expand = true;           // top up the >3 stratum by expansions whose questions the LLM tab's model writes
  bool rename_by_model = true;  // the rename step asks the LLM tab's model (when it has a usable one)
  // The build under way or done.
  std::string source;  // the set it was built from
  int source_set = -1;
  bool waiting_for_lexicon = false;  // the rename step waits for the WordNet lexicon before the build starts
  bool restore_checked = false;      // a build kept across a reload was looked for (bigtable_memory.h)
  bool resumed = false;              // this build started again after a reload
  // Each renamed copy's db_id -> its place in the workspace, where it is moved once the build is done (until then it
  // is written outside the workspace, so a reload never finds half a database).
  std::map<std::string, std::string> copy_places;
  // The rename step's model calls: held until the preview, opened when the step first waits for answers, is
  // confirmed. Declared before the job, which refers to it, so the job goes first.
  std::unique_ptr<CallScheduler> rename_scheduler;
  HeldPreview rename_preview;
  bool rename_preview_due = false;
  std::string rename_model;  // the model the rename step asks; empty: the heuristic
  std::unique_ptr<runner::BigtableJob> job;
  std::unique_ptr<BigtableExpansion> expansion;  // before the job's steps, when the >3 stratum is short
  size_t expanded = 0;                           // expansions appended
  bool running = false, done = false;
  std::vector<std::string> notes;
  std::vector<std::string> databases;            // the renamed copies added to the page, by db_id
  std::string published, published_path, error;  // the built set's name and where it is kept
};

// The page's own limit on one query of the filter and rename steps (the Quick check tab's): they run on the page's
// thread.
constexpr int kBigtableQueryLimitMs = 1000;

void start_bigtable(AppState& state, BigtableView& view, int source_set);
// Every frame: a build kept across a reload starts again once the workspace is back (bigtable_memory.h; it sets
// source_set to the build's set), then the build under way works for `budget_ms`.
void step_bigtable(AppState& state, BigtableView& view, int& source_set, double budget_ms);
// Stops a build under way; the renamed copies made so far are deleted and nothing is published.
void cancel_bigtable(BigtableView& view);
void draw_bigtable_view(AppState& state, BigtableView& view, int& source_set);
// Confirm of the rename step's preview: its calls go out, unless the LLM settings changed since (the error says so).
void confirm_bigtable_rename(BigtableView& view);
// {"running", "done", "error", "waiting_for_lexicon", "phase", "source", "per_stratum", "seed", "filter_change",
//  "rename", "rename_by_model", "rename_model": the model asked or "" (the heuristic), "rename_preview":
//  held_preview_json while it is open, "rename_llm": {naturalness, names, questions, evidence: {asked, from_llm,
//  fallback}} once renamed with the model, "expand", "expansion": bigtable_expansion_json or null, "expanded",
//  "subset", "items", "published", "path", "databases": the renamed copies' db_ids, "strata": Table 2 as `chokepoint
//  bigtable` prints it, "filter_changed", "filter_unchanged": {reason: n}, "renamed": {kept, left_out} or null,
//  "notes"}
nlohmann::json bigtable_view_json(const BigtableView& view);

}  // namespace chokepoint::web
