// A question-rewriting run kept across a reload. When a run ends (done or cancelled part-way) its figures are written
// to the workspace (/workspace/rewrite_run.json): the run's set, model and choices, Tables 3 and 4's counts, the
// items it covered with their original EX, and every rewrite with its question, SQL and EX. After a reload the
// Estimator view shows it again and the feature-space study takes it, as before. A run confirmed but not ended is
// recorded as under way; after a reload it is named in a note (Rewrite again: the replay store answers every call
// already answered), not run again on its own. A damaged record is named, never half-read.
#pragma once
#include <string>
#include <vector>

#include "web/panels/space/rewrite_run.h"

namespace chokepoint::web {

void remember_rewrite_run(const RewriteRun& run);        // when it ends
void remember_rewrite_under_way(const RewriteRun& run);  // when it is confirmed
// Once the workspace is back: the kept run into `run` (phase 4), or a note in `notes` saying why not.
void restore_rewrite_run(RewriteRun& run, std::vector<std::string>& notes);

}  // namespace chokepoint::web
