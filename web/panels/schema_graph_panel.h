// The Schema graph panel: the selected database's schema graph (decisions.md §4) drawn with a force layout, zoom and
// pan, hover for a table's columns or an edge's join conditions, and the graph statistics beside it.
#pragma once
#include "web/app_state.h"

namespace chokepoint::web {

void draw_schema_graph_panel(AppState& state);

}  // namespace chokepoint::web
