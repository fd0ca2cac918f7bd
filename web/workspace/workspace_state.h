// Keeping the app's loaded files in step with the workspace after an import or a clear: files that came from the
// workspace or an upload are closed, then everything in the workspace is opened again. Samples stay.
#pragma once
#include <string>

#include "web/app_state.h"

namespace chokepoint::web {

void reload_workspace_files(AppState& state);
void import_workspace_archive(AppState& state, const std::string& archive_path);  // notices report the outcome
void clear_workspace(AppState& state);
void export_workspace_download(AppState& state);  // builds the archive and offers it as a download

}  // namespace chokepoint::web
