// Text augmentation > Split (see tqa_split_view.h).
#include "web/panels/tqa/tqa_split_view.h"

#include <imgui.h>

#include <algorithm>
#include <string>

#include "core/base/clock.h"
#include "core/dataset/bird_writer.h"
#include "web/widgets/flow_layout.h"
#include "web/widgets/item_places.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"
#include "web/workspace/made_set.h"

namespace chokepoint::web {
namespace {

// Once every graph is counted: the split itself (k-means over the databases, quick) and nothing else in that frame.
void make_split(TqaSplitView& view) {
  learn::NodeCountSplitOptions options;
  options.seed = static_cast<uint64_t>(std::max(0, view.seed));
  options.test_share = view.test_share;
  options.dev_share = view.dev_share;
  auto split = tqa::split_set_by_node_counts(*view.set, view.nodes, options);
  if (!split.ok()) {
    view.running = false;
    view.error = view.source + ": " + split.error();
    return;
  }
  view.pending = std::move(*split);
}

// Then one part a frame becomes a set kept in the workspace (written, read back and listed: on BIRD dev the three
// in one frame held it for 80-180 ms).
void publish_next_part(AppState& state, TqaSplitView& view) {
  static const char* const kParts[] = {"train", "dev", "test"};
  const size_t k = view.published.size();
  const EvalSet& items = k == 0 ? view.pending->train : k == 1 ? view.pending->dev : view.pending->test;
  const std::string name = made_set_stem(view.source) + "." + kParts[k] + ".json";
  auto path = put_made_set(state, name, write_bird_dev_json(items), false, MadeSetKept::Workspace);
  if (!path.ok()) {
    view.running = false;
    view.pending.reset();
    view.error = path.error();
    return;
  }
  view.published.push_back(name);
  view.paths.push_back(*path);
  if (view.published.size() < 3) return;
  view.running = false;
  view.result = std::move(view.pending);
  view.pending.reset();
  notify(state, "TQA split of " + view.source + ": train, dev and test added to the sets");
}

}  // namespace

void start_tqa_split(const AppState& state, TqaSplitView& view, int set_index) {
  view.error.clear();
  const auto& sets = state.eval_sets.sets;
  if (set_index < 0 || static_cast<size_t>(set_index) >= sets.size() ||
      sets[static_cast<size_t>(set_index)].predictions) {
    view.error = "choose an evaluation set with gold queries first";
    return;
  }
  const LoadedSet& loaded = sets[static_cast<size_t>(set_index)];
  view.source = loaded.name;
  view.set = std::make_shared<const EvalSet>(loaded.set);
  view.schemas = loaded_schemas(state, loaded.set.items);
  view.nodes.clear();
  view.result.reset();
  view.pending.reset();
  view.published.clear();
  view.paths.clear();
  view.running = true;
}

void step_tqa_split(AppState& state, TqaSplitView& view, double budget_ms) {
  if (!view.running) return;
  // A query's graph a unit: BIRD dev's 1,534 golds take a few frames, none held for long.
  const double start = monotonic_ms();
  while (view.nodes.size() < view.set->items.size() && monotonic_ms() - start < budget_ms)
    view.nodes.push_back(tqa::query_node_count(view.set->items[view.nodes.size()], view.schemas));
  if (view.nodes.size() < view.set->items.size()) return;
  if (!view.pending)
    make_split(view);
  else
    publish_next_part(state, view);
}

void draw_tqa_split_view(AppState& state, TqaSplitView& view, int set_index) {
  ImGui::TextWrapped(
      "Train, dev and test by whole databases (thesis §4.3.1, Fig. 4.4): each database described by its queries' "
      "share per join-query-graph node count (queries of 3 nodes or more), k-means with k = 2 (seeded), then the "
      "cluster with more databases walked in a seeded order: test takes databases until it holds its share of the "
      "queries, dev its share of the rest, train the rest. The parts become sets of their own.");
  ImGui::BeginDisabled(view.running);
  ImGui::SetNextItemWidth(ui_px(90));
  ImGui::InputInt("seed##split", &view.seed);
  view.seed = std::max(0, view.seed);
  flow_next_item(ui_px(90), "test share");
  ImGui::InputDouble("test share", &view.test_share, 0.05, 0.1, "%.2f");
  view.test_share = std::clamp(view.test_share, 0.0, 1.0);
  flow_next_item(ui_px(90), "dev share (of the rest)");
  ImGui::InputDouble("dev share (of the rest)", &view.dev_share, 0.05, 0.1, "%.2f");
  view.dev_share = std::clamp(view.dev_share, 0.0, 1.0);
  flow_same_line(button_width("Split"));
  if (ImGui::Button("Split")) start_tqa_split(state, view, set_index);
  note_item_place("Split by databases");
  ImGui::EndDisabled();
  const auto& sets = state.eval_sets.sets;
  const std::string which =
      "set: " +
      (set_index >= 0 && static_cast<size_t>(set_index) < sets.size() ? sets[static_cast<size_t>(set_index)].name
                                                                      : std::string("none")) +
      " (the panel's set, chosen in Linker tables)";
  flow_disabled(which);
  if (!view.error.empty()) draw_error(view.error);
  if (view.running) {
    if (view.pending)
      ImGui::Text("adding the parts as sets: %zu of 3", view.published.size());
    else
      ImGui::Text("counting join query graphs: %zu of %zu queries", view.nodes.size(), view.set->items.size());
    return;
  }
  if (!view.result) return;
  const auto& r = view.result->report;
  const auto& left = r["left_out"];
  ImGui::Text("%s: %zu queries; left out: %d below 3 nodes, %d without a join query graph, %d without a schema",
              view.source.c_str(), r.value("items", size_t{0}), left.value("below_min_nodes", 0),
              left.value("no_join_query_graph", 0), left.value("no_schema", 0));
  if (ImGui::BeginTable("tqa-split", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
    for (const char* c : {"part", "databases", "queries", "node counts (Table 4.1)"}) ImGui::TableSetupColumn(c);
    ImGui::TableHeadersRow();
    for (const char* part : {"train", "dev", "test"}) {
      const auto& p = r["split"][part];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(part);
      ImGui::TableNextColumn();
      ImGui::Text("%d", p.value("databases", 0));
      ImGui::TableNextColumn();
      ImGui::Text("%d", p.value("queries", 0));
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(p.value("distribution_text", std::string()).c_str());
    }
    ImGui::EndTable();
  }
  std::string names;
  for (const auto& n : view.published) names += (names.empty() ? "" : ", ") + n;
  ImGui::TextDisabled(
      "added to the sets (kept in the workspace): %s; the thesis: 466 / 125 / 106 queries on 31 / 10 / "
      "7 databases of BIRD",
      names.c_str());
}

nlohmann::json tqa_split_view_json(const TqaSplitView& view) {
  nlohmann::json j = {{"running", view.running},      {"error", view.error},
                      {"source", view.source},        {"seed", view.seed},
                      {"counted", view.nodes.size()}, {"items", view.set ? view.set->items.size() : 0},
                      {"published", view.published},  {"paths", view.paths}};
  if (view.result) j["split"] = view.result->report;
  return j;
}

}  // namespace chokepoint::web
