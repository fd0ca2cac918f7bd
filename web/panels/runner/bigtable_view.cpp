// Run a model > BigTable (see bigtable_view.h).
#include "web/panels/runner/bigtable_view.h"

#include <imgui.h>

#include <algorithm>

#include "core/base/clock.h"
#include "core/dataset/bird_writer.h"
#include "web/bridge/file_bridge.h"
#include "web/widgets/item_places.h"
#include "web/widgets/json_rows_table.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"
#include "web/workspace/made_set.h"

namespace chokepoint::web {
namespace {

// The built set as a loaded set in BIRD's dev format, and Table 2 counted on it.
void finish_bigtable(AppState& state, BigtableView& view) {
  view.running = false;
  view.done = true;
  auto counted = runner::bigtable_subset(view.built, loaded_schemas(state, view.built.items), 9999999,
                                         static_cast<uint64_t>(view.seed));
  if (!counted.ok()) {
    view.error = counted.error();
    return;
  }
  view.table2 = runner::bigtable_table2_json(*counted);
  const std::string name = made_set_stem(view.source) + ".bigtable.json";
  auto path = put_made_set(state, name, write_bird_dev_json(view.built), false, MadeSetKept::Workspace);
  if (!path.ok()) {
    view.error = path.error();
    return;
  }
  view.published = name;
  view.published_path = *path;
  notify(state, "BigTable: " + name + " built, " + std::to_string(view.built.items.size()) + " items");
}

}  // namespace

void start_bigtable(AppState& state, BigtableView& view, int source_set) {
  view.error.clear();
  if (source_set < 0 || static_cast<size_t>(source_set) >= state.eval_sets.sets.size() ||
      state.eval_sets.sets[static_cast<size_t>(source_set)].predictions) {
    view.error = "choose an evaluation set with questions and gold queries first";
    return;
  }
  const LoadedSet& loaded = state.eval_sets.sets[static_cast<size_t>(source_set)];
  view.per_stratum = std::clamp(view.per_stratum, 1, 9999999);
  auto sub = runner::bigtable_subset(loaded.set, loaded_schemas(state, loaded.set.items),
                                     static_cast<size_t>(view.per_stratum), static_cast<uint64_t>(view.seed));
  if (!sub.ok()) {
    view.error = loaded.name + ": " + sub.error();
    return;
  }
  view.source = loaded.name;
  view.built = sub->subset;
  view.notes = sub->notes;
  if (sub->unresolved > 0)
    view.notes.push_back(std::to_string(sub->unresolved) +
                         " items of the set were not counted: their gold query does not parse or their database is "
                         "not loaded");
  view.notes.push_back(
      "Not done here: the >3 stratum topped up by expanding three-table queries (Join query expansion, its questions "
      "written by the model) and the schema renamed (Text augmentation > De-naturalisation, its O/L set), both on the "
      "built set; chokepoint bigtable does all four steps.");
  view.subset = std::move(*sub);
  view.next = 0;
  view.tally = {};
  view.table2 = nlohmann::ordered_json();
  view.published.clear();
  view.done = false;
  view.running = true;
  if (!view.change_filters) finish_bigtable(state, view);
}

void step_bigtable(AppState& state, BigtableView& view, double budget_ms) {
  if (!view.running) return;
  const double start = monotonic_ms();
  QueryLimits limits;
  limits.timeout_ms = kBigtableQueryLimitMs;
  while (view.next < view.built.items.size() && monotonic_ms() - start < budget_ms) {
    EvalItem& it = view.built.items[view.next];
    const LoadedDatabase* db = find_database(state, it.db_id);
    runner::change_item_filter(it, view.next, db && db->connection ? db->connection.get() : nullptr,
                               static_cast<uint64_t>(view.seed), limits, view.tally);
    ++view.next;
  }
  if (view.next >= view.built.items.size()) finish_bigtable(state, view);
}

void draw_bigtable_view(AppState& state, BigtableView& view, int& source_set) {
  ImGui::TextWrapped(
      "BigTable-0.2k (004 §3.3): N items for each number of tables the gold query reads (1, 2, 3, more than 3), "
      "drawn with a seed, then in each item one filter value the question mentions changed to another value of its "
      "column that keeps the result non-empty (the question follows). The result is a new evaluation set, with "
      "Table 2 beside the paper's. Nothing leaves the page.");
  const auto& sets = state.eval_sets.sets;
  const bool valid = source_set >= 0 && source_set < static_cast<int>(sets.size());
  ImGui::BeginDisabled(view.running);
  ImGui::SetNextItemWidth(ui_px(260));
  if (ImGui::BeginCombo("set##bigtable", valid ? sets[static_cast<size_t>(source_set)].name.c_str() : "(none)")) {
    for (size_t i = 0; i < sets.size(); ++i)
      if (!sets[i].predictions && ImGui::Selectable(sets[i].name.c_str(), static_cast<int>(i) == source_set))
        source_set = static_cast<int>(i);
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ui_px(110));
  ImGui::InputInt("per number of tables", &view.per_stratum);
  view.per_stratum = std::clamp(view.per_stratum, 1, 9999999);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ui_px(90));
  ImGui::InputInt("seed##bigtable", &view.seed);
  ImGui::SameLine();
  ImGui::Checkbox("change filter values", &view.change_filters);
  ImGui::SameLine();
  if (ImGui::Button("Build")) start_bigtable(state, view, source_set);
  note_item_place("Build BigTable");
  ImGui::EndDisabled();
  if (!view.error.empty()) draw_error(view.error);
  if (view.running) {
    ImGui::Text("changing filter values: %zu of %zu items (each query stops after %d ms here)", view.next,
                view.built.items.size(), kBigtableQueryLimitMs);
    return;
  }
  if (!view.done || !view.error.empty()) return;
  ImGui::Text("%s: %zu items from %s (per number of tables %d, seed %d)", view.published.c_str(),
              view.built.items.size(), view.source.c_str(), view.per_stratum, view.seed);
  ImGui::SameLine();
  if (ImGui::SmallButton("Download##bigtable")) offer_download(view.published_path, view.published, "application/json");
  draw_json_rows_table("bigtable-table2", view.table2,
                       {{"gold tables", "/tables"},
                        {"items", "/items"},
                        {"avg columns", "/avg_columns", 2},
                        {"items (004)", "/paper_items"},
                        {"avg columns (004)", "/paper_avg_columns", 2}});
  if (view.change_filters) {
    std::string kept;
    for (const auto& [reason, n] : view.tally.unchanged)
      kept += (kept.empty() ? "" : "; ") + reason + ": " + std::to_string(n);
    ImGui::TextWrapped("filter values changed in %zu items; kept in %zu (%s)", view.tally.changed,
                       view.built.items.size() - view.tally.changed, kept.empty() ? "-" : kept.c_str());
  }
  for (const auto& n : view.notes) {
    ImGui::Bullet();
    ImGui::TextWrapped("%s", n.c_str());
  }
}

nlohmann::json bigtable_view_json(const BigtableView& view) {
  nlohmann::json unchanged = nlohmann::json::object();
  for (const auto& [reason, n] : view.tally.unchanged) unchanged[reason] = n;
  return {{"running", view.running},
          {"done", view.done},
          {"error", view.error},
          {"source", view.source},
          {"per_stratum", view.per_stratum},
          {"seed", view.seed},
          {"filter_change", view.change_filters},
          {"subset", view.subset ? view.subset->subset.items.size() : 0},
          {"items", view.built.items.size()},
          {"published", view.published},
          {"path", view.published_path},
          {"strata", view.table2},
          {"filter_changed", view.tally.changed},
          {"filter_unchanged", unchanged},
          {"notes", view.notes}};
}

}  // namespace chokepoint::web
