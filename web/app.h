// The app as a whole: startup loading, the panel tabs, and the handling of files that arrived since the last frame.
#pragma once
#include "web/app_state.h"

namespace chokepoint::web {

void start_app(AppState& state);  // opens the samples and the workspace files
void draw_app(AppState& state);   // one frame

}  // namespace chokepoint::web
