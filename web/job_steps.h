// The panels' background jobs, stepped within one frame's budget.
//
// Each job gets what is left of the budget, and never less than its share: most panels are idle most of the time, so
// one busy job (the metrics panel's gold facts, a model run's answers) gets nearly the whole budget instead of a
// twelfth of it. Once the budget is spent, the jobs not yet stepped wait for the next frame, where they go first
// (AppState::next_job_panel), so every job steps within as many frames as there are panels. When the panels' first
// steps after start all fell in one frame (code the browser compiles on its first call), with one of two cores busy,
// that frame took 53 ms (bench/README.md, big databases). One job steps in every frame all the same.
#pragma once
#include <functional>
#include <vector>

#include "web/app_state.h"
#include "web/panel_registry.h"

namespace chokepoint::web {

// Steps the jobs of `panels` (those with a step and not paused). The budget counts from `frame_start`, so what the
// frame did before (files opened) uses it too; `now` reads the clock in ms (monotonic_ms in the app). A job that
// throws is paused, not retried every frame, and state.failure says so.
void step_jobs(AppState& state, std::vector<PanelSpec>& panels, double frame_start, double budget_ms,
               const std::function<double()>& now);

}  // namespace chokepoint::web
