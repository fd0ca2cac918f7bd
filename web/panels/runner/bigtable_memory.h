// A BigTable build kept across a reload. The choices of a build under way are written to the workspace
// (/workspace/bigtable_build.json) when it starts and removed when it ends (built, failed or cancelled); its renamed
// copies are written outside the workspace until the build is done, so a reload never finds half a database. After a
// reload, once the workspace's files are back, a kept build starts again from the start with the same choices: the
// subset, the filter values and the renames are seeded, and the model's answers already received come from the
// replay store (its previews say so, and still nothing is sent before Confirm). A set no longer loaded, or a damaged
// record, is named in the view's notes and nothing is built.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "web/app_state.h"

namespace chokepoint::web {

struct BigtableView;

void remember_bigtable_build(const BigtableView& view);  // when a build starts
void forget_bigtable_build();                            // when it ends, however
// Every frame until done: once the workspace is back, restarts a kept build (source_set: the panel's set choice).
void step_bigtable_restore(AppState& state, BigtableView& view, int& source_set);

}  // namespace chokepoint::web
