// A BigTable build kept across a reload (see bigtable_memory.h).
#include "web/panels/runner/bigtable_memory.h"

#include <cstdio>
#include <fstream>

#include "core/base/file_text.h"
#include "web/panels/runner/bigtable_view.h"
#include "web/workspace/workspace.h"

namespace chokepoint::web {
namespace {

const char* const kBuildRecord = "/workspace/bigtable_build.json";

}  // namespace

void remember_bigtable_build(const BigtableView& view) {
  if (!workspace_available()) return;
  const nlohmann::json j = {{"source", view.source}, {"per_stratum", view.per_stratum},
                            {"seed", view.seed},     {"filter_change", view.change_filters},
                            {"rename", view.rename}, {"rename_by_model", view.rename_by_model},
                            {"expand", view.expand}};
  std::ofstream(kBuildRecord, std::ios::binary) << j.dump();
  persist_workspace();
}

void forget_bigtable_build() {
  if (!workspace_available()) return;
  if (std::remove(kBuildRecord) == 0) persist_workspace();
}

void step_bigtable_restore(AppState& state, BigtableView& view, int& source_set) {
  if (view.restore_checked || workspace_restoring() > 0) return;
  view.restore_checked = true;
  const auto text = read_file(kBuildRecord);
  if (!text.ok()) return;
  const auto j = nlohmann::json::parse(*text, nullptr, false);
  const auto is = [&j](const char* key, bool (nlohmann::json::*kind)() const noexcept) {
    return j.is_object() && j.contains(key) && (j[key].*kind)();
  };
  if (!is("source", &nlohmann::json::is_string) || !is("per_stratum", &nlohmann::json::is_number_integer) ||
      !is("seed", &nlohmann::json::is_number_integer) || !is("filter_change", &nlohmann::json::is_boolean) ||
      !is("rename", &nlohmann::json::is_boolean) || !is("rename_by_model", &nlohmann::json::is_boolean) ||
      !is("expand", &nlohmann::json::is_boolean)) {
    view.notes = {"The BigTable build under way before the reload was not started again: its record (" +
                  std::string(kBuildRecord) + ") is damaged."};
    forget_bigtable_build();
    return;
  }
  const std::string source = j["source"].get<std::string>();
  const int set = find_set(state, source);
  if (set < 0) {
    view.notes = {"The BigTable build of " + source + " under way before the reload was not started again: " + source +
                  " is no longer loaded."};
    forget_bigtable_build();
    return;
  }
  view.per_stratum = j["per_stratum"].get<int>();
  view.seed = j["seed"].get<int>();
  view.change_filters = j["filter_change"].get<bool>();
  view.rename = j["rename"].get<bool>();
  view.rename_by_model = j["rename_by_model"].get<bool>();
  view.expand = j["expand"].get<bool>();
  source_set = set;
  view.resumed = true;  // start_bigtable says so in the notes
  start_bigtable(state, view, set);
}

}  // namespace chokepoint::web
