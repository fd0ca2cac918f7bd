// The Databases panel: loaded databases, their tables, columns, keys and row counts, and a paged row browser.
#pragma once
#include "web/app_state.h"

namespace chokepoint::web {

void draw_databases_panel(AppState& state);

}  // namespace chokepoint::web
