// The Run a model panel's registration and page commands (tests and scripts drive the same state the buttons do):
//   {"do": "run_model", "set": NAME, "formats": ["SimpleDDL-MD-Chat", ...], "rows": N, "fk": bool, "limit": N,
//    "input_price": X, "output_price": Y, "evaluate": bool,
//    "template": {"source": MUSTACHE, "schema": "DDL"|"SimpleDDL", "postfix": "Chat"|"Complete"} or false}
//                                                          -> plans and opens the preview; sends nothing
//   {"do": "run_model_confirm"}                              -> Confirm and send
//   {"do": "run_model_cancel"} / {"do": "run_model_resume"}
#include "web/panel_registry.h"
#include "web/panels/runner/run_model_panel.h"

namespace chokepoint::web {
namespace {

void run_model_command(AppState& state, const nlohmann::json& cmd) {
  auto& panel = run_model_panel(state);
  const int set = find_set(state, cmd.value("set", ""));
  if (set < 0) return notify(state, "run_model: no loaded set named " + cmd.value("set", ""), true);
  panel.source_set = set;
  if (cmd.contains("formats") && cmd["formats"].is_array()) {
    panel.formats.clear();
    for (const auto& f : cmd["formats"])
      if (f.is_string()) panel.formats.push_back(f.get<std::string>());
  }
  panel.sample_rows = cmd.value("rows", 0);
  panel.foreign_keys = cmd.value("fk", true);
  panel.limit = cmd.value("limit", 0);
  panel.input_price = cmd.value("input_price", 0.0);
  panel.output_price = cmd.value("output_price", 0.0);
  panel.evaluate_when_done = cmd.value("evaluate", true);
  restore_user_template(panel);
  if (cmd.contains("template")) {
    const auto& t = cmd["template"];
    panel.use_template = t.is_object();
    if (t.is_object()) {
      panel.user_template.source = t.value("source", "");
      panel.user_template.schema =
          t.value("schema", "") == "DDL" ? runner::SchemaStyle::Ddl : runner::SchemaStyle::SimpleDdl;
      panel.user_template.postfix =
          t.value("postfix", "") == "Complete" ? PromptPostfix::Complete : PromptPostfix::Chat;
    }
    remember_user_template(panel);
  }
  prepare_model_run(state, panel);
  if (!panel.error.empty()) notify(state, "run_model: " + panel.error, true);
}

const PanelRegistrar run_model_commands_registrar{
    {"Run a model", 55, [](AppState& s) { draw_run_model_panel(s, run_model_panel(s)); },
     [](AppState& s, double budget) { step_model_run(s, run_model_panel(s), budget); },
     [](AppState& s) { return run_model_state_json(run_model_panel(s)); }}};
const PageCommandRegistrar run_registrar{"run_model", run_model_command};
// {"do": "link_run", "method": "zero-shot" | "few-shot" | "presql" | "few-shot+presql", "fk": bool, "top_k": N,
// "set"?: NAME (the panel's set)}:
// the schema-linking section's choices and its "Link..." button; {"do": "link_confirm"} / {"do": "link_cancel"}.
const PageCommandRegistrar link_registrar{
    "link_run", [](AppState& s, const nlohmann::json& cmd) {
      auto& panel = run_model_panel(s);
      const std::string m = cmd.value("method", std::string("zero-shot"));
      panel.linking.method = m == "few-shot" ? 1 : m == "presql" ? 2 : m == "few-shot+presql" ? 3 : 0;
      panel.linking.foreign_keys = cmd.value("fk", false);
      panel.linking.top_k = cmd.value("top_k", 0);
      if (cmd.contains("set")) panel.source_set = find_set(s, cmd.value("set", ""));
      prepare_linking(s, panel.linking, panel.source_set);
    }};
const PageCommandRegistrar link_confirm_registrar{
    "link_confirm", [](AppState& s, const nlohmann::json&) { confirm_linking(s, run_model_panel(s).linking); }};
const PageCommandRegistrar link_cancel_registrar{
    "link_cancel", [](AppState& s, const nlohmann::json&) { cancel_linking(s, run_model_panel(s).linking); }};
// {"do": "retrieval_run", "approach": "full-schema" | "tcsl" | "scsl", "variant": "O/O" | "L/O" | "O/L" | "L/L",
// "fk": bool, "set"?: NAME}: the Retrieval tab's choices and its "Retrieve..." button (the variant guessed from the
// set's databases when absent); {"do": "retrieval_confirm"} / {"do": "retrieval_cancel"}.
const PageCommandRegistrar retrieval_registrar{
    "retrieval_run", [](AppState& s, const nlohmann::json& cmd) {
      auto& panel = run_model_panel(s);
      auto& view = panel.retrieval;
      const std::string a = cmd.value("approach", std::string("tcsl"));
      view.approach = a == "full-schema" ? 0 : a == "scsl" ? 2 : 1;
      if (cmd.contains("set")) panel.source_set = find_set(s, cmd.value("set", ""));
      const std::string v = cmd.value("variant", std::string());
      view.variant = v == "O/O" ? 0 : v == "L/O" ? 1 : v == "O/L" ? 2 : v == "L/L" ? 3 : -1;
      view.foreign_keys = cmd.value("fk", false);
      prepare_retrieval(s, view, panel.source_set);
    }};
const PageCommandRegistrar retrieval_confirm_registrar{"retrieval_confirm", [](AppState& s, const nlohmann::json&) {
                                                         confirm_retrieval(s, run_model_panel(s).retrieval);
                                                       }};
const PageCommandRegistrar retrieval_cancel_registrar{
    "retrieval_cancel", [](AppState& s, const nlohmann::json&) { cancel_retrieval(s, run_model_panel(s).retrieval); }};
// {"do": "bigtable_build", "set"?: NAME (the panel's set), "per_stratum": N, "seed": S, "filter_change": bool,
// "rename": bool, "rename_by_model": bool, "expand": bool}: the BigTable tab's choices and its Build button.
const PageCommandRegistrar bigtable_registrar{
    "bigtable_build", [](AppState& s, const nlohmann::json& cmd) {
      auto& panel = run_model_panel(s);
      if (cmd.contains("set")) panel.source_set = find_set(s, cmd.value("set", ""));
      panel.bigtable.per_stratum = cmd.value("per_stratum", panel.bigtable.per_stratum);
      panel.bigtable.seed = cmd.value("seed", panel.bigtable.seed);
      panel.bigtable.change_filters = cmd.value("filter_change", panel.bigtable.change_filters);
      panel.bigtable.rename = cmd.value("rename", panel.bigtable.rename);
      panel.bigtable.rename_by_model = cmd.value("rename_by_model", panel.bigtable.rename_by_model);
      panel.bigtable.expand = cmd.value("expand", panel.bigtable.expand);
      start_bigtable(s, panel.bigtable, panel.source_set);
    }};
// {"do": "bigtable_rename_confirm"}: Confirm of the rename step's preview.
const PageCommandRegistrar bigtable_rename_confirm_registrar{
    "bigtable_rename_confirm",
    [](AppState& s, const nlohmann::json&) { confirm_bigtable_rename(run_model_panel(s).bigtable); }};
const PageCommandRegistrar run_model_commands_confirm_registrar{
    "run_model_confirm", [](AppState& s, const nlohmann::json&) { confirm_model_run(s, run_model_panel(s)); }};
const PageCommandRegistrar run_model_commands_cancel_registrar{"run_model_cancel",
                                                               [](AppState& s, const nlohmann::json&) {
                                                                 if (auto& p = run_model_panel(s); p.job)
                                                                   p.job->cancel();
                                                               }};
const PageCommandRegistrar resume_registrar{"run_model_resume", [](AppState& s, const nlohmann::json&) {
                                              if (auto& p = run_model_panel(s); p.job) p.job->resume();
                                            }};

}  // namespace
}  // namespace chokepoint::web
