// Join query expansion panel. All decisions come from core/jqe (run_jqe through jqe_step.h and jqe_batch.h); the
// panel arranges them. The step view is computed on request (one seed); the batch advances a little every frame.
#include "web/panels/jqe/jqe_panel.h"
#include "core/base/json_dump.h"
#include "web/panels/jqe/jqe_step_view.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <fstream>

#include "core/graph/schema_graph.h"
#include "core/jqe/report.h"
#include "web/bridge/file_bridge.h"
#include "web/panel_registry.h"
#include "web/widgets/charts.h"
#include "web/widgets/flow_layout.h"
#include "web/widgets/item_places.h"
#include "web/widgets/set_item_picker.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {
namespace {

constexpr double kMaxSliceMs = 10.0;  // the brief's bound on JQE work per frame

EvalItem seed_of(const EvalItem& item, size_t index) {
  return EvalItem{item.key.empty() ? std::to_string(index) : item.key,
                  item.db_id,
                  item.question,
                  item.evidence,
                  item.sql,
                  item.difficulty};
}

std::string cache_key(const LoadedSet& set, const jqe::JqeOptions& o) {
  return set.name + "#" + std::to_string(set.set.items.size()) + "#" +
         (o.iso == IsomorphismMode::structural ? "s" : "t");
}

bool draw_seed_picker(AppState& state, JqePanel& panel) {
  return draw_set_item_picker(state.eval_sets.sets, panel.set, panel.item, "seed", "jqe-picker", 520);
}

std::vector<BarDatum> shape_bars(const nlohmann::json& rows) {
  std::vector<BarDatum> bars;
  for (const auto& r : rows) {
    if (bars.size() == 8) break;  // the most frequent shapes
    bars.push_back({r.value("shape", ""), r.value("queries", 0.0), ""});
  }
  return bars;
}

double max_of(const std::vector<BarDatum>& bars) {
  double m = 1;
  for (const auto& b : bars) m = std::max(m, b.value);
  return m * 1.15;
}

void draw_batch(AppState& state, JqePanel& panel) {
  if (!panel.batch) {
    wrapped_disabled("\"Run batch over the set\" expands every query of the chosen set with the preferences above.");
    return;
  }
  const JqeBatch& b = *panel.batch;
  const jqe::JqeProgress p = b.progress();
  ImGui::Text("%s", panel.batch_label.c_str());
  ImGui::ProgressBar(b.fraction(), ui_px(360, 0));
  ImGui::SameLine();
  ImGui::Text("%zu / %zu seeds expanded, %zu expansions kept%s", b.expanded(), b.total(), b.run().expansions.size(),
              b.cancelled() ? " (cancelled)" : "");
  if (!b.done())
    ImGui::TextDisabled("round %d: %s %zu / %zu, %llu combinations of the current seed judged", p.round,
                        jqe::to_string(p.phase), p.seeds_done, p.round_seeds,
                        static_cast<unsigned long long>(p.combinations));
  if (!b.done()) {
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) {
      panel.batch->cancel();
      notify(state, "JQE batch cancelled after " + std::to_string(b.expanded()) + " seeds");
    }
    return;
  }
  if (!b.run().stopped.empty()) draw_error("The batch " + b.run().stopped + ".");
  ImGui::TextDisabled("longest unit of work %.1f ms, total work %.0f ms", b.longest_unit_ms(), b.work_ms());
  if (ImGui::Button("Export BIRD JSON")) {
    const std::string path = "/tmp/chokepoint_jqe_expansions.json";
    std::ofstream(path, std::ios::binary) << dump_json(jqe::expansion_set_json(b.run()), 2) << "\n";
    offer_download(path, "jqe_expansions.json", "application/json");
  }
  if (panel.report.is_null()) return;
  const auto& s = panel.report["summary"];
  ImGui::Text("seeds %d, generated %d, kept %d, pruned %d, redundant %d, isomorphism classes %d", s.value("seeds", 0),
              s.value("generated", 0), s.value("expansion", 0), s.value("pruned", 0), s.value("redundant", 0),
              panel.report.value("iso_classes", 0));
  std::string reasons = "pruned by reason:";
  for (const auto& [k, v] : s["pruned_by_reason"].items()) reasons += " " + k + " " + std::to_string(v.get<int>());
  ImGui::TextDisabled("%s", reasons.c_str());
  // Thesis §3: a CTE or FROM-subquery is unnested before expansion, so its tables join the seed's graph.
  if (s.contains("unnesting") && s["unnesting"].is_object()) {
    const auto& u = s["unnesting"];
    std::string left;
    if (u.contains("left_nested_by_reason") && u["left_nested_by_reason"].is_object())
      for (const auto& [k, v] : u["left_nested_by_reason"].items())
        left += (left.empty() ? "" : ", ") + k + " " + v.dump();
    ImGui::TextDisabled(
        "CTEs and FROM-subqueries unnested before expansion: %d seeds unnested (%d tables inlined), %d left "
        "nested%s%s%s",
        u.value("seeds_unnested", 0), u.value("tables_inlined", 0), u.value("seeds_left_nested", 0),
        left.empty() ? "" : " (", left.c_str(), left.empty() ? "" : ")");
  }

  const auto before = shape_bars(panel.report["shapes_before"]);
  const auto after = shape_bars(panel.report["shapes_expansion"]);
  ImGui::BeginGroup();
  ImGui::Text("JQG shapes (V, E) before");
  draw_bar_chart("shapes-before", before, max_of(before), ui_px(380, 200), {"(tables, joins)", "queries", "%.0f"});
  ImGui::EndGroup();
  ImGui::SameLine();
  ImGui::BeginGroup();
  ImGui::Text("JQG shapes (V, E) of the expansions");
  draw_bar_chart("shapes-after", after, max_of(after), ui_px(380, 200), {"(tables, joins)", "queries", "%.0f"});
  ImGui::EndGroup();
  char buf[32];
  auto bar = [&](const char* label, double v, const char* fmt) {
    std::snprintf(buf, sizeof buf, fmt, v);
    return BarDatum{label, v, buf};
  };
  const std::vector<BarDatum> degree = {bar("before", s.value("avg_degree_before", 0.0), "%.2f"),
                                        bar("generated", s.value("avg_degree_generated", 0.0), "%.2f"),
                                        bar("expansion", s.value("avg_degree_expansion", 0.0), "%.2f")};
  const std::vector<BarDatum> cyclic = {bar("before", s.value("cyclic_pct_before", 0.0), "%.1f%%"),
                                        bar("generated", s.value("cyclic_pct_generated", 0.0), "%.1f%%"),
                                        bar("expansion", s.value("cyclic_pct_expansion", 0.0), "%.1f%%")};
  ImGui::BeginGroup();
  ImGui::Text("average degree 2|E|/|V|");
  draw_bar_chart("degree", degree, max_of(degree), ui_px(300, 180), {"", "2|E|/|V|", "%.2f"});
  ImGui::EndGroup();
  ImGui::SameLine();
  ImGui::BeginGroup();
  ImGui::Text("cyclic share (%%)");
  draw_bar_chart("cyclic", cyclic, 100.0, ui_px(300, 180), {"", "cyclic (%)", "%.0f"});
  ImGui::EndGroup();
}

}  // namespace

void step_jqe_seed(AppState& state, JqePanel& panel) {
  panel.error.clear();
  panel.reveal = -1;
  auto chosen = choose_item(state, panel.set, panel.item);
  if (!chosen.ok()) {
    panel.error = chosen.error();
    return;
  }
  const LoadedSet& set = *chosen->set;
  const EvalItem& item = *chosen->item;
  const LoadedDatabase* db = chosen->db;
  const jqe::JqeOptions& options = panel.prefs.options;
  std::vector<EvalItem> context;
  if (panel.prefs.count_set && options.per_pattern > 0) {
    auto& members = panel.class_cache[cache_key(set, options)];
    if (!members) {
      members = std::make_shared<ClassMembers>(options.iso);
      for (size_t i = 0; i < set.set.items.size(); ++i) {
        const LoadedDatabase* d = find_database(state, set.set.items[i].db_id);
        if (d) members->add(seed_of(set.set.items[i], i), d->schema);
      }
    }
    context = members->context(options.per_pattern);
  }
  const SchemaGraph graph = build_schema_graph(db->schema);
  panel.step =
      std::make_shared<JqeStepView>(build_jqe_step(seed_of(item, static_cast<size_t>(panel.item)), db->schema, graph,
                                                   db->schema_only ? nullptr : db->connection.get(), context, options));
  panel.jqg_view = GraphView{};
  panel.show_view = 0;
  panel.selected_expansion = panel.step->expansions.empty() ? -1 : 0;
}

void start_jqe_batch(AppState& state, JqePanel& panel) {
  panel.error.clear();
  const auto& sets = state.eval_sets.sets;
  if (panel.set < 0 || panel.set >= static_cast<int>(sets.size())) {
    panel.error = "no evaluation set loaded";
    return;
  }
  const LoadedSet& set = sets[static_cast<size_t>(panel.set)];
  std::vector<EvalItem> seeds;
  std::map<std::string, JqeBatchDatabase> dbs;
  for (size_t i = 0; i < set.set.items.size(); ++i) {
    const auto& it = set.set.items[i];
    seeds.push_back(seed_of(it, i));
    if (dbs.count(it.db_id)) continue;
    if (const LoadedDatabase* d = find_database(state, it.db_id))
      dbs[it.db_id] = JqeBatchDatabase{d->schema, d->schema_only ? nullptr : d->connection};
  }
  panel.batch = std::make_shared<JqeBatch>(std::move(seeds), std::move(dbs), panel.prefs.options);
  panel.batch_label = "JQE over " + set.name + " (" + std::to_string(set.set.items.size()) + " seeds)";
  panel.report = nullptr;
  panel.show_view = 1;
}

void step_jqe_job(AppState& state, JqePanel& panel, double budget_ms) {
  if (!panel.batch || !panel.report.is_null()) return;
  if (panel.batch->step(std::min(budget_ms, kMaxSliceMs))) {  // also finalises a cancelled batch
    panel.report = panel.batch->report();
    const std::string& stopped = panel.batch->run().stopped;
    notify(state,
           panel.batch->cancelled() ? "JQE batch cancelled"
           : !stopped.empty()       ? "JQE batch " + stopped
                                    : "JQE batch: " + std::to_string(panel.batch->run().expansions.size()) +
                                    " expansions from " + std::to_string(panel.batch->total()) + " seeds",
           !stopped.empty());
  }
}

void draw_jqe_panel(AppState& state, JqePanel& panel) {
  draw_jqe_preferences(panel.prefs);
  ImGui::Separator();
  if (draw_seed_picker(state, panel)) {
    flow_same_line(button_width("Step through"));
    if (ImGui::Button("Step through")) step_jqe_seed(state, panel);
    const bool running = panel.batch && !panel.batch->done();
    if (!running) {
      flow_same_line(button_width("Run batch over the set"));
      if (ImGui::Button("Run batch over the set")) start_jqe_batch(state, panel);
    }
  }
  if (!panel.error.empty()) draw_error(panel.error);
  if (ImGui::BeginTabBar("jqe-views")) {
    const int show = panel.show_view;
    panel.show_view = -1;
    if (begin_noted_tab_item("Step through", show == 0 ? ImGuiTabItemFlags_SetSelected : 0)) {
      draw_step(panel);
      ImGui::EndTabItem();
    }
    if (begin_noted_tab_item("Batch", show == 1 ? ImGuiTabItemFlags_SetSelected : 0)) {
      draw_batch(state, panel);
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
  }
}

}  // namespace chokepoint::web
