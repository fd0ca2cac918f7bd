// De-naturalised variants in the browser: core/tqa/denat_job driven by frames, then the result added to the app.
#include "web/panels/tqa/tqa_denat_run.h"

#include <cstdio>

#include "core/base/file_text.h"
#include "core/base/path_part.h"
#include "core/dataset/bird_writer.h"
#include "core/dataset/eval_set_loader.h"
#include "core/metrics/pair_evaluation.h"
#include "core/tqa/less_natural_name.h"
#include "core/tqa/naturalness.h"
#include "web/llm/llm_session.h"
#include "web/panels/metrics/metrics_run.h"
#include "web/panels/studies/study_sources.h"
#include "web/workspace/made_database.h"
#include "web/workspace/made_set.h"
#include "web/workspace/workspace.h"

namespace chokepoint::web {
namespace {

// Adds the variant database (read-only, like every browsable database) and its set to the app.
void add_variant(AppState& state, DenatRun& run) {
  run.job->close_renamed();  // close the read-write connection before reopening the file
  if (auto added = add_made_database(state, {run.variant_id, run.db_path}, "denaturalised"); !added.ok()) {
    run.error = added.error();
    return;
  }

  EvalSet set;
  set.format = DatasetFormat::BirdDevJson;
  for (const auto& r : run.job->results()) {
    if (!r.kept) continue;
    EvalItem t = r.in_setting(run.setting);
    t.db_id = run.variant_id;
    set.items.push_back(std::move(t));
  }
  if (auto st = write_file(run.set_path, write_bird_dev_json(set)); !st.ok()) {
    run.error = st.error();
    return;
  }
  const std::string set_name = file_name_of(run.set_path);
  state.eval_sets.sets.push_back({set_name, run.set_path, std::move(set)});
  if (workspace_available()) persist_workspace();
  run.finished = true;
  notify(state, "created " + run.variant_id + " (" + tqa::denat_setting_name(run.setting) +
                    "): " + std::to_string(run.kept()) + " of " + std::to_string(run.checked()) + " items kept");
}

}  // namespace

tqa::RenamePlan heuristic_rename_plan(const Lexicon& lex, const Schema& schema) {
  tqa::RenamePlan plan = tqa::plan_renames(
      schema, [&](const std::string& n) { return tqa::heuristic_naturalness(lex, n); }, tqa::abbreviate_identifier);
  plan.naturalness_source = tqa::NaturalnessSource::heuristic;
  plan.naming = "deterministic abbreviator";
  return plan;
}

Result<std::unique_ptr<DenatRun>> start_denat_run(const AppState& state, int db_index, int set_index,
                                                  const Lexicon& lex, tqa::DenatSetting setting, bool with_llm,
                                                  tqa::DenatKeepRule keep) {
  const auto& dbs = state.databases.databases;
  if (db_index < 0 || db_index >= static_cast<int>(dbs.size())) return Error{"choose a database"};
  const LoadedDatabase& source = dbs[static_cast<size_t>(db_index)];
  if (source.schema_only || !source.connection)
    return Error{source.schema.db_id + " has no rows (schema only): a variant needs the data to check gold results"};
  // The variant's files are named after the db_id (a tables.json entry could say "../x").
  if (auto named = check_path_part(source.schema.db_id, "db_id"); !named.ok()) return Error{named.error()};
  auto run = std::make_unique<DenatRun>();
  tqa::DenatLlm llm;
  if (with_llm) {
    auto endpoint = session_endpoint();
    if (!endpoint.ok()) return Error{"the LLM tab has no usable endpoint: " + endpoint.error()};
    const PromptLibrary* prompts = session_prompts();
    if (!prompts) return Error{"prompts: " + session_prompts_error()};
    run->scheduler =
        std::make_unique<CallScheduler>(*endpoint, session_transport(), &session_replay(), session_limits());
    run->scheduler->hold();  // the preview opens on the first calls; nothing leaves before Confirm
    run->preview_due = true;
    llm = {run->scheduler.get(), prompts, session_request({}), false};
  }
  run->source_db_id = source.schema.db_id;
  run->schema = source.schema;
  run->original = source.connection;
  run->setting = setting;
  run->with_llm = with_llm;
  std::vector<EvalItem> items;
  const auto& sets = state.eval_sets.sets;
  if (set_index >= 0 && set_index < static_cast<int>(sets.size()))
    for (const auto& i : sets[static_cast<size_t>(set_index)].set.items)
      if (iequals(i.db_id, run->source_db_id)) items.push_back(i);
  run->total = items.size();

  // A fresh name: toxicology_denat, toxicology_denat2, ... unused by loaded databases and existing files.
  const MadeDatabaseName made = fresh_made_database(state, run->source_db_id + "_denat");
  run->variant_id = made.db_id;
  run->db_path = made.path;
  run->set_path = made.path.substr(0, made.path.size() - std::string(".sqlite").size()) + ".json";

  tqa::DenatJobOptions options;
  options.renamed_path = run->db_path;
  options.limits.timeout_ms = 5000;
  options.require_renames = true;  // a variant equal to its source would only confuse
  options.keep_rule = keep;
  run->keep = keep;
  if (keep != tqa::DenatKeepRule::gold_result) {
    // The system's EX on the original items, as `tqa denat --keep-by` scores --pred: BIRD's semantics, the same set.
    const auto eval = current_evaluation(state);
    const std::string set_name =
        set_index >= 0 && set_index < static_cast<int>(sets.size()) ? sets[static_cast<size_t>(set_index)].name : "";
    if (!eval || !eval->done || eval->gold_name != set_name)
      return Error{"keeping items by the system's EX needs a finished evaluation of " +
                   (set_name.empty() ? std::string("the set") : set_name) +
                   " in Predictions & metrics (the system's predictions on the original)"};
    if (eval->options().semantics != ExSemantics::Bird)
      return Error{
          "keeping items by the system's EX takes BIRD's semantics, as SQLMorph and tqa denat --keep-by do: "
          "evaluate " +
          set_name + " with BIRD's semantics first"};
    options.system_ex = ex_by_pair_id(eval->pairs(), eval->items());
    run->ex_from = eval->gold_name + " vs " + eval->pred_name + ", BIRD's semantics";
  }
  run->job = std::make_unique<tqa::DenatJob>(run->schema, *run->original, std::move(items), lex, options, llm);
  return run;
}

Status publish_denat_settings(AppState& state, DenatRun& run) {
  if (!run.finished || !run.error.empty() || !run.job) return Error{"no finished variant"};
  std::vector<std::string> names;
  for (tqa::DenatSetting setting : tqa::kDenatSettings) {
    const EvalSet set = tqa::denat_setting_set(run.job->results(), setting, run.variant_id);
    const std::string name = run.variant_id + "." + tqa::denat_setting_file(setting) + ".json";
    auto path = put_made_set(state, name, write_bird_dev_json(set), false, MadeSetKept::Workspace);
    if (!path.ok()) return Error{path.error()};
    names.push_back(name);
  }
  run.settings_published = names;
  remember_denat_variant(
      state, {run.variant_id, run.source_db_id, std::move(names), tqa::rename_plan_json(run.job->plan()).dump()});
  notify(state, "added the four settings of " + run.variant_id + " to the Sets tab (" + run.variant_id +
                    ".O_O.json ... .L_L.json), " + std::to_string(run.kept()) + " items each");
  return ok_status();
}

Status confirm_denat_run(DenatRun& run) {
  if (!run.scheduler || !run.preview.open()) return Error{"no preview is open"};
  return confirm_held_preview(run.preview, *run.scheduler);
}

void step_denat_run(AppState& state, DenatRun& run, double budget_ms) {
  if (!run.running()) return;
  run.job->step(session_now_ms(), budget_ms);
  if (run.preview_due && run.job->waiting_for_llm()) {
    run.preview_due = false;
    const auto opened = open_held_preview(
        run.preview, *run.scheduler,
        "the names of the identifiers classified less natural than the setting wants, then each question and each "
        "evidence with the new names (one call each), as the answers to these calls decide.");
    if (!opened.ok()) run.error = opened.error();
  }
  if (!run.job->finished()) return;
  if (run.with_llm) {
    finish_held_preview(run.preview, false);
    persist_replay();
  }
  if (!run.job->error().empty()) {
    run.error = run.job->error();
    std::remove(run.db_path.c_str());
  } else {
    add_variant(state, run);
  }
  if (!run.error.empty()) notify(state, "variant of " + run.source_db_id + ": " + run.error, true);
}

void cancel_denat_run(DenatRun& run) {
  run.cancelled = true;
  if (run.scheduler) run.scheduler->cancel();
  finish_held_preview(run.preview, true);
  if (run.job) run.job->close_renamed();
  std::remove(run.db_path.c_str());  // a half-made copy is not a variant
}

}  // namespace chokepoint::web
