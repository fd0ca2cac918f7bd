// The Databases panel: loaded databases, their tables, columns, keys and row counts.
#pragma once
#include "web/app_state.h"

namespace chokepoint::web {

void load_database(DatabasesPanel& panel, const std::string& path);
void draw_databases_panel(DatabasesPanel& panel);

}  // namespace chokepoint::web
