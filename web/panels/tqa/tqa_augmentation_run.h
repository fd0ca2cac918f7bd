// The three augmentation strategies through the app's LLM session (web/llm/llm_session.h): an AugmentationJob over
// either one item or every linker item of a finished linker run, its CallScheduler on the session's fetch()
// transport and replay store, stepped every frame. Answers are recorded in the workspace replay store, so running
// the same item again costs no call.
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/llm/call_scheduler.h"
#include "core/tqa/augmentation_job.h"
#include "web/app_state.h"
#include "web/llm/held_preview.h"
#include "web/panels/tqa/tqa_linker_run.h"

namespace chokepoint::web {

struct AugmentationRun {
  std::shared_ptr<LinkerRun> linker;              // keeps the schemas and the matcher alive
  std::vector<tqa::ItemLinkerAnalysis> analyses;  // the items given to the job (copies)
  std::string label;                              // "item 14" or "sample_dev.json (9 items)"
  std::unique_ptr<CallScheduler> scheduler;
  std::unique_ptr<tqa::AugmentationJob> job;
  bool persisted = false;  // replay store synced after the job finished
  HeldPreview preview;     // open until Confirm: the scheduler is held and nothing has been sent
  bool whole_set = false;  // every linker item of the set (not one item)
  // A whole-set run that finished uncancelled: its augment_report.json, and the evaluation sets it added to the Sets
  // tab (original first, then SR, BT, CA), e.g. "sample_dev.SR.json".
  std::string report_text;
  std::vector<std::string> published;

  bool finished() const { return job && job->finished(); }
};

// Errors: no model configured, prompts missing, or a template that does not render. `item` is an index into
// linker->analyses; nullopt runs every linker item with a reference. The run opens with its privacy preview: the
// first calls are queued on a held scheduler, and nothing is sent until confirm_augmentation_run.
Result<std::unique_ptr<AugmentationRun>> start_augmentation_run(std::shared_ptr<LinkerRun> linker,
                                                                std::optional<size_t> item);
void step_augmentation_run(AugmentationRun& run);
// Once a whole-set run has finished uncancelled: its sets as workspace files added to the Sets tab (replacing sets
// of the same names), and its augment_report.json kept in the run; as `chokepoint tqa augment` writes them.
void publish_augmentation(AppState& state, AugmentationRun& run);
// Offers the run's augment_report.json as a download.
void download_augment_report(const AugmentationRun& run);
// Confirm of the preview: sends, unless the LLM settings changed since the preview (the error says so).
Status confirm_augmentation_run(AugmentationRun& run);

// Whether the LLM session has a usable endpoint, and why not ("" when it has).
std::string llm_unavailable_reason();

// The call log of the current run, for the LLM panel's log (registered once).
void set_call_log_run(const AugmentationRun* run);

}  // namespace chokepoint::web
