// What the Runs tab's drawing needs of the run store (runs_store.cpp).
#pragma once
#include "core/runs/run_store.h"
#include "web/panels/runs/runs_view.h"

namespace chokepoint::web {

bool kept_in_workspace(const RunsView& v);  // the store opened and writes to the workspace
void open_store(RunsView& v);               // opens the store once (after the workspace is read back)
double run_ex(const runs::RunInfo& info);   // a kept run's EX, in percent

}  // namespace chokepoint::web
