// The Feature space panel's state as JSON, its page commands and its registration; the drawing is
// feature_space_view.cpp.
#include <algorithm>

#include "web/panel_registry.h"
#include "web/panels/space/feature_space_memory.h"
#include "web/panels/space/feature_space_panel.h"

namespace chokepoint::web {
namespace {

nlohmann::json proportion_json(const learn::Proportion& p) {
  return {{"successes", p.successes}, {"n", p.n}, {"p", p.p}, {"lower", p.lower}, {"upper", p.upper}};
}

}  // namespace

nlohmann::json feature_space_json(const FeatureSpacePanel& panel) {
  nlohmann::json j = {{"error", panel.error}, {"working", panel.pending != FeatureSpacePanel::Pending::None}};
  nlohmann::json sets = nlohmann::json::array();
  for (const auto& f : panel.features)
    sets.push_back(
        {{"name", f.name}, {"done", f.done}, {"rows", f.matrix.rows.size()}, {"sql_unparsed", f.sql_unparsed}});
  j["features"] = sets;
  if (panel.comparison) {
    const auto& c = *panel.comparison;
    nlohmann::json features = nlohmann::json::array();
    for (const auto& f : c.features)
      features.push_back({{"id", f.id},
                          {"prevalence", f.prevalence},
                          {"chi2", f.test.statistic},
                          {"df", f.test.df},
                          {"p", f.test.p_value},
                          {"adjusted_p", f.adjusted_p},
                          {"cramers_v", f.test.cramers_v}});
    j["compare"] = {{"sets", c.sets},
                    {"sizes", c.sizes},
                    {"features", features},
                    {"map_points", c.map.size()},
                    {"difficulty",
                     [&] {
                       nlohmann::json counts = nlohmann::json::object();
                       for (const auto& d : panel.map_difficulty)
                         counts[d.empty() ? "none" : d] = counts.value(d.empty() ? "none" : d, 0) + 1;
                       return counts;
                     }()},
                    {"explained", c.map_explained_ratio},
                    {"projection", panel.projection == 1 ? "umap" : "pca"}};
    if (panel.umap_job) j["compare"]["umap"] = {{"running", true}, {"progress", panel.umap_job->layout.progress()}};
    if (!c.umap_map.empty()) {
      nlohmann::json points = nlohmann::json::array();
      for (const auto& p : c.umap_map) points.push_back({p.x, p.y});
      j["compare"]["umap"] = {{"running", false},
                              {"n_neighbors", c.umap.n_neighbors},
                              {"epochs", c.umap.epochs},
                              {"points", points},
                              {"neighbours_kept", {{"pca", c.pca_neighbours_kept}, {"umap", c.umap_neighbours_kept}}}};
    }
  }
  if (panel.clusters) {
    const auto& cl = *panel.clusters;
    nlohmann::json elbow = nlohmann::json::array();
    for (const auto& p : cl.elbow.points) elbow.push_back({{"k", p.k}, {"inertia", p.inertia}});
    nlohmann::json explained = nlohmann::json::array();
    for (const auto& e : cl.explanations) {
      nlohmann::json lifts = nlohmann::json::array();
      for (const auto& l : e) lifts.push_back({{"id", l.id}, {"lift", l.lift}, {"in_cluster", l.in_cluster}});
      explained.push_back(lifts);
    }
    j["clusters"] = {{"k", cl.k},
                     {"knee", cl.elbow.knee_k},
                     {"elbow", elbow},
                     {"sizes", cl.sizes},
                     {"inertia", cl.fit.inertia},
                     {"labels", cl.labels},
                     {"explanations", explained}};
    if (panel.forest_job)
      j["clusters"]["forest"] = {{"running", true},
                                 {"trees_done", panel.forest_job->trainer.trees_done()},
                                 {"one_vs_rest_clusters_done", panel.forest_job->cluster}};
    if (panel.forest) {
      auto ranked = [](const std::vector<sqlspace::FeatureImportance>& fs) {
        nlohmann::json out = nlohmann::json::array();
        for (const auto& f : fs) out.push_back({{"id", f.id}, {"importance", f.importance}});
        return out;
      };
      nlohmann::json per = nlohmann::json::array();
      for (const auto& c : panel.forest->per_cluster) per.push_back(ranked(c));
      nlohmann::json own = nlohmann::json::array();
      for (const auto& c : panel.one_vs_rest) own.push_back(ranked(c));
      j["clusters"]["forest"] = {
          {"running", false}, {"overall", ranked(panel.forest->overall)}, {"per_cluster", per}, {"one_vs_rest", own}};
    }
    if (panel.cluster_map_job)
      j["clusters"]["map"] = {{"running", true}};
    else if (const auto& m = panel.cluster_map)
      j["clusters"]["map"] = {
          {"running", false}, {"points", m->coordinates.rows}, {"n_neighbors", m->n_neighbors}, {"epochs", m->epochs}};
    if (panel.blind_spots) {
      nlohmann::json models = nlohmann::json::array();
      for (const auto& m : panel.blind_spots->models) {
        nlohmann::json clusters = nlohmann::json::array();
        for (const auto& a : m.clusters) {
          auto x = proportion_json(a.accuracy);
          x["blind_spot"] = a.blind_spot;
          clusters.push_back(x);
        }
        models.push_back({{"name", m.name}, {"overall", proportion_json(m.overall)}, {"clusters", clusters}});
      }
      j["clusters"]["models"] = models;
      j["clusters"]["universal"] = panel.blind_spots->universal;
    }
  }
  if (const SetFeatures* f = finished_features(panel, panel.item_set); f && !f->matrix.rows.empty()) {
    const auto& row = f->matrix.rows[static_cast<size_t>(std::clamp(panel.item, 0, int(f->matrix.rows.size()) - 1))];
    std::vector<int> yes, no;
    for (size_t c = 0; c < f->matrix.feature_ids.size(); ++c)
      if (auto v = row.get(c)) (*v ? yes : no).push_back(f->matrix.feature_ids[c]);
    std::vector<int> by_model;  // cells whose value the model gave (no rule decides them)
    for (const auto& feature : catalogue().features())
      if (!feature.deterministic() &&
          llm_cell(*f, static_cast<size_t>(std::clamp(panel.item, 0, int(f->matrix.rows.size()) - 1)), feature.id))
        by_model.push_back(feature.id);
    j["item"] = {{"set", f->name}, {"key", row.key}, {"yes", yes}, {"no", no}, {"decided_by_model", by_model}};
  }
  if (panel.clusters) j["selected_cluster"] = panel.selected_cluster;
  j["llm"] = llm_features_json(panel.llm);
  j["discover"] = feature_discovery_json(panel.discovery);
  j["rewrite"] = rewrite_run_json(panel.rewrite);
  if (panel.estimate) {
    const auto& e = *panel.estimate;
    nlohmann::json negative = nlohmann::json::array();
    for (const auto& f : e.negative_features) negative.push_back({{"id", f.id}, {"importance", f.importance}});
    j["estimate"] = {{"train", e.train},
                     {"test", e.test},
                     {"test_negatives", e.test_negatives},
                     {"base_rate", e.base_rate},
                     {"accuracy", e.metrics.accuracy},
                     {"precision", e.metrics.precision},
                     {"recall", e.metrics.recall},
                     {"f1", e.metrics.f1},
                     {"roc_auc", e.metrics.roc_auc},
                     {"brier", e.metrics.brier},
                     {"columns", panel.estimate_ids.size()},
                     {"negative_features", negative}};
  }
  j["restore"] = feature_space_restore_json(panel);
  j["kept_estimates"] = nlohmann::json::array();
  for (const auto& k : panel.kept_estimates)
    j["kept_estimates"].push_back(
        {{"set", k.set}, {"model", k.model}, {"online", k.online}, {"trees", k.trees}, {"seed", k.seed}});
  return j;
}

namespace {

const PanelRegistrar feature_space_json_registrar{
    {"Feature space", 77, [](AppState& s) { draw_feature_space_panel(s, feature_space_panel(s)); },
     [](AppState& s, double budget) { step_feature_space(s, feature_space_panel(s), budget); },
     [](AppState& s) { return feature_space_json(feature_space_panel(s)); }}};
// {"do": "space_compare", "sets": [NAME, ...], "correction"?: "none" | "bh" | "bonferroni"}
const PageCommandRegistrar compare_registrar{"space_compare", [](AppState& s, const nlohmann::json& cmd) {
                                               auto& p = feature_space_panel(s);
                                               p.compare_sets = cmd.value("sets", std::vector<std::string>{});
                                               const std::string c = cmd.value("correction", std::string("bh"));
                                               p.correction = c == "none" ? 0 : c == "bonferroni" ? 2 : 1;
                                               request_compare(s, p);
                                             }};
// {"do": "space_map", "projection": "pca" | "umap"}: the Compare tab's map, as its two buttons choose it.
const PageCommandRegistrar map_registrar{"space_map", [](AppState& s, const nlohmann::json& cmd) {
                                           auto& p = feature_space_panel(s);
                                           p.projection = cmd.value("projection", std::string("pca")) == "umap" ? 1 : 0;
                                         }};
// {"do": "space_clusters", "set": NAME, "models"?: [NAME, ...], "k"?: K, "k_max"?: N, "seed"?: N, "margin"?: X}
const PageCommandRegistrar clusters_registrar{"space_clusters", [](AppState& s, const nlohmann::json& cmd) {
                                                auto& p = feature_space_panel(s);
                                                p.cluster_set = cmd.value("set", p.cluster_set);
                                                p.cluster_models = cmd.value("models", p.cluster_models);
                                                p.k = cmd.value("k", p.k);
                                                p.k_max = cmd.value("k_max", p.k_max);
                                                p.seed = cmd.value("seed", p.seed);
                                                p.margin = cmd.value("margin", p.margin);
                                                request_clusters(s, p);
                                              }};
// {"do": "space_forest"}: the Clusters tab's "Explain by one multi-class forest" button (both forests).
const PageCommandRegistrar forest_registrar{
    "space_forest", [](AppState& s, const nlohmann::json&) { request_cluster_forest(feature_space_panel(s)); }};
// {"do": "space_item", "set": NAME, "item": K, "known_only"?: bool}: the Items tab's set, item and filter.
const PageCommandRegistrar item_registrar{"space_item", [](AppState& s, const nlohmann::json& cmd) {
                                            auto& p = feature_space_panel(s);
                                            p.item_set = cmd.value("set", p.item_set);
                                            p.item = cmd.value("item", p.item);
                                            p.known_only = cmd.value("known_only", p.known_only);
                                          }};
// {"do": "space_estimate", "set": NAME, "model": NAME, "online"?: bool, "trees"?: N, "seed"?: N}
const PageCommandRegistrar estimate_registrar{"space_estimate", [](AppState& s, const nlohmann::json& cmd) {
                                                auto& p = feature_space_panel(s);
                                                p.estimate_set = cmd.value("set", p.estimate_set);
                                                p.estimate_model = cmd.value("model", p.estimate_model);
                                                p.online = cmd.value("online", p.online);
                                                p.trees = cmd.value("trees", p.trees);
                                                p.seed = cmd.value("seed", p.seed);
                                                request_estimate(s, p);
                                              }};

}  // namespace
}  // namespace chokepoint::web
