// Run a model > BigTable (see bigtable_view.h).
#include "web/panels/runner/bigtable_view.h"

#include <imgui.h>

#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <fstream>

#include "core/base/clock.h"
#include "core/dataset/bird_writer.h"
#include "web/bridge/file_bridge.h"
#include "web/bridge/lexicon_loader.h"
#include "web/llm/llm_session.h"
#include "web/panels/runner/bigtable_memory.h"
#include "web/widgets/flow_layout.h"
#include "web/widgets/item_places.h"
#include "web/widgets/json_rows_table.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"
#include "web/workspace/made_database.h"
#include "web/workspace/made_set.h"

namespace chokepoint::web {
namespace {

// Where a renamed copy is written while the build is under way: outside the workspace.
const char* const kBuildFolder = "/tmp/bigtable-build";

// A finished copy moves into the workspace (a copy of its bytes: the two folders are different file systems).
Status move_into_workspace(const std::string& from, const std::string& to) {
  {
    std::ifstream in(from, std::ios::binary);
    std::ofstream out(to, std::ios::binary | std::ios::trunc);
    if (!in || !out) return Error{"cannot write " + to};
    out << in.rdbuf();
    if (!out) return Error{"cannot write " + to + " (is the workspace full?)"};
  }
  std::remove(from.c_str());
  return ok_status();
}

// The renamed copies join the page's databases and the built set becomes a loaded set in BIRD's dev format.
void finish_bigtable(AppState& state, BigtableView& view) {
  view.running = false;
  view.done = true;
  view.resumed = false;
  forget_bigtable_build();
  const runner::BigtableJob& job = *view.job;
  if (!job.error().empty()) {
    view.error = job.error();
    for (const auto& c : job.renamed()) std::remove(c.path.c_str());  // half-made copies are not databases
    return;
  }
  for (const auto& c : job.renamed()) {
    const auto place = view.copy_places.find(c.db_id);
    if (place == view.copy_places.end()) {
      view.error = "internal error: no place for the renamed copy " + c.db_id;
      return;
    }
    if (auto moved = move_into_workspace(c.path, place->second); !moved.ok()) {
      view.error = moved.error();
      return;
    }
    if (auto added = add_made_database(state, {c.db_id, place->second}, "bigtable"); !added.ok()) {
      view.error = added.error();
      return;
    }
    view.databases.push_back(c.db_id);
  }
  view.notes.insert(view.notes.end(), job.notes().begin(), job.notes().end());
  const std::string name = made_set_stem(view.source) + ".bigtable.json";
  auto path = put_made_set(state, name, write_bird_dev_json(job.built()), false, MadeSetKept::Workspace);
  if (!path.ok()) {
    view.error = path.error();
    return;
  }
  view.published = name;
  view.published_path = *path;
  notify(state, "BigTable: " + name + " built, " + std::to_string(job.built().items.size()) + " items");
}

// The expansion step when the >3 stratum is short: three-table items one join longer, their questions the model's.
// The rename step's model: the LLM tab's, on a held scheduler (its preview opens when the step first waits for
// answers). Returns why the heuristic classifies the names instead, or "" when the model will.
std::string set_up_rename_model(BigtableView& view, runner::BigtableOptions& options) {
  if (!view.rename_by_model) return "\"the model classifies the names\" is off";
  auto endpoint = usable_session_endpoint();
  if (!endpoint.ok()) return endpoint.error();
  const PromptLibrary* prompts = session_prompts();
  if (!prompts) return "prompts: " + session_prompts_error();
  view.rename_scheduler =
      std::make_unique<CallScheduler>(*endpoint, session_transport(), &session_replay(), session_limits());
  view.rename_scheduler->hold();  // nothing leaves the page before the preview's Confirm
  view.rename_preview_due = true;
  const ChatRequest request = session_request({});
  view.rename_model = request.model;
  options.rename_llm = {view.rename_scheduler.get(), prompts, request, false};
  return "";
}

// Ends the rename step's model calls: the preview closes, and the scheduler goes once no job refers to it.
void end_rename_model(BigtableView& view, bool cancelled) {
  if (view.rename_scheduler && cancelled) view.rename_scheduler->cancel();
  if (view.rename_preview.open() || view.rename_preview.life.running())
    finish_held_preview(view.rename_preview, cancelled);
  view.rename_preview_due = false;
}

void start_expansion(const AppState& state, BigtableView& view, const LoadedSet& loaded) {
  const size_t short_by = view.job->four_table_shortfall();
  if (short_by == 0) return;
  const std::string stratum = "the >3 stratum is " + std::to_string(short_by) + " items short";
  if (!view.expand) {
    view.notes.push_back(stratum + " and stays so (\"expand three-table items\" off).");
    return;
  }
  std::vector<EvalItem> seeds = view.job->expansion_seeds(loaded.set);
  if (seeds.empty()) {
    view.notes.push_back(stratum + " and no three-table item is left to expand.");
    return;
  }
  std::map<std::string, JqeBatchDatabase> databases;
  for (const auto& it : seeds)
    if (!databases.count(it.db_id))
      if (const LoadedDatabase* db = find_database(state, it.db_id))
        databases[it.db_id] = {db->schema, db->schema_only ? nullptr : db->connection};
  auto e = start_bigtable_expansion(std::move(seeds), std::move(databases), short_by);
  if (!e.ok()) {
    view.notes.push_back(stratum +
                         "; expanding three-table items needs the LLM tab's model (it writes each "
                         "expansion's question), so it stays short: " +
                         e.error());
    return;
  }
  view.expansion = std::move(*e);
}

}  // namespace

void start_bigtable(AppState& state, BigtableView& view, int source_set) {
  view.error.clear();
  if (source_set < 0 || static_cast<size_t>(source_set) >= state.eval_sets.sets.size() ||
      state.eval_sets.sets[static_cast<size_t>(source_set)].predictions) {
    view.error = "choose an evaluation set with questions and gold queries first";
    return;
  }
  // The renamer classifies names by the lexicon's dictionary coverage: the build starts once it is loaded.
  view.source_set = source_set;
  view.source = state.eval_sets.sets[static_cast<size_t>(source_set)].name;
  remember_bigtable_build(view);
  view.waiting_for_lexicon = view.rename && !loaded_lexicon();
  if (view.waiting_for_lexicon) {
    request_lexicon();
    view.running = true;
    view.done = false;
    return;
  }
  const LoadedSet& loaded = state.eval_sets.sets[static_cast<size_t>(source_set)];
  view.per_stratum = std::clamp(view.per_stratum, 1, 9999999);
  std::map<std::string, runner::BigtableDatabase> databases;
  for (const auto& it : loaded.set.items)
    if (!databases.count(it.db_id))
      if (const LoadedDatabase* db = find_database(state, it.db_id))
        databases[it.db_id] = {db->schema, db->schema_only ? nullptr : db->connection};
  end_rename_model(view, true);
  view.job.reset();  // the last build's job refers to its scheduler: it goes first
  view.rename_scheduler.reset();
  view.rename_model.clear();
  runner::BigtableOptions options;
  options.per_stratum = static_cast<size_t>(view.per_stratum);
  options.seed = static_cast<uint64_t>(view.seed);
  options.change_filters = view.change_filters;
  options.limits.timeout_ms = kBigtableQueryLimitMs;
  if (view.rename) {
    options.lexicon = loaded_lexicon();
    // Each renamed copy gets a db_id of its own (<db>_bigtable, <db>_bigtable2, ...): the page's databases share one
    // name space, where `chokepoint bigtable` keeps the db_id in a folder of its own.
    view.copy_places.clear();
    mkdir(kBuildFolder, 0777);
    options.rename_to = [&state, &view](const std::string& db_id) {
      const MadeDatabaseName made = fresh_made_database(state, db_id + "_bigtable");
      view.copy_places[made.db_id] = made.path;
      const std::string building = std::string(kBuildFolder) + "/" + made.db_id + ".sqlite";
      std::remove(building.c_str());
      return runner::RenamedCopy{building, made.db_id};
    };
  }
  const std::string heuristic_because = view.rename ? set_up_rename_model(view, options) : "";
  auto job = runner::BigtableJob::start(loaded.set, std::move(databases), std::move(options));
  if (!job.ok()) {
    view.error = loaded.name + ": " + job.error();
    view.running = false;
    forget_bigtable_build();
    return;
  }
  view.source = loaded.name;
  view.job = std::move(*job);
  view.notes.clear();
  if (view.resumed)
    view.notes.push_back(
        "Started again after a reload, from the start with the same choices: the model's answers already received "
        "come from the replay store.");
  view.expansion.reset();
  view.expanded = 0;
  if (!view.rename)
    view.notes.push_back("Not renamed: the tables and columns keep their names (\"rename tables and columns\" off).");
  else if (!view.rename_model.empty())
    view.notes.push_back("Names classified by the LLM tab's model (" + view.rename_model +
                         ") and abbreviated by the deterministic abbreviator, as chokepoint bigtable --llm-config "
                         "does; a name it gives no level for is classified by the dictionary-coverage heuristic.");
  else
    view.notes.push_back(
        "Names classified by the dictionary-coverage heuristic and abbreviated by the deterministic abbreviator, as "
        "chokepoint bigtable does without --llm-config (" +
        heuristic_because + ").");
  start_expansion(state, view, loaded);
  view.databases.clear();
  view.published.clear();
  view.published_path.clear();
  view.done = false;
  view.running = true;
}

void step_bigtable(AppState& state, BigtableView& view, int& source_set, double budget_ms) {
  step_bigtable_restore(state, view, source_set);
  if (!view.running) return;
  if (view.waiting_for_lexicon) {
    if (lexicon_loader().status == LexiconLoad::failed) {
      view.running = view.waiting_for_lexicon = false;
      view.error = "the rename step needs the WordNet lexicon, which did not load: " + lexicon_loader().error;
    } else if (loaded_lexicon()) {
      start_bigtable(state, view, view.source_set);
    }
    return;
  }
  if (view.expansion && view.expansion->stage != ExpansionStage::Done) {
    step_bigtable_expansion(*view.expansion, budget_ms);
    if (view.expansion->stage != ExpansionStage::Done) return;
    view.expanded = view.job->append_expansions(bigtable_expansions(*view.expansion));
    view.notes.push_back("expansion: " + view.expansion->outcome);
    return;  // the frame's time went to the expansion
  }
  view.job->step(session_now_ms(), budget_ms);
  if (view.rename_preview_due && view.job->waiting_for_llm()) {
    view.rename_preview_due = false;
    const auto opened = open_held_preview(
        view.rename_preview, *view.rename_scheduler,
        "the same for the set's other databases, one call per table and column, then each kept item's question and "
        "evidence with the new names (one call each), as chokepoint tqa denat --llm-config asks them; the built set "
        "keeps each question as it was (004's O/L setting).");
    if (!opened.ok()) {
      cancel_bigtable(view);
      view.error = "the rename step's preview: " + opened.error();
      return;
    }
  }
  if (!view.job->finished()) return;
  if (view.rename_scheduler) {
    end_rename_model(view, false);
    persist_replay();
  }
  finish_bigtable(state, view);
}

void cancel_bigtable(BigtableView& view) {
  if (!view.running) return;
  std::vector<std::string> copies;
  if (view.job)
    for (const auto& c : view.job->renamed()) copies.push_back(c.path);
  if (view.expansion && view.expansion->stage != ExpansionStage::Done) discard_bigtable_expansion(*view.expansion);
  end_rename_model(view, true);
  view.job.reset();                                     // closes the copy being renamed
  for (const auto& p : copies) std::remove(p.c_str());  // half-made copies are not databases
  view.running = view.waiting_for_lexicon = false;
  view.done = false;
  view.resumed = false;
  forget_bigtable_build();
  view.error = "cancelled: nothing was built";
}

void draw_bigtable_view(AppState& state, BigtableView& view, int& source_set) {
  ImGui::TextWrapped(
      "BigTable-0.2k (004 §3.3): N items for each number of tables the gold query reads (1, 2, 3, more than 3), "
      "drawn with a seed; when fewer than N read more than three, three-table items expanded by one join, their "
      "questions written by the LLM tab's model (after a preview of every prompt); then in each item one filter value "
      "the question mentions changed to another value of its "
      "column that keeps the result non-empty (the question follows); then each database's tables and columns "
      "renamed by the de-naturalisation renamer (the question as it was, the gold rewritten; an item whose renamed "
      "gold gives other rows is left out). The result is a new evaluation set on the renamed copies, with Table 2 "
      "beside the paper's. Nothing leaves the page but the expansions' prompts and, when the model classifies the "
      "names, the schemas' names and the kept items' questions and evidence, each only once you confirm its "
      "preview.");
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
  flow_next_item(ui_px(110), "per number of tables");
  ImGui::InputInt("per number of tables", &view.per_stratum);
  view.per_stratum = std::clamp(view.per_stratum, 1, 9999999);
  flow_next_item(ui_px(90), "seed##bigtable");
  ImGui::InputInt("seed##bigtable", &view.seed);
  ImGui::Checkbox("change filter values", &view.change_filters);
  flow_same_line(checkbox_width("rename tables and columns"));
  ImGui::Checkbox("rename tables and columns", &view.rename);
  ImGui::BeginDisabled(!view.rename);
  flow_same_line(checkbox_width("the LLM tab's model classifies the names"));
  ImGui::Checkbox("the LLM tab's model classifies the names", &view.rename_by_model);
  ImGui::EndDisabled();
  ImGui::Checkbox("expand three-table items (the LLM tab's model writes their questions)", &view.expand);
  flow_same_line(button_width("Build"));
  if (ImGui::Button("Build")) start_bigtable(state, view, source_set);
  note_item_place("Build BigTable");
  ImGui::EndDisabled();
  if (!view.error.empty()) draw_error(view.error);
  if (view.running) {
    if (ImGui::SmallButton("Cancel##bigtable")) return cancel_bigtable(view);
    note_item_place("Cancel BigTable");
    if (view.expansion && view.expansion->stage != ExpansionStage::Done) {
      draw_bigtable_expansion(*view.expansion);
    } else if (view.waiting_for_lexicon) {
      ImGui::Text("waiting for the WordNet lexicon (the renamer needs it): %s", lexicon_progress_text().c_str());
    } else if (view.job->phase() == runner::BigtablePhase::filter) {
      ImGui::Text("changing filter values: %zu of %zu items (each query stops after %d ms here)", view.job->filtered(),
                  view.job->built().items.size(), kBigtableQueryLimitMs);
    } else if (view.rename_scheduler && view.rename_preview.open()) {
      const PreviewChoice choice = draw_held_preview("BigTable rename", view.rename_preview, *view.rename_scheduler);
      if (choice == PreviewChoice::Confirm) confirm_bigtable_rename(view);
      if (choice == PreviewChoice::Discard) cancel_bigtable(view);
    } else {
      ImGui::Text("renaming tables and columns, checking each renamed gold query (each stops after %d ms here)%s",
                  kBigtableQueryLimitMs, view.job->waiting_for_llm() ? "; waiting for the model's answers" : "");
    }
    return;
  }
  if (!view.done || !view.error.empty() || !view.job) return;
  const runner::BigtableJob& job = *view.job;
  ImGui::Text("%s: %zu items from %s (per number of tables %d, seed %d)", view.published.c_str(),
              job.built().items.size(), view.source.c_str(), view.per_stratum, view.seed);
  ImGui::SameLine();
  if (ImGui::SmallButton("Download##bigtable")) offer_download(view.published_path, view.published, "application/json");
  draw_json_rows_table("bigtable-table2", job.table2(),
                       {{"gold tables", "/tables"},
                        {"items", "/items"},
                        {"avg columns", "/avg_columns", 2},
                        {"items (004)", "/paper_items"},
                        {"avg columns (004)", "/paper_avg_columns", 2}});
  const size_t filtered = job.filtered();
  if (view.change_filters) {
    std::string kept;
    for (const auto& [reason, n] : job.tally().unchanged)
      kept += (kept.empty() ? "" : "; ") + reason + ": " + std::to_string(n);
    ImGui::TextWrapped("filter values changed in %zu of %zu items; kept in %zu (%s)", job.tally().changed, filtered,
                       filtered - job.tally().changed, kept.empty() ? "-" : kept.c_str());
  }
  if (view.rename) {
    std::string copies;
    for (const auto& d : view.databases) copies += (copies.empty() ? "" : ", ") + d;
    ImGui::TextWrapped("renamed: %zu of %zu items kept, %zu left out; renamed copies (in the Databases tab): %s",
                       job.built().items.size(), filtered, job.left_out(), copies.empty() ? "-" : copies.c_str());
  }
  for (const auto& n : view.notes) {
    ImGui::Bullet();
    ImGui::TextWrapped("%s", n.c_str());
  }
}

void confirm_bigtable_rename(BigtableView& view) {
  if (!view.rename_scheduler || !view.rename_preview.open()) return;
  if (auto st = confirm_held_preview(view.rename_preview, *view.rename_scheduler); !st.ok()) view.error = st.error();
}

nlohmann::json bigtable_view_json(const BigtableView& view) {
  const runner::BigtableJob* job = view.job.get();
  nlohmann::json unchanged = nlohmann::json::object();
  if (job)
    for (const auto& [reason, n] : job->tally().unchanged) unchanged[reason] = n;
  nlohmann::json renamed, rename_llm;
  if (job && view.done && view.rename) renamed = {{"kept", job->built().items.size()}, {"left_out", job->left_out()}};
  if (job && view.done && !view.rename_model.empty()) {
    const tqa::DenatLlmUse& use = job->rename_llm_use();
    rename_llm = {{"naturalness", use.naturalness.json()},
                  {"names", use.names.json()},
                  {"questions", use.questions.json()},
                  {"evidence", use.evidence.json()}};
  }
  return {{"running", view.running},
          {"done", view.done},
          {"error", view.error},
          {"waiting_for_lexicon", view.waiting_for_lexicon},
          {"phase", job ? runner::bigtable_phase_name(job->phase()) : ""},
          {"source", view.source},
          {"per_stratum", view.per_stratum},
          {"seed", view.seed},
          {"filter_change", view.change_filters},
          {"rename", view.rename},
          {"rename_by_model", view.rename_by_model},
          {"rename_model", view.rename_model},
          {"rename_preview", view.rename_scheduler && view.rename_preview.open()
                                 ? held_preview_json(view.rename_preview, *view.rename_scheduler)
                                 : nlohmann::json()},
          {"rename_llm", rename_llm},
          {"expand", view.expand},
          {"expansion", view.expansion ? bigtable_expansion_json(*view.expansion) : nlohmann::json()},
          {"expanded", view.expanded},
          {"subset", job ? job->subset().subset.items.size() : 0},
          {"items", job ? job->built().items.size() : 0},
          {"published", view.published},
          {"path", view.published_path},
          {"databases", view.databases},
          {"strata", job && view.done ? nlohmann::json(job->table2()) : nlohmann::json()},
          {"filter_changed", job ? job->tally().changed : 0},
          {"filter_unchanged", unchanged},
          {"renamed", renamed},
          {"notes", view.notes}};
}

}  // namespace chokepoint::web
