// The Run-a-model tab's last run, kept in the workspace (/workspace/model_run.json, stored with the user's files and
// carried by an export) so a reload loses nothing of it:
//   - its choices (set, formats, example rows, foreign keys, first N, prices, evaluate when done) come back;
//   - a finished run's prediction sets (and the first-N gold they are scored against) are workspace files, so they
//     reopen with the others, and the Metrics panel's remembered evaluation of them runs again;
//   - a run the reload interrupted is planned again and takes back, from the replay store, every answer that had
//     arrived (PredictionJob::take_replayed): nothing is sent for them. What is still missing waits in the privacy
//     preview for Confirm, since the page does not send on its own after a reload;
//   - the format x model table of the page's runs comes back with its cells, and the sets it had still to score are
//     scored again;
//   - the Retrieval tab's Table VIII cells come back with their items, so the retrieval study needs no run again;
//   - the Schema linking rows and each set's retrieved tables come back, for the llm-tasks and tqa-augment studies.
#pragma once
#include <string>

#include "web/app_state.h"
#include "web/panels/runner/run_model_panel.h"

namespace chokepoint::web {

enum class ModelRunState { Unfinished, Finished, Abandoned };

// Writes the manifest of the panel's run in `run_state` (and stores the workspace).
void remember_model_run(const RunModelPanel& panel, ModelRunState run_state);
// Writes the panel's format x model table (004 Table 3) into the manifest, the rest of it unchanged.
void remember_model_table(const RunModelPanel& panel);
// Writes the Retrieval tab's Table VIII cells into the manifest (retrieval_memory.h), the rest of it unchanged.
void remember_retrieval_table(const RetrievalView& view);
// Writes the Schema linking section's rows and retrieved tables into the manifest (linking_memory.h), the rest of
// it unchanged.
void remember_linking(const LinkingView& view);
// Once per page, when the workspace's files are back: applies the manifest. A finished run's published sets come
// back to the panel; an unfinished one is planned again (panel.taking_replayed is set) or its error says why not.
void restore_model_run(AppState& state, RunModelPanel& panel);

}  // namespace chokepoint::web
