// The last model run in the workspace (see model_run_memory.h).
#include "web/panels/runner/model_run_memory.h"

#include <fstream>

#include <nlohmann/json.hpp>

#include "core/base/file_text.h"
#include "web/llm/llm_session.h"
#include "web/panels/runner/linking_memory.h"
#include "web/panels/runner/model_table.h"
#include "web/panels/runner/retrieval_memory.h"
#include "web/workspace/workspace.h"

namespace chokepoint::web {
namespace {

const char* const kManifestPath = "/workspace/model_run.json";

const char* state_name(ModelRunState s) {
  switch (s) {
    case ModelRunState::Unfinished:
      return "unfinished";
    case ModelRunState::Finished:
      return "finished";
    case ModelRunState::Abandoned:
      break;
  }
  return "abandoned";
}

// Null when there is none or it is not a JSON object (a damaged manifest is ignored, never half-applied).
nlohmann::json read_manifest() {
  const auto text = read_file(kManifestPath);
  if (!text.ok()) return nlohmann::json();
  auto j = nlohmann::json::parse(*text, nullptr, false);
  return j.is_object() ? j : nlohmann::json();
}

void write_manifest(const nlohmann::json& j) {
  std::ofstream(kManifestPath, std::ios::binary) << j.dump(2);
  persist_workspace();
}

template <typename T>
T number_or(const nlohmann::json& j, const char* key, T fallback) {
  return j.contains(key) && j[key].is_number() ? j[key].get<T>() : fallback;
}

std::vector<std::string> strings_of(const nlohmann::json& j, const char* key) {
  std::vector<std::string> out;
  if (!j.contains(key) || !j[key].is_array()) return out;
  for (const auto& s : j[key])
    if (s.is_string()) out.push_back(s.get<std::string>());
  return out;
}

// The choices of the manifest's run, back in the panel's pickers.
void apply_choices(AppState& state, RunModelPanel& panel, const nlohmann::json& j) {
  const int set = find_set(state, j.value("set", ""));
  if (set >= 0) panel.source_set = set;
  if (j.contains("formats")) panel.formats = strings_of(j, "formats");
  panel.sample_rows = number_or(j, "rows", panel.sample_rows);
  panel.foreign_keys = j.value("fk", panel.foreign_keys);
  panel.limit = number_or(j, "limit", panel.limit);
  panel.input_price = number_or(j, "input_price", panel.input_price);
  panel.output_price = number_or(j, "output_price", panel.output_price);
  panel.evaluate_when_done = j.value("evaluate", panel.evaluate_when_done);
}

}  // namespace

void remember_model_run(const RunModelPanel& panel, ModelRunState run_state) {
  nlohmann::json j = {{"state", state_name(run_state)},
                      {"set", panel.source_name},
                      {"formats", panel.formats},
                      {"template", panel.use_template},
                      {"rows", panel.sample_rows},
                      {"fk", panel.foreign_keys},
                      {"limit", panel.limit},
                      {"input_price", panel.input_price},
                      {"output_price", panel.output_price},
                      {"evaluate", panel.evaluate_when_done},
                      {"model", panel.model_name},
                      {"gold", panel.gold_name},
                      {"published", panel.published},
                      {"table", model_table_memory(panel.table)},
                      {"retrieval", retrieval_table_memory(panel.retrieval.table)},
                      {"linking", linking_memory(panel.linking)}};
  // Cells and rows not yet read back (a run started before the workspace's files were) are kept, not overwritten.
  if (!panel.run_restored) {
    const nlohmann::json old = read_manifest();
    if (panel.retrieval.table.empty() && old.is_object() && old.contains("retrieval"))
      j["retrieval"] = old["retrieval"];
    if (panel.linking.rows.empty() && old.is_object() && old.contains("linking")) j["linking"] = old["linking"];
  }
  if (panel.job) {
    j["total"] = panel.job->tasks().size();
    j["answered"] = panel.job->answered();
  }
  write_manifest(j);
}

void remember_model_table(const RunModelPanel& panel) {
  nlohmann::json j = read_manifest();
  if (j.is_null()) j = nlohmann::json::object();
  j["table"] = model_table_memory(panel.table);
  write_manifest(j);
}

void remember_retrieval_table(const RetrievalView& view) {
  nlohmann::json j = read_manifest();
  if (j.is_null()) j = nlohmann::json::object();
  j["retrieval"] = retrieval_table_memory(view.table);
  write_manifest(j);
}

void remember_linking(const LinkingView& view) {
  nlohmann::json j = read_manifest();
  if (j.is_null()) j = nlohmann::json::object();
  j["linking"] = linking_memory(view);
  write_manifest(j);
}

void restore_model_run(AppState& state, RunModelPanel& panel) {
  if (panel.run_restored || workspace_restoring() > 0) return;  // the sets it names may still be on their way in
  panel.run_restored = true;
  const nlohmann::json j = read_manifest();
  if (j.is_null()) return;
  // The Retrieval tab's cells, unless a retrieval finished in this page before the workspace was back.
  if (j.contains("retrieval") && panel.retrieval.table.empty())
    panel.retrieval.table = restore_retrieval_table(j["retrieval"]);
  // The Schema linking rows, the same way.
  if (j.contains("linking")) restore_linking(panel.linking, j["linking"]);
  if (panel.job || panel.preview) return;  // the user planned a run before the workspace was back: theirs stands
  apply_choices(state, panel, j);
  if (j.contains("table")) restore_model_table(panel.table, j["table"]);
  const std::string run_state = j.value("state", "");
  if (run_state == "finished") {
    panel.source_name = j.value("set", "");
    panel.gold_name = j.value("gold", "");
    panel.model_name = j.value("model", "");
    for (const auto& name : strings_of(j, "published"))
      if (find_set(state, name) >= 0) panel.published.push_back(name);
    return;
  }
  if (run_state != "unfinished") return;
  const std::string received =
      std::to_string(number_or<size_t>(j, "answered", 0)) + " of " + std::to_string(number_or<size_t>(j, "total", 0));
  if (find_set(state, j.value("set", "")) < 0) {
    panel.error = "A reload interrupted a model run on " + j.value("set", std::string("a set")) +
                  ", which is no longer loaded. Its " + received +
                  " answers stay in the replay store: open the set and preview the run again to reuse them.";
    return;
  }
  restore_user_template(panel);  // the thirteenth format's template, kept in this browser
  load_llm_settings_once();      // the endpoint and model of the LLM tab, before its panel is first stepped
  if (!plan_model_job(state, panel)) {
    panel.error = "A reload interrupted a model run on " + j.value("set", std::string()) + " (" + received +
                  " answers received, kept in the replay store), and it cannot be planned again yet: " + panel.error +
                  ". Then press Preview prompts: the answers kept are replayed, not asked again.";
    return;
  }
  panel.taking_replayed = true;
}

}  // namespace chokepoint::web
