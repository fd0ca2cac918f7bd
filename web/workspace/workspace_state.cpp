// Workspace import, clear and reload of the app state.
#include "web/workspace/workspace_state.h"

#include <algorithm>

#include "web/bridge/file_bridge.h"
#include "web/bridge/file_opener.h"
#include "web/workspace/workspace.h"
#include "web/workspace/workspace_archive.h"

namespace chokepoint::web {

void reload_workspace_files(AppState& state) {
  auto& dbs = state.databases.databases;
  dbs.erase(std::remove_if(dbs.begin(), dbs.end(),
                           [](const LoadedDatabase& d) { return d.origin == "upload" || d.origin == "workspace"; }),
            dbs.end());
  auto& sets = state.eval_sets.sets;
  sets.erase(
      std::remove_if(sets.begin(), sets.end(), [](const LoadedSet& s) { return s.path.rfind("/assets/", 0) != 0; }),
      sets.end());
  state.databases.selected = 0;
  state.databases.browser = RowBrowser{};
  state.eval_sets.selected_set = 0;
  state.eval_sets.selected_item = -1;
  for (const auto& f : workspace_files()) open_file(state, f, "workspace");
}

void import_workspace_archive(AppState& state, const std::string& archive_path) {
  auto report = import_workspace(archive_path);
  if (!report.ok()) {
    notify(state, "import failed, the workspace is unchanged: " + report.error(), true);
    return;
  }
  reload_workspace_files(state);
  std::string replaced;
  for (const auto& s : report->replaced_stores) replaced += (replaced.empty() ? "" : " and ") + s;
  notify(state, "imported " + std::to_string(report->files) + " workspace files" +
                    (replaced.empty() ? "" : "; this replaced " + replaced));
}

void clear_workspace(AppState& state) {
  const int n = clear_workspace_files();
  reload_workspace_files(state);
  notify(state, "cleared the workspace (" + std::to_string(n) + " files)");
}

void export_workspace_download(AppState& state) {
  const std::string path = "/tmp/workspace.chokepoint";
  auto n = export_workspace(path);
  if (!n.ok()) {
    notify(state, "export failed: " + n.error(), true);
    return;
  }
  offer_download(path, "workspace.chokepoint", "application/vnd.sqlite3");
  notify(state, "exported " + std::to_string(*n) + " workspace files to workspace.chokepoint");
}

}  // namespace chokepoint::web
