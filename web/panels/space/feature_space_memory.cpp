// Feature space's results kept across a reload (see feature_space_memory.h).
#include "web/panels/space/feature_space_memory.h"
#include "web/panels/space/rewrite_memory.h"

#include <fstream>

#include "core/base/file_text.h"
#include "web/panels/space/feature_space_panel.h"
#include "web/workspace/workspace.h"

namespace chokepoint::web {
namespace {

const char* const kMemoryPath = "/workspace/feature_space.json";

bool is_text_list(const nlohmann::json& j) {
  if (!j.is_array()) return false;
  for (const auto& x : j)
    if (!x.is_string()) return false;
  return true;
}

// The member `key` of an object, or null: a const json's operator[] must not be asked for a missing key.
const nlohmann::json& field(const nlohmann::json& o, const char* key) {
  static const nlohmann::json null;
  if (!o.is_object()) return null;
  const auto it = o.find(key);
  return it == o.end() ? null : *it;
}

bool set_loaded(const AppState& state, const std::string& name) { return find_set(state, name) >= 0; }

// The panel is between requests: nothing pending, no job under way, every feature matrix and score done.
bool idle(const FeatureSpacePanel& p) {
  if (p.pending != FeatureSpacePanel::Pending::None || p.cluster_job || p.forest_job || p.cluster_map_job ||
      p.estimation || p.umap_job)
    return false;
  if (p.projection == 1 && p.comparison && p.comparison->umap_map.empty()) return false;  // UMAP starts next frame
  for (const auto& f : p.features)
    if (!f.done) return false;
  for (const auto& m : p.models)
    if (!m.done) return false;
  return true;
}

// The record's requests in the order they first ran, each checked field by field: a field of another kind drops
// the request (and says so), it is never half-read.
std::vector<nlohmann::json> requests_of(const nlohmann::json& j, std::vector<std::string>& notes) {
  std::vector<nlohmann::json> queue;
  auto damaged = [&notes](const std::string& what) {
    notes.push_back("the kept " + what + " is damaged and was not restored");
  };
  if (const auto c = j.find("compare"); c != j.end() && !c->is_null()) {
    if (is_text_list(field(*c, "sets")) && field(*c, "correction").is_number_integer() &&
        field(*c, "projection").is_number_integer()) {
      queue.push_back({{"do", "compare"}, {"request", *c}});
      // The UMAP map, when it was drawn, is computed again; then the map shows what it showed.
      queue.push_back({{"do", "projection"}, {"request", *c}});
    } else
      damaged("comparison");
  }
  if (const auto c = j.find("clusters"); c != j.end() && !c->is_null()) {
    if (field(*c, "set").is_string() && is_text_list(field(*c, "models")) && field(*c, "k").is_number_integer() &&
        field(*c, "k_max").is_number_integer() && field(*c, "seed").is_number_integer() &&
        field(*c, "margin").is_number()) {
      queue.push_back({{"do", "clusters"}, {"request", *c}});
      if (field(*c, "forest") == true) queue.push_back({{"do", "forest"}});
      if (field(*c, "map") == true) queue.push_back({{"do", "cluster_map"}});
    } else {
      damaged("clustering");
    }
  }
  if (const auto e = j.find("estimates"); e != j.end()) {
    if (!e->is_array()) {
      damaged("list of estimates");
    } else {
      for (const auto& x : *e)
        if (field(x, "set").is_string() && field(x, "model").is_string() && field(x, "online").is_boolean() &&
            field(x, "trees").is_number_integer() && field(x, "seed").is_number_integer())
          queue.push_back({{"do", "estimate"}, {"request", x}});
        else
          damaged("estimate");
    }
  }
  return queue;
}

// Starts one kept request, or says why it cannot run.
void start(AppState& state, FeatureSpacePanel& p, const nlohmann::json& step) {
  const std::string what = field(step, "do").get<std::string>();
  if (what == "forest") {
    if (p.clusters) request_cluster_forest(p);
    return;
  }
  if (what == "cluster_map") {
    if (p.clusters) request_cluster_map(p);
    return;
  }
  if (what == "projection") {
    p.projection = field(field(step, "request"), "projection").get<int>();
    return;
  }
  const nlohmann::json& r = field(step, "request");
  auto missing = [&](const std::vector<std::string>& names) {
    for (const auto& n : names)
      if (!set_loaded(state, n)) {
        p.restore.notes.push_back("the " + what + " of " + n + " was not restored: " + n + " is no longer loaded");
        return true;
      }
    return false;
  };
  if (field(r, "llm") == true)
    p.restore.notes.push_back("the " + what +
                              " was computed again from the rules' features only: the LLM features' answers are "
                              "not asked again after a reload (Feature space > LLM features; the replay store "
                              "answers them)");
  if (what == "compare") {
    const auto sets = field(r, "sets").get<std::vector<std::string>>();
    if (missing(sets)) return;
    p.compare_sets = sets;
    p.correction = field(r, "correction").get<int>();
    p.projection = field(r, "umap") == true ? 1 : field(r, "projection").get<int>();
    request_compare(state, p);
  } else if (what == "clusters") {
    const auto models = field(r, "models").get<std::vector<std::string>>();
    std::vector<std::string> names = models;
    names.push_back(field(r, "set").get<std::string>());
    if (missing(names)) return;
    p.cluster_set = field(r, "set").get<std::string>();
    p.cluster_models = models;
    p.k = field(r, "k").get<int>();
    p.k_max = field(r, "k_max").get<int>();
    p.seed = field(r, "seed").get<int>();
    p.margin = field(r, "margin").get<float>();
    request_clusters(state, p);
  } else if (what == "estimate") {
    if (missing({field(r, "set").get<std::string>(), field(r, "model").get<std::string>()})) return;
    p.estimate_set = field(r, "set").get<std::string>();
    p.estimate_model = field(r, "model").get<std::string>();
    p.online = field(r, "online").get<bool>();
    p.trees = field(r, "trees").get<int>();
    p.seed = field(r, "seed").get<int>();
    request_estimate(state, p);
  }
}

}  // namespace

void remember_feature_space(const FeatureSpacePanel& panel) {
  if (!panel.restore.read || panel.restore.active) return;  // a restore writes once, when it is over
  nlohmann::json j = {{"compare", panel.comparison ? panel.compare_request : nlohmann::json()},
                      {"clusters", panel.clusters ? panel.cluster_request : nlohmann::json()},
                      {"estimates", nlohmann::json::array()}};
  if (j["compare"].is_object()) {
    j["compare"]["projection"] = panel.projection;
    j["compare"]["umap"] = !panel.comparison->umap_map.empty();
  }
  if (j["clusters"].is_object()) {
    j["clusters"]["forest"] = panel.forest.has_value();
    j["clusters"]["map"] = panel.cluster_map.has_value();
  }
  for (const auto& k : panel.kept_estimates) {
    const SetFeatures* f = finished_features(panel, k.set);
    j["estimates"].push_back({{"set", k.set},
                              {"model", k.model},
                              {"online", k.online},
                              {"trees", k.trees},
                              {"seed", k.seed},
                              {"llm", f && f->llm_answers.has_value()}});
  }
  std::ofstream(kMemoryPath, std::ios::binary) << j.dump();
  persist_workspace();
}

void step_feature_space_restore(AppState& state, FeatureSpacePanel& panel) {
  auto& r = panel.restore;
  if (!r.read) {
    if (workspace_restoring() > 0) return;
    r.read = true;
    restore_rewrite_run(panel.rewrite, r.notes);  // figures only: nothing to compute again
    const auto text = read_file(kMemoryPath);
    if (!text.ok()) return;
    const auto j = nlohmann::json::parse(*text, nullptr, false);
    if (!j.is_object()) {
      r.notes.push_back("the kept Feature space results (" + std::string(kMemoryPath) +
                        ") are not a JSON object and were not restored");
      return;
    }
    r.queue = requests_of(j, r.notes);
    r.active = !r.queue.empty();
    return;
  }
  if (!r.active || !idle(panel)) return;
  if (!panel.error.empty()) {
    r.notes.push_back("a kept result was not restored: " + panel.error);
    panel.error.clear();
  }
  if (r.queue.empty()) {
    r.active = false;
    remember_feature_space(panel);
    return;
  }
  const nlohmann::json step = r.queue.front();
  r.queue.erase(r.queue.begin());
  start(state, panel, step);
}

nlohmann::json feature_space_restore_json(const FeatureSpacePanel& panel) {
  const auto& r = panel.restore;
  return {{"state", !r.read    ? "waiting"
                    : r.active ? "restoring"
                               : "done"},
          {"left", r.queue.size()},
          {"notes", r.notes}};
}

}  // namespace chokepoint::web
