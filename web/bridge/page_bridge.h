// The boundary between the page's JavaScript and the app: status text for the page, and functions the page
// (and the browser tests) can call. Only plain C types cross it; no exception does.
#pragma once
#include <string>

#include "web/app_state.h"

namespace chokepoint::web {

void set_page_status(const std::string& text);
// The first usable frame is drawn: `frames_drawn` pictures were sent to WebGL by then (1: the very first showed it).
void mark_page_ready(double first_frame_ms, int frames_drawn);
double page_time_ms();  // ms since navigation start (performance.now())
// A moment of the start-up as the performance mark "chokepoint:<name>", so the first frame's parts can be measured
// in the page (bench/first_frame.mjs): "main", "ui", "files opened", "frame 1", "frame 2".
void mark_startup(const char* name);
void bind_app_state(AppState* state);  // what the exported functions read
AppState* bound_app_state();           // null before the app started

}  // namespace chokepoint::web
