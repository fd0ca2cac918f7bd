// Files being read into the page: a progress bar and a Cancel button each. Drawn under the app's title on every tab
// (a big database takes seconds) and in the Workspace panel.
#pragma once
#include <cstdint>
#include <string>

#include "web/workspace/workspace.h"

namespace chokepoint::web {

void draw_file_loads(const WorkspaceReport& report);
std::string megabytes(int64_t bytes);  // "12.3 MB"

}  // namespace chokepoint::web
