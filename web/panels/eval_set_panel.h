// The Evaluation set panel: loaded sets, items filtered by database and text, the selected item's question,
// evidence and SQL, and its result on the matching database.
#pragma once
#include "web/app_state.h"

namespace chokepoint::web {

void draw_eval_set_panel(AppState& state);
}  // namespace chokepoint::web
