// The panels' jobs within a frame's budget (see job_steps.h).
#include "web/job_steps.h"

#include <algorithm>
#include <stdexcept>

#include "web/current_exception.h"

namespace chokepoint::web {

void step_jobs(AppState& state, std::vector<PanelSpec>& panels, double frame_start, double budget_ms,
               const std::function<double()>& now) {
  const size_t n = panels.size();
  if (n == 0) return;
  const double share = budget_ms / static_cast<double>(n);
  const size_t first = state.next_job_panel % n;
  bool stepped = false;
  for (size_t k = 0; k < n; ++k) {
    auto& p = panels[(first + k) % n];
    if (!p.step || state.paused_jobs.count(p.name)) continue;
    const double step_start = now();
    if (stepped && step_start - frame_start >= budget_ms) {
      state.next_job_panel = (first + k) % n;
      return;
    }
    stepped = true;
    try {
      if (state.fail_next_step == p.name) {
        state.fail_next_step.clear();
        throw std::runtime_error("simulated failure");
      }
      p.step(state, std::max(share, budget_ms - (step_start - frame_start)));
      note_frame_part(state, "step " + p.name, step_start);
    } catch (...) {
      state.paused_jobs.insert(p.name);
      state.failure = "The " + p.name + " job failed: " + describe_current_exception() +
                      ". It is paused; your files are kept in this browser's workspace.";
    }
  }
  state.next_job_panel = first;
}

}  // namespace chokepoint::web
