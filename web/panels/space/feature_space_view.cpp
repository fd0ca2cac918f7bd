// The Feature space panel's drawing; its state as JSON and its page commands are feature_space_json.cpp.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>

#include "core/sqlspace/deterministic_features.h"
#include "web/panel_registry.h"
#include "web/panels/space/feature_space_panel.h"
#include "web/widgets/charts.h"
#include "web/widgets/flow_layout.h"
#include "web/widgets/item_places.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {
namespace {

std::string predicate_of(int id) {
  const sqlspace::Feature* f = catalogue().find(id);
  return f ? f->predicate : sqlspace::feature_column_name(id);
}

ImU32 palette(int i) {
  static const ImU32 colours[] = {IM_COL32(90, 160, 240, 255),  IM_COL32(240, 140, 60, 255),
                                  IM_COL32(110, 200, 110, 255), IM_COL32(220, 90, 200, 255),
                                  IM_COL32(230, 210, 80, 255),  IM_COL32(80, 210, 210, 255),
                                  IM_COL32(200, 80, 80, 255),   IM_COL32(160, 160, 160, 255)};
  return colours[static_cast<size_t>(std::max(i, 0)) % (sizeof colours / sizeof colours[0])];
}

void set_checkboxes(const AppState& state, std::vector<std::string>& chosen, bool predictions, const char* id) {
  for (const auto& s : state.eval_sets.sets) {
    if (s.predictions != predictions) continue;
    bool on = std::find(chosen.begin(), chosen.end(), s.name) != chosen.end();
    const std::string label = s.name + "##" + id;
    flow_same_line(checkbox_width(label.c_str()));
    if (ImGui::Checkbox(label.c_str(), &on)) {
      if (on)
        chosen.push_back(s.name);
      else
        chosen.erase(std::remove(chosen.begin(), chosen.end(), s.name), chosen.end());
    }
  }
}

void draw_progress(const FeatureSpacePanel& panel) {
  if (panel.pending == FeatureSpacePanel::Pending::None) return;
  for (const auto& f : panel.features)
    if (!f.done) ImGui::TextDisabled("features of %s: %zu / %zu items", f.name.c_str(), f.next, f.set->items.size());
  for (const auto& m : panel.models)
    if (!m.done && m.job)
      ImGui::TextDisabled("scoring %s: %zu / %zu", m.pred.c_str(), m.job->progress().done, m.job->progress().total);
  if (const auto& e = panel.estimation)
    ImGui::TextDisabled("random forest: tree %d of %d", e->trees_done(), e->trees());
  if (const auto& job = panel.cluster_job)
    ImGui::TextDisabled("k-means for k = %d of %d..%d (restart %d)", job->next, job->k_first, job->k_last,
                        job->running ? job->running->restarts_done() + 1 : 1);
  ImGui::TextDisabled("working...");
}

// The Compare map's groups, by the "colour by" choice: the sets; the Clusters tab's clusters or its first model's
// verdicts, when it ran on the first compared set (whose items come first on the map); or BIRD's difficulty. An item
// the choice says nothing about is in the last group, named for why.
struct MapGroups {
  std::vector<std::string> names;
  std::vector<size_t> of_point;
};
MapGroups compare_map_groups(const FeatureSpacePanel& p, const sqlspace::SetComparison& c,
                             const std::vector<sqlspace::SetComparison::Point>& points) {
  MapGroups g;
  const bool same_set = !c.sets.empty() && c.sets[0] == p.cluster_set;
  const ModelScores* model = p.colour_by == 2 && same_set && !p.cluster_models.empty()
                                 ? finished_model(p, p.cluster_set, p.cluster_models[0])
                                 : nullptr;
  if (p.colour_by == 0) {
    g.names = c.sets;
  } else if (p.colour_by == 1 && same_set && p.clusters) {
    for (int k = 0; k < p.clusters->k; ++k) g.names.push_back("C" + std::to_string(k));
    g.names.push_back("not clustered");
  } else if (model) {
    g.names = {"right", "wrong", "not scored"};
  } else if (p.colour_by == 3) {
    g.names = {"simple", "moderate", "challenging", "no difficulty"};
  } else {
    g.names = {p.colour_by == 1 ? "not clustered (cluster the first set)" : "no model run on the first set"};
  }
  const size_t other = g.names.size() - 1;
  for (size_t i = 0; i < points.size(); ++i) {
    size_t group = other;
    if (p.colour_by == 0) {
      group = points[i].set;
    } else if (p.colour_by == 1 && same_set && p.clusters && i < p.clusters->labels.size()) {
      group = static_cast<size_t>(p.clusters->labels[i]);
    } else if (model && i < model->correct.size() && model->correct[i]) {
      group = *model->correct[i] ? 0 : 1;
    } else if (p.colour_by == 3 && i < p.map_difficulty.size()) {
      for (size_t d = 0; d < other; ++d)
        if (p.map_difficulty[i] == g.names[d]) group = d;
    }
    g.of_point.push_back(std::min(group, other));
  }
  return g;
}

void draw_compare(AppState& state, FeatureSpacePanel& panel) {
  ImGui::TextUnformatted("sets:");
  set_checkboxes(state, panel.compare_sets, false, "cmp");
  ImGui::SetNextItemWidth(ui_px(200));
  ImGui::Combo("correction", &panel.correction, "none\0Benjamini-Hochberg\0Bonferroni\0");
  ImGui::SameLine();
  if (ImGui::Button("Compare")) request_compare(state, panel);
  note_item_place("compare sets");
  if (!panel.comparison) return;
  const auto& c = *panel.comparison;
  size_t significant = 0;
  for (const auto& f : c.features) significant += f.adjusted_p < 0.05;
  ImGui::Text("%zu features known; %zu differ at adjusted p < 0.05 (%s).", c.features.size(), significant,
              learn::correction_name(c.correction));
  if (ImGui::BeginTable("cmp-features", 5 + static_cast<int>(c.sets.size()),
                        ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                            ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_Resizable,
                        ImVec2(0, ui_px(200)))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("feature", ImGuiTableColumnFlags_WidthStretch);
    for (const auto& s : c.sets) ImGui::TableSetupColumn((s + " %").c_str());
    for (const char* h : {"chi2", "p", "adjusted p", "V"}) ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    for (const auto& f : c.features) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(predicate_of(f.id).c_str());
      for (double p : f.prevalence) {
        ImGui::TableNextColumn();
        ImGui::Text("%.1f", 100 * p);
      }
      ImGui::TableNextColumn();
      ImGui::Text("%.2f", f.test.statistic);
      ImGui::TableNextColumn();
      ImGui::Text("%.2g", f.test.p_value);
      ImGui::TableNextColumn();
      ImGui::Text("%.2g", f.adjusted_p);
      ImGui::TableNextColumn();
      ImGui::Text("%.2f", f.test.cramers_v);
    }
    ImGui::EndTable();
  }
  ImGui::SetNextItemWidth(ui_px(240));
  ImGui::Combo("colour by", &panel.colour_by,
               "set\0cluster (Clusters tab)\0first model's EX (Clusters tab)\0difficulty (BIRD; 003 Fig. 5)\0");
  ImGui::TextUnformatted("map:");
  ImGui::SameLine();
  ImGui::RadioButton("PCA", &panel.projection, 0);
  note_item_place("map PCA");
  ImGui::SameLine();
  ImGui::RadioButton("UMAP (003)", &panel.projection, 1);
  note_item_place("map UMAP");
  const bool umap = panel.projection == 1 && !c.umap_map.empty();
  ImGui::SameLine();
  if (panel.projection == 1 && panel.umap_job) {
    ImGui::ProgressBar(static_cast<float>(panel.umap_job->layout.progress()), ImVec2(ui_px(160), 0));
    ImGui::SameLine();
    ImGui::TextDisabled("UMAP of %zu items (the map below is PCA until it is done)", c.map.size());
  } else if (umap) {
    ImGui::TextDisabled(
        "UMAP, n_neighbors %zu, min_dist 0.01, %zu epochs, seed 0. Of each item's 10 nearest in "
        "feature space, kept on the map: UMAP %.2f, PCA %.2f",
        c.umap.n_neighbors, c.umap.epochs, c.umap_neighbours_kept, c.pca_neighbours_kept);
  } else {
    ImGui::TextDisabled("PCA, %.0f%% + %.0f%% of the variance",
                        c.map_explained_ratio.size() > 0 ? 100 * c.map_explained_ratio[0] : 0.0,
                        c.map_explained_ratio.size() > 1 ? 100 * c.map_explained_ratio[1] : 0.0);
  }
  const auto& map = umap ? c.umap_map : c.map;
  const MapGroups groups = compare_map_groups(panel, c, map);
  std::vector<ScatterPoint> points;
  for (size_t i = 0; i < map.size(); ++i) points.push_back({map[i].x, map[i].y, groups.of_point[i]});
  draw_scatter_chart(
      "compare-map", groups.names, points,
      ImVec2(ImGui::GetContentRegionAvail().x, std::max(ui_px(220), ImGui::GetContentRegionAvail().y - 4)));
}

// The first `most` features joined as their predicates read, with their importance.
std::string ranked_text(const std::vector<sqlspace::FeatureImportance>& features, size_t most) {
  std::string text;
  for (size_t i = 0; i < features.size() && i < most; ++i) {
    const auto& f = features[i];
    char buf[32];
    std::snprintf(buf, sizeof buf, " (%.3f)", f.importance);
    text += (text.empty() ? "" : "; ") + predicate_of(f.id) + buf;
  }
  return text;
}

// The paper's explanation of the clusters: its button, its progress, then the ranking (each cluster's share of it is
// in the clusters table).
void draw_cluster_forest(FeatureSpacePanel& panel) {
  if (const auto& job = panel.forest_job) {
    if (!job->trainer.done())
      ImGui::Text("Growing the multi-class forest: tree %d of %d...", job->trainer.trees_done(),
                  sqlspace::ClusterImportanceOptions{}.trees);
    else
      ImGui::Text("Growing cluster C%d's one-vs-rest forest (%d of %d): tree %d of %d...", job->cluster,
                  job->cluster + 1, panel.clusters ? panel.clusters->k : 0,
                  job->one_vs_rest ? job->one_vs_rest->trees_done() : 0, sqlspace::ClusterImportanceOptions{}.trees);
    return;
  }
  if (ImGui::Button("Explain by one multi-class forest (003 §5)")) request_cluster_forest(panel);
  note_item_place("explain by forest");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "A 100-tree random forest learns the cluster from the features; its impurity importance ranks the features "
        "that tell the clusters apart. Each cluster then lists the ranked features more common in it than overall, "
        "and beside them the ranking of its own one-vs-rest forest (in this cluster or not).");
  if (!panel.forest) return;
  ImGui::SameLine();
  ImGui::TextWrapped("Tell the clusters apart: %s", panel.forest->overall.empty()
                                                        ? "(no feature splits them)"
                                                        : ranked_text(panel.forest->overall, 10).c_str());
}

// 003 Fig. 5 over the clustered items: its button, its progress, then the map as the study draws it.
void draw_cluster_map(FeatureSpacePanel& panel) {
  if (const auto& job = panel.cluster_map_job) {
    ImGui::ProgressBar(static_cast<float>(job->progress()), ImVec2(ui_px(160), 0));
    ImGui::SameLine();
    ImGui::TextDisabled("UMAP of the %zu clustered items", panel.clustered.keys.size());
    return;
  }
  if (ImGui::Button("Map the items (UMAP, 003 Fig. 5)")) request_cluster_map(panel);
  note_item_place("map clusters");
  if (!panel.cluster_map || !panel.clusters) return;
  study::FeatureSpaceInputs in;
  in.clusters.resize(static_cast<size_t>(panel.clusters->k));
  for (size_t i = 0; i < panel.clusters->labels.size(); ++i)
    in.item_clusters.push_back(
        {i < panel.clustered.keys.size() ? panel.clustered.keys[i] : "", panel.clusters->labels[i]});
  add_cluster_map(panel, in);
  const study::StudyChart chart = study::items_map_chart(in);
  ImGui::TextWrapped("%s", chart.title.c_str());
  ImGui::TextDisabled("%s", chart.y_label.c_str());
  std::vector<ScatterPoint> points;
  for (const auto& p : chart.points) points.push_back({p.x, p.y, p.group});
  draw_scatter_chart("cluster-map", chart.categories, points,
                     ImVec2(std::min(ImGui::GetContentRegionAvail().x, ui_px(760)), ui_px(380)));
}

void draw_clusters(AppState& state, FeatureSpacePanel& panel) {
  draw_set_combo(state, "gold set##clusters", panel.cluster_set, false);
  flow_next_item(ui_px(90), "k (0: elbow)");
  ImGui::InputInt("k (0: elbow)", &panel.k);
  panel.k = std::clamp(panel.k, 0, 50);
  flow_next_item(ui_px(90), "k max");
  ImGui::InputInt("k max", &panel.k_max);
  panel.k_max = std::clamp(panel.k_max, 2, 50);
  flow_next_item(ui_px(90), "seed");
  ImGui::InputInt("seed", &panel.seed);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("models:");
  set_checkboxes(state, panel.cluster_models, true, "clu");
  flow_next_item(ui_px(90), "margin");
  ImGui::SliderFloat("margin", &panel.margin, 0.05f, 0.75f, "%.2f");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "A blind spot: the cluster's accuracy at most (1 - margin) x the model's overall, and its Wilson\n"
        "95%% upper bound below the overall too.");
  flow_same_line(button_width("Cluster"));
  if (ImGui::Button("Cluster")) request_clusters(state, panel);
  note_item_place("cluster features");
  if (!panel.clusters) return;
  const auto& cl = *panel.clusters;
  if (!cl.elbow.points.empty()) {
    std::vector<float> inertia;
    for (const auto& p : cl.elbow.points) inertia.push_back(static_cast<float>(p.inertia));
    char label[64];
    std::snprintf(label, sizeof label, "elbow k=%d..%d, knee %d", cl.elbow.points.front().k, cl.elbow.points.back().k,
                  cl.elbow.knee_k);
    ImGui::PlotLines("##elbow", inertia.data(), static_cast<int>(inertia.size()), 0, label, FLT_MAX, FLT_MAX,
                     ImVec2(ui_px(360), ui_px(70)));
  }
  ImGui::Text("k = %d, inertia %.1f", cl.k, cl.fit.inertia);
  const auto* b = panel.blind_spots ? &*panel.blind_spots : nullptr;
  const int models = b ? static_cast<int>(b->models.size()) : 0;
  if (ImGui::BeginTable(
          "clusters", 3 + models,
          ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY,
          ImVec2(0, std::max(ui_px(160), ImGui::GetContentRegionAvail().y - ui_px(90))))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("cluster");
    ImGui::TableSetupColumn("size");
    for (int m = 0; m < models; ++m) ImGui::TableSetupColumn(b->models[static_cast<size_t>(m)].name.c_str());
    ImGui::TableSetupColumn("features that explain it (share in cluster / overall)",
                            ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    if (b) {  // the overall line
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted("all");
      ImGui::TableNextColumn();
      ImGui::Text("%zu", cl.labels.size());
      for (const auto& m : b->models) {
        ImGui::TableNextColumn();
        ImGui::Text("%.1f%% [%.1f, %.1f]", 100 * m.overall.p, 100 * m.overall.lower, 100 * m.overall.upper);
      }
      ImGui::TableNextColumn();
    }
    for (int c = 0; c < cl.k; ++c) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      const bool universal = b && std::find(b->universal.begin(), b->universal.end(), c) != b->universal.end();
      ImGui::PushStyleColor(ImGuiCol_Text, palette(c));
      char name[32];
      std::snprintf(name, sizeof name, "C%d%s##cluster%d", c, universal ? " (universal)" : "", c);
      if (ImGui::Selectable(name, panel.selected_cluster == c, ImGuiSelectableFlags_SpanAllColumns))
        panel.selected_cluster = c;
      ImGui::PopStyleColor();
      if (c == 0) note_item_place("first cluster");
      ImGui::TableNextColumn();
      ImGui::Text("%zu", cl.sizes[static_cast<size_t>(c)]);
      for (int m = 0; m < models; ++m) {
        ImGui::TableNextColumn();
        const auto& a = b->models[static_cast<size_t>(m)].clusters[static_cast<size_t>(c)];
        // A heatmap: red for low accuracy, green for high; a blind spot is named too.
        const float p = static_cast<float>(a.accuracy.p);
        ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg,
                               IM_COL32(static_cast<int>(150 * (1 - p)), static_cast<int>(120 * p), 40, 200));
        ImGui::Text("%.1f%% [%.1f, %.1f]%s", 100 * a.accuracy.p, 100 * a.accuracy.lower, 100 * a.accuracy.upper,
                    a.blind_spot ? " BLIND SPOT" : "");
      }
      ImGui::TableNextColumn();
      std::string text;
      for (const auto& l : cl.explanations[static_cast<size_t>(c)]) {
        char buf[64];
        std::snprintf(buf, sizeof buf, " (%.0f%% / %.0f%%)", 100 * l.in_cluster, 100 * l.overall);
        text += (text.empty() ? "" : "; ") + predicate_of(l.id) + buf;
      }
      ImGui::TextWrapped("%s", text.c_str());
      if (panel.forest && static_cast<size_t>(c) < panel.forest->per_cluster.size() &&
          !panel.forest->per_cluster[static_cast<size_t>(c)].empty())
        ImGui::TextWrapped("forest: %s", ranked_text(panel.forest->per_cluster[static_cast<size_t>(c)], 5).c_str());
      if (static_cast<size_t>(c) < panel.one_vs_rest.size() && !panel.one_vs_rest[static_cast<size_t>(c)].empty())
        ImGui::TextWrapped("its own forest: %s", ranked_text(panel.one_vs_rest[static_cast<size_t>(c)], 5).c_str());
    }
    ImGui::EndTable();
  }
  draw_cluster_forest(panel);
  draw_cluster_map(panel);
  if (panel.selected_cluster >= 0 && panel.selected_cluster < cl.k) {
    const SetFeatures* f = finished_features(panel, panel.cluster_set);
    ImGui::Text("C%d's questions (%zu):", panel.selected_cluster,
                cl.sizes[static_cast<size_t>(panel.selected_cluster)]);
    size_t shown = 0;
    for (size_t i = 0; f && i < cl.labels.size() && i < f->set->items.size() && shown < 8; ++i) {
      if (cl.labels[i] != panel.selected_cluster) continue;
      ++shown;
      ImGui::BulletText("%s", f->set->items[i].question.c_str());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", f->set->items[i].sql.c_str());
    }
  }
  if (b)
    for (const auto& alt : b->cost_view)
      ImGui::BulletText("C%d: %s (%.1f%%) is within reach of %s (%.1f%%)", alt.cluster, alt.cheaper.c_str(),
                        100 * alt.cheaper_accuracy, alt.dearer.c_str(), 100 * alt.dearer_accuracy);
}

void draw_reliability(const std::vector<learn::ReliabilityBin>& bins);

void draw_estimator(AppState& state, FeatureSpacePanel& panel) {
  draw_set_combo(state, "gold set##estimate", panel.estimate_set, false);
  draw_set_combo(state, "model##estimate", panel.estimate_model, true, true);
  ImGui::Checkbox("online (question and schema features only)", &panel.online);
  flow_next_item(ui_px(90), "trees");
  ImGui::InputInt("trees", &panel.trees, 50);
  panel.trees = std::clamp(panel.trees, 1, 1000);
  flow_same_line(button_width("Estimate"));
  if (ImGui::Button("Estimate")) request_estimate(state, panel);
  note_item_place("estimate correctness");
  if (!panel.estimate) return;
  const auto& e = *panel.estimate;
  const auto& m = e.metrics;
  ImGui::Text("trained on %zu items, scored on %zu held out (%zu the model got wrong); base rate %.1f%%", e.train,
              e.test, e.test_negatives, 100 * e.base_rate);
  ImGui::Text("accuracy %.3f  precision %.3f  recall %.3f  F1 %.3f  ROC-AUC %.3f  Brier %.3f", m.accuracy, m.precision,
              m.recall, m.f1, m.roc_auc, m.brier);
  if (!m.reliability.empty()) draw_reliability(m.reliability);
  ImGui::TextUnformatted("negative features: shuffling them most hurts the forest's \"fails\" predictions");
  for (const auto& f : e.negative_features)
    ImGui::BulletText("%s: importance %.3f; in %.0f%% of wrong items, %.0f%% of right ones", predicate_of(f.id).c_str(),
                      f.importance, 100 * f.share_in_wrong, 100 * f.share_in_right);
  draw_rewrite_run(state, panel);
}

// Predicted probability of "right" against the share that was right, per bin: on the diagonal when calibrated.
void draw_reliability(const std::vector<learn::ReliabilityBin>& bins) {
  ImGui::TextUnformatted("reliability diagram (held-out items): predicted P(right) across, observed share up");
  const float side = ui_px(200);
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("reliability", ImVec2(side, side));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(o, ImVec2(o.x + side, o.y + side), IM_COL32(20, 24, 30, 255));
  dl->AddLine(ImVec2(o.x, o.y + side), ImVec2(o.x + side, o.y), IM_COL32(120, 120, 120, 255));
  size_t most = 1;
  for (const auto& b : bins) most = std::max(most, b.n);
  for (const auto& b : bins) {
    if (!b.n) continue;
    const ImVec2 at(o.x + side * static_cast<float>(b.mean_score), o.y + side * (1 - static_cast<float>(b.observed)));
    dl->AddCircleFilled(at, 3 + 6 * static_cast<float>(b.n) / static_cast<float>(most), palette(0));
  }
  if (ImGui::IsItemHovered()) {
    std::string text;
    for (const auto& b : bins)
      if (b.n) {
        char line[96];
        std::snprintf(line, sizeof line, "[%.1f, %.1f): %zu items, predicted %.2f, observed %.2f\n", b.low, b.high, b.n,
                      b.mean_score, b.observed);
        text += line;
      }
    ImGui::SetTooltip("%s", text.c_str());
  }
}

void draw_feature_space_items(AppState& state, FeatureSpacePanel& panel) {
  std::vector<const SetFeatures*> done;
  for (const auto& f : panel.features)
    if (f.done) done.push_back(&f);
  if (done.empty()) {
    ImGui::TextDisabled("compute a set's features first (Compare, Clusters or Estimator)");
    return;
  }
  if (!finished_features(panel, panel.item_set)) panel.item_set = done.front()->name;
  ImGui::SetNextItemWidth(ui_px(200));
  if (ImGui::BeginCombo("set##items", panel.item_set.c_str())) {
    for (const auto* f : done)
      if (ImGui::Selectable(f->name.c_str(), f->name == panel.item_set)) panel.item_set = f->name;
    ImGui::EndCombo();
  }
  const SetFeatures* f = finished_features(panel, panel.item_set);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ui_px(120));
  ImGui::InputInt("item", &panel.item);
  panel.item = std::clamp(panel.item, 0, std::max(0, static_cast<int>(f->matrix.rows.size()) - 1));
  ImGui::SameLine();
  ImGui::Checkbox("only decided features", &panel.known_only);
  if (f->matrix.rows.empty()) return;
  const auto& row = f->matrix.rows[static_cast<size_t>(panel.item)];
  const EvalItem& it = f->set->items[static_cast<size_t>(panel.item)];
  ImGui::TextWrapped("%s (%s): %s", row.key.c_str(), row.db_id.c_str(), it.question.c_str());
  ImGui::TextDisabled("%s", it.sql.c_str());
  if (!ImGui::BeginTable(
          "item-features", 4,
          ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit,
          ImVec2(0, ImGui::GetContentRegionAvail().y)))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("feature", ImGuiTableColumnFlags_WidthStretch);
  for (const char* h : {"aspect", "value", "decided by"}) ImGui::TableSetupColumn(h);
  ImGui::TableHeadersRow();
  for (const auto& feature : catalogue().features()) {
    const int col = f->matrix.column_of(feature.id);
    const std::optional<bool> v = col < 0 ? std::nullopt : row.get(static_cast<size_t>(col));
    const std::optional<bool> llm = llm_cell(*f, static_cast<size_t>(panel.item), feature.id);
    if (panel.known_only && !v) continue;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(feature.predicate.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(sqlspace::aspect_name(feature.aspect));
    ImGui::TableNextColumn();
    if (v)
      ImGui::TextColored(*v ? ImVec4(0.5f, 0.9f, 0.5f, 1) : ImVec4(0.7f, 0.7f, 0.7f, 1), "%s", *v ? "yes" : "no");
    else
      ImGui::TextDisabled("unknown");
    ImGui::TableNextColumn();
    if (feature.deterministic()) {
      ImGui::Text("rule: %s%s", sqlspace::decider_name(feature.decider),
                  feature.approximation ? " (approximation)" : "");
      if (const char* d = sqlspace::rule_definition(feature.id); d && ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", d);
    } else if (llm) {
      ImGui::Text("the model %s", f->llm_model.c_str());
    } else {
      ImGui::TextDisabled(f->llm_answers ? "a model (no answer)" : "a model (not asked: the LLM features tab)");
    }
    if (llm && feature.deterministic()) {
      ImGui::SameLine();
      ImGui::TextDisabled("(the model says %s)", *llm ? "yes" : "no");
    }
  }
  ImGui::EndTable();
  (void)state;
}

}  // namespace

FeatureSpacePanel& feature_space_panel(AppState& state) { return state.panels.get<FeatureSpacePanel>(); }

void draw_set_combo(const AppState& state, const char* label, std::string& name, bool predictions, bool same_line) {
  if (same_line)
    flow_next_item(ui_px(200), label);
  else
    ImGui::SetNextItemWidth(ui_px(200));
  if (!ImGui::BeginCombo(label, name.empty() ? "(none)" : name.c_str())) return;
  for (const auto& s : state.eval_sets.sets) {
    if (s.predictions != predictions) continue;
    if (ImGui::Selectable(s.name.c_str(), s.name == name)) name = s.name;
  }
  ImGui::EndCombo();
}

void draw_feature_space_panel(AppState& state, FeatureSpacePanel& panel) {
  ImGui::TextWrapped(
      "What kind of question does a model fail on? SQLSpace describes each example by yes/no features: the 73 a rule "
      "decides (SQL syntax from the gold query, the question's surface, its grounding in the schema), and the others "
      "when a model was asked them (LLM features tab).");
  if (!panel.error.empty()) draw_error(panel.error);
  if (panel.restore.active)
    ImGui::TextWrapped(
        "Computing again the results kept before the reload, from the files as they are now: %zu more "
        "after this one.",
        panel.restore.queue.size());
  for (const auto& n : panel.restore.notes) {
    ImGui::Bullet();
    ImGui::TextWrapped("%s", n.c_str());
  }
  draw_progress(panel);
  if (!ImGui::BeginTabBar("space-views")) return;
  const char* names[] = {"Compare", "Clusters", "Estimator", "Items", "LLM features", "Discover"};
  for (int v = 0; v < 6; ++v) {
    const bool open =
        ImGui::BeginTabItem(names[v], nullptr, panel.select_view == v ? ImGuiTabItemFlags_SetSelected : 0);
    note_item_place((std::string(names[v]) + " tab").c_str());
    if (!open) continue;
    panel.view = v;
    if (panel.select_view == v) panel.select_view = -1;
    if (v == 0) draw_compare(state, panel);
    if (v == 1) draw_clusters(state, panel);
    if (v == 2) draw_estimator(state, panel);
    if (v == 3) draw_feature_space_items(state, panel);
    if (v == 4) draw_llm_features(state, panel);
    if (v == 5) draw_feature_discovery(state, panel);
    ImGui::EndTabItem();
  }
  ImGui::EndTabBar();
}

}  // namespace chokepoint::web
