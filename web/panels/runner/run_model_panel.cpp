// Run a model: plan -> preview -> confirm -> calls stepped each frame -> prediction sets -> Metrics. The drawing is
// run_model_view.cpp.
#include "web/panels/runner/run_model_panel.h"
#include "web/widgets/prompt_pager.h"

#include <imgui.h>

#include <algorithm>
#include <set>

#include "core/dataset/bird_writer.h"
#include "core/dataset/eval_set_loader.h"
#include "web/bridge/file_bridge.h"
#include "web/bridge/local_store.h"
#include "web/llm/llm_session.h"
#include "web/llm/session_batch_run.h"
#include "web/panels/metrics/metrics_run.h"
#include "web/panels/runner/model_run_memory.h"
#include "web/widgets/enum_combo.h"
#include "web/widgets/item_places.h"
#include "web/widgets/string_input.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"
#include "web/workspace/made_set.h"
#include "web/workspace/workspace.h"

namespace chokepoint::web {
namespace {}  // namespace

std::string prediction_set_name(const std::string& source, const std::string& format) {
  return made_set_stem(source) + "." + format + ".pred.json";
}

namespace {

// Each format's predictions as a loaded prediction set (replacing one of the same name) and a file to download;
// with a limit, the first N items of the set too, as the gold they are scored against.
void publish_run_model(AppState& state, RunModelPanel& panel) {
  panel.published.clear();
  // Files in the workspace, so a reload reopens them with the user's other files (model_run_memory.h).
  const auto keep = keep_made_file;
  if (panel.gold_name != panel.source_name)
    put_set(state,
            LoadedSet{panel.gold_name, keep(panel.gold_name, write_bird_dev_json(panel.job->set())), panel.job->set()});
  for (const auto& format : panel.job->format_names()) {
    const std::string name = prediction_set_name(panel.source_name, format);
    auto path = put_made_set(state, name, runner::write_bird_predictions(panel.job->predictions(format)), true,
                             MadeSetKept::Workspace);
    if (!path.ok()) {
      notify(state, path.error(), true);
      continue;
    }
    panel.published.push_back(name);
  }
}

}  // namespace

RunModelPanel& run_model_panel(AppState& state) { return state.panels.get<RunModelPanel>(); }

void evaluate_published(AppState& state, RunModelPanel& panel, size_t which) {
  if (which >= panel.published.size()) return;
  const int gold = find_set(state, panel.gold_name), pred = find_set(state, panel.published[which]);
  const auto current = current_evaluation(state);
  if (gold < 0 || pred < 0 || (current && !current->done)) return;
  follow_new_sets(state);
  state.runs.gold_set = gold;
  state.runs.pred_set = pred;
  state.runs.request_run = true;
}

namespace {
const char* const kTemplateKey = "chokepoint.user_template";
}  // namespace

void remember_user_template(const RunModelPanel& panel) {
  const nlohmann::json j = {{"use", panel.use_template},
                            {"source", panel.user_template.source},
                            {"schema", panel.user_template.schema == runner::SchemaStyle::Ddl ? "DDL" : "SimpleDDL"},
                            {"postfix", panel.user_template.postfix == PromptPostfix::Chat ? "Chat" : "Complete"}};
  local_set(kTemplateKey, j.dump());
}

void restore_user_template(RunModelPanel& panel) {
  if (panel.template_restored) return;
  panel.template_restored = true;
  const auto j = nlohmann::json::parse(local_get(kTemplateKey), nullptr, false);
  if (j.is_discarded() || !j.is_object()) return;
  panel.use_template = j.value("use", false);
  if (j.contains("source") && j["source"].is_string()) panel.user_template.source = j["source"].get<std::string>();
  panel.user_template.schema =
      j.value("schema", "") == "DDL" ? runner::SchemaStyle::Ddl : runner::SchemaStyle::SimpleDdl;
  panel.user_template.postfix = j.value("postfix", "") == "Complete" ? PromptPostfix::Complete : PromptPostfix::Chat;
}

bool plan_model_job(AppState& state, RunModelPanel& panel) {
  panel.error.clear();
  panel.preview.reset();
  panel.interrupted_note.clear();
  panel.taking_replayed = false;
  if (panel.job && panel.job->running()) {
    panel.error = "a model run is going on; cancel it first";
    return false;
  }
  const auto& sets = state.eval_sets.sets;
  if (panel.source_set < 0 || panel.source_set >= static_cast<int>(sets.size()) ||
      sets[static_cast<size_t>(panel.source_set)].predictions) {
    panel.error = "choose an evaluation set with questions";
    return false;
  }
  if (panel.formats.empty() && !panel.use_template) {
    panel.error = "choose at least one prompt format";
    return false;
  }
  const LoadedSet& source = sets[static_cast<size_t>(panel.source_set)];
  const PromptLibrary* session_library = session_prompts();
  if (!session_library) {
    panel.error = "prompt templates: " + session_prompts_error();
    return false;
  }
  PromptLibrary library = *session_library;  // plus the user's template when it is chosen
  const PromptLibrary* prompts = &library;
  auto endpoint = usable_session_endpoint();
  if (!endpoint.ok()) {
    panel.error = endpoint.error();
    return false;
  }
  std::vector<runner::PromptFormat> formats;
  for (const auto& name : panel.formats) {
    auto f = runner::prompt_format_from_name(name);
    if (!f.ok()) {
      panel.error = f.error();
      return false;
    }
    formats.push_back(*f);
  }
  if (panel.use_template) {
    auto custom = runner::add_user_template(library, panel.user_template);
    if (!custom.ok()) {
      panel.error = custom.error();
      return false;
    }
    formats.push_back(*custom);
  }
  EvalSet set = source.set;
  if (panel.limit > 0 && set.items.size() > static_cast<size_t>(panel.limit))
    set.items.resize(static_cast<size_t>(panel.limit));
  std::map<std::string, Schema> schemas;
  std::map<std::string, runner::SampleRows> samples;
  std::set<std::string> missing;
  for (const auto& it : set.items) {
    if (schemas.count(it.db_id) || missing.count(it.db_id)) continue;
    const LoadedDatabase* db = find_database(state, it.db_id);
    if (!db) {
      missing.insert(it.db_id);
      continue;
    }
    schemas[it.db_id] = db->schema;
    if (panel.sample_rows > 0 && db->connection && !db->schema_only)
      samples[it.db_id] = runner::read_sample_rows(*db->connection, db->schema, panel.sample_rows);
  }
  if (!missing.empty()) {
    panel.error = "load the databases of this set first (Databases tab): " + *missing.begin() +
                  (missing.size() > 1 ? " and " + std::to_string(missing.size() - 1) + " more" : "");
    return false;
  }
  runner::SchemaRenderOptions options;
  options.foreign_keys = panel.foreign_keys;
  options.sample_rows = panel.sample_rows;
  auto tasks = runner::plan_predictions(set, schemas, formats, options, *prompts, samples);
  if (!tasks.ok()) {
    panel.error = tasks.error();
    return false;
  }
  panel.job =
      std::make_unique<runner::PredictionJob>(std::move(set), std::move(*tasks), session_request({}),
                                              endpoint->provider, TokenPrices{panel.input_price, panel.output_price});
  panel.source_name = source.name;
  panel.gold_name =
      panel.job->set().items.size() < source.set.items.size()
          ? made_set_stem(source.name) + ".first" + std::to_string(panel.job->set().items.size()) + ".json"
          : source.name;
  panel.published.clear();
  panel.preview_endpoint = session_destination(*endpoint);
  panel.model_name = session_request({}).model;
  return true;
}

namespace {
void open_preview(RunModelPanel& panel) {
  panel.preview = panel.job->plan(&session_replay());
  (void)panel.life.open_preview(plan_facts(*panel.preview, panel.preview_endpoint, panel.model_name));
  panel.preview_format = 0;
}
}  // namespace

void prepare_model_run(AppState& state, RunModelPanel& panel) {
  if (plan_model_job(state, panel)) open_preview(panel);
}

void discard_model_preview(RunModelPanel& panel) {
  panel.preview.reset();
  panel.life.discard();
  // An interrupted run the user chose not to finish is not offered again after the next reload.
  if (!panel.interrupted_note.empty()) remember_model_run(panel, ModelRunState::Abandoned);
  panel.interrupted_note.clear();
}

void confirm_model_run(AppState& state, RunModelPanel& panel) {
  if (!panel.job || !panel.preview) return;
  panel.preview.reset();
  auto endpoint = confirm_batch_endpoint(panel.life);
  if (!endpoint.ok()) {
    panel.error = endpoint.error();
    return;
  }
  panel.persisted_calls = panel.job->usage().network_calls;
  panel.interrupted_note.clear();
  panel.job->start(*endpoint, session_transport(), &session_replay(), session_limits());
  remember_model_run(panel, ModelRunState::Unfinished);  // a reload from here on finds it and takes its answers back
  notify(state, "model run: " + std::to_string(panel.job->tasks().size()) + " prompts");
}

void step_model_run(AppState& state, RunModelPanel& panel, double budget_ms) {
  restore_model_run(state, panel);
  if (panel.taking_replayed && panel.job) {
    // A key hashes the whole prompt: 256 KiB of prompts a frame keeps a BIRD-sized run's frames short.
    if (!panel.job->take_replayed(session_replay(), 256 * 1024)) return;
    panel.taking_replayed = false;
    const size_t kept = panel.job->answered(), total = panel.job->tasks().size();
    panel.interrupted_note = "A reload interrupted this run: " + std::to_string(kept) + " of " + std::to_string(total) +
                             " answers had arrived and are kept (from the replay store, nothing sent for them). "
                             "Confirm to ask for the other " +
                             std::to_string(total - kept) + ".";
    open_preview(panel);
    notify(state, "model run interrupted by a reload: " + std::to_string(kept) + " of " + std::to_string(total) +
                      " answers kept");
    return;
  }
  // The evaluation first: the table waits for the Metrics panel's run it asks for (model_table.h).
  if (panel.evaluate_next_frame) {
    panel.evaluate_next_frame = false;
    evaluate_published(state, panel, 0);
  }
  if (step_model_table(state, panel.table, budget_ms)) remember_model_table(panel);
  step_linking(state, panel.linking);
  step_retrieval(state, panel.retrieval);
  step_bigtable(state, panel.bigtable, panel.source_set, budget_ms);
  if (!panel.job || !panel.job->running()) {
    panel.was_running = false;
    return;
  }
  panel.was_running = true;
  panel.job->step(session_now_ms());
  const UsageTotals usage = panel.job->usage();
  const bool finished = !panel.job->running();
  if (usage.network_calls != panel.persisted_calls || finished) {
    panel.persisted_calls = usage.network_calls;
    persist_replay();
  }
  if (!finished) return;
  panel.life.finish(false);
  publish_run_model(state, panel);
  std::vector<std::string> formats, names;  // the formats whose predictions were published, for 004 Table 3
  for (const auto& f : panel.job->format_names()) {
    const std::string name = prediction_set_name(panel.source_name, f);
    if (std::find(panel.published.begin(), panel.published.end(), name) == panel.published.end()) continue;
    formats.push_back(f);
    names.push_back(name);
  }
  queue_model_table(panel.table, panel.gold_name, panel.model_name, formats, names);
  panel.table.stale_run = current_evaluation(state);
  remember_model_run(panel, ModelRunState::Finished);  // with the table's new cells still to score
  const size_t ok = panel.job->count(runner::PredictionStatus::Ok);
  notify(state,
         "model run: " + std::to_string(ok) + " of " + std::to_string(panel.job->tasks().size()) +
             " answers gave SQL (" + std::to_string(usage.network_calls) + " calls, " + std::to_string(usage.replayed) +
             " replayed)",
         ok < panel.job->tasks().size());
  // Publishing a set of thousands and starting its evaluation are each a good part of a frame: not the same one.
  panel.evaluate_next_frame = panel.evaluate_when_done;
}

nlohmann::json run_model_state_json(const RunModelPanel& panel) {
  nlohmann::json j = {{"error", panel.error},
                      {"interrupted", panel.interrupted_note},
                      {"taking_replayed", panel.taking_replayed},
                      {"source", panel.source_name},
                      {"limit", panel.limit},
                      {"rows", panel.sample_rows},
                      {"fk", panel.foreign_keys},
                      {"prices", {panel.input_price, panel.output_price}},
                      {"formats", panel.formats},
                      {"published", panel.published},
                      {"gold", panel.gold_name},
                      {"model_table", model_table_json(panel.table)},
                      {"linking", linking_view_json(panel.linking)},
                      {"bigtable", bigtable_view_json(panel.bigtable)},
                      {"retrieval", retrieval_view_json(panel.retrieval)},
                      {"template",
                       {{"use", panel.use_template},
                        {"source", panel.user_template.source},
                        {"problems", runner::user_template_problems(panel.user_template.source)}}}};
  if (panel.preview) {
    nlohmann::json first = nlohmann::json::object();
    for (const auto& c : panel.preview->calls)
      if (!first.contains(c.format)) first[c.format] = c.prompt;
    j["preview"] = {
        {"destination", panel.preview_endpoint},           {"calls", panel.preview->calls.size()},
        {"network_calls", panel.preview->network_calls},   {"estimated_tokens", panel.preview->estimated_tokens},
        {"estimated_cost", panel.preview->estimated_cost}, {"first_prompt", first}};
  }
  if (!panel.job) return j;
  const auto u = panel.job->usage();
  j["running"] = panel.job->running();
  j["batch"] = panel.life.json();
  j["cancelled"] = panel.job->stopped() == SchedulerStop::Cancelled;
  j["total"] = panel.job->tasks().size();
  j["answered"] = panel.job->answered();
  j["ok"] = panel.job->count(runner::PredictionStatus::Ok);
  j["no_sql"] = panel.job->count(runner::PredictionStatus::NoSql);
  j["llm_error"] = panel.job->count(runner::PredictionStatus::LlmError);
  j["usage"] = {{"network_calls", u.network_calls},
                {"replayed", u.replayed},
                {"retries", u.retries},
                {"prompt_tokens", u.prompt_tokens},
                {"completion_tokens", u.completion_tokens},
                {"cost", u.cost}};
  return j;
}

}  // namespace chokepoint::web
