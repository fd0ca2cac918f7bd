// Stage-level retrieval in the Run a model panel: plan (core/linking) -> preview -> one CallScheduler per round (TCSL
// has two: tables, then columns within them) -> FPR and SLR -> a cell of Table VIII.
#include "web/panels/runner/retrieval_view.h"
#include "web/panels/runner/planned_prompts.h"
#include "web/widgets/flow_layout.h"
#include "web/widgets/prompt_pager.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "core/linking/retrieved_tables.h"
#include "web/panels/runner/model_run_memory.h"
#include "web/panels/runner/run_model_panel.h"
#include "web/widgets/item_places.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {
namespace {

using linking::RetrievalApproach;
using tqa::DenatSetting;

const RetrievalApproach kApproaches[] = {RetrievalApproach::FullSchema, RetrievalApproach::Tcsl,
                                         RetrievalApproach::Scsl};

linking::SchemaOf schema_of_retrieval(const AppState& state) {
  return [&state](const std::string& db_id) -> const Schema* {
    const LoadedDatabase* db = find_database(state, db_id);
    return db ? &db->schema : nullptr;
  };
}

void add_usage_retrieval(UsageTotals& total, const UsageTotals& u) {
  total.network_calls += u.network_calls;
  total.replayed += u.replayed;
  total.prompt_tokens += u.prompt_tokens;
  total.completion_tokens += u.completion_tokens;
}

void finish_retrieval(AppState& state, RetrievalView& view) {
  view.answers.resize(view.asks.size(), Error{"not asked: cancelled"});
  view.items =
      linking::retrieve_items(*view.set, schema_of_retrieval(state), view.planned_approach, view.asks, view.answers);
  view.scores = linking::score_retrieval(linking::retrieval_cases(view.items));
  view.table[{static_cast<int>(view.planned_approach), static_cast<int>(view.planned_variant)}] = {
      view.set_name, view.planned_approach == RetrievalApproach::FullSchema ? "" : view.sent.model,
      view.options.foreign_keys, view.scores,
      study::retrieval_item_rows(*view.set, view.items, tqa::denat_setting_name(view.planned_variant),
                                 linking::retrieval_approach_name(view.planned_approach))};
  remember_retrieval_table(view);  // a reload brings the cell back (model_run_memory.h)
  // The tables each answer named: thesis Table 4.9 when the set is one of a TQA augmentation's.
  std::string method = linking::retrieval_approach_name(view.planned_approach);
  if (view.options.foreign_keys) method += ", foreign keys";
  if (view.cancelled) method += ", cancelled: the items not asked count as no retrieval";
  record_retrieved_tables(run_model_panel(state).linking, view.set_name, "Retrieval run (" + method + ")",
                          linking::retrieved_tables_by_key(*view.set, view.items, schema_of_retrieval(state)));
  view.life.finish(view.cancelled);
  view.done = true;
  view.scheduler.reset();
  if (view.usage.network_calls > 0) persist_replay();
  char buf[200];
  std::snprintf(buf, sizeof buf, "retrieval (%s, %s): FPR %.1f%%, SLR %.1f%%",
                linking::retrieval_approach_name(view.planned_approach), tqa::denat_setting_name(view.planned_variant),
                view.scores.fpr, view.scores.slr);
  notify(state, buf);
}

// Starts the calls of asks[from, end); false (with view.error) when the batch cannot start.
bool start_round(RetrievalView& view, size_t from) {
  std::vector<std::pair<std::string, std::string>> calls;
  for (size_t k = from; k < view.asks.size(); ++k) {
    const auto& a = view.asks[k];
    calls.emplace_back(view.set->items[a.item].key + " / retrieval " + tqa::denat_setting_name(view.planned_variant) +
                           " " + linking::retrieval_step_name(a.step),
                       a.prompt);
  }
  auto scheduler = start_session_batch(calls, view.sent);
  if (!scheduler.ok()) {
    view.error = scheduler.error();
    return false;
  }
  view.scheduler = std::move(*scheduler);
  view.persisted_calls = 0;
  return true;
}

std::string cell_text(const linking::RetrievalScores& s) {
  char buf[64];
  if (s.fpr_items)
    std::snprintf(buf, sizeof buf, "%.1f / %.1f", s.fpr, s.slr);
  else
    std::snprintf(buf, sizeof buf, "n/a / %.1f", s.slr);
  return buf;
}

void draw_retrieval_table(const RetrievalView& view) {
  ImGui::TextUnformatted("Table VIII: FPR / SLR (%), change against O/O in points");
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "FPR: mean over queries of the share of retrieved columns the gold query does not use (queries that\n"
        "retrieved nothing are left out; n/a when none retrieved anything).\n"
        "SLR: share of queries whose gold columns were all retrieved.\n"
        "Each cell is the newest run of that approach on a set labelled with that variant.");
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("retrieval-table", 5, flags)) return;
  ImGui::TableSetupColumn("approach");
  for (DenatSetting v : tqa::kDenatSettings) ImGui::TableSetupColumn(tqa::denat_setting_name(v));
  ImGui::TableHeadersRow();
  for (int a = 0; a < 3; ++a) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(linking::retrieval_approach_name(kApproaches[a]));
    const auto base = view.table.find({a, 0});
    for (int v = 0; v < 4; ++v) {
      ImGui::TableNextColumn();
      const auto cell = view.table.find({a, v});
      if (cell == view.table.end()) continue;
      const auto& s = cell->second.scores;
      ImGui::TextUnformatted(cell_text(s).c_str());
      if (v > 0 && base != view.table.end()) {
        const auto& b = base->second.scores;
        const double dfpr = s.fpr - b.fpr, dslr = s.slr - b.slr;
        ImGui::TextColored(dslr < 0 ? ImVec4(1, 0.55f, 0.45f, 1) : ImVec4(0.6f, 0.85f, 0.6f, 1), "(%+.1f / %+.1f)",
                           dfpr, dslr);
      }
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s%s%s: %zu queries scored, pooled FPR %.1f%%", cell->second.set.c_str(),
                          cell->second.model.empty() ? "" : ", ", cell->second.model.c_str(), s.n, s.fpr_pooled);
    }
  }
  ImGui::EndTable();
}

void draw_retrieval_items(const RetrievalView& view) {
  draw_retrieved_items("retrieval-items", "column", view.items.size(), [&view](size_t k) {
    const auto& ri = view.items[k];
    const auto& it = view.set->items[ri.item];
    // Full-Schema lists every column: the gold ones, then how many others.
    return RetrievedItemRow{it.key,
                            linking::link_outcome_name(ri.outcome),
                            ri.note,
                            ri.columns,
                            ri.gold.columns,
                            it.question,
                            view.planned_approach == RetrievalApproach::FullSchema};
  });
}

}  // namespace

int guess_retrieval_variant(const AppState& state, const EvalSet& set) {
  for (const auto& it : set.items)
    if (const LoadedDatabase* db = find_database(state, it.db_id); db && db->origin == "denaturalised")
      return static_cast<int>(DenatSetting::OL);
  return static_cast<int>(DenatSetting::OO);
}

void prepare_retrieval(AppState& state, RetrievalView& view, int source_set) {
  view.error.clear();
  if (view.life.running()) {
    view.error = "still retrieving; cancel it first";
    return;
  }
  if (source_set < 0 || static_cast<size_t>(source_set) >= state.eval_sets.sets.size()) {
    view.error = "load an evaluation set with questions and gold queries first";
    return;
  }
  const auto& loaded = state.eval_sets.sets[static_cast<size_t>(source_set)];
  if (view.variant < 0) view.variant = guess_retrieval_variant(state, loaded.set);
  view.planned_approach = kApproaches[std::clamp(view.approach, 0, 2)];
  view.planned_variant = tqa::kDenatSettings[std::clamp(view.variant, 0, 3)];
  view.options.foreign_keys = view.foreign_keys;
  view.set = std::make_shared<const EvalSet>(loaded.set);
  view.set_name = loaded.name;
  view.asks.clear();
  view.answers.clear();
  view.items.clear();
  view.usage = {};
  view.scheduler.reset();
  view.done = view.cancelled = false;
  view.sent = {};
  if (view.planned_approach == RetrievalApproach::FullSchema) {  // no call: every column of the schema
    view.first_round = 0;
    finish_retrieval(state, view);
    return;
  }
  const PromptLibrary* prompts = session_prompts();
  if (!prompts) {
    view.error = "prompt templates: " + session_prompts_error();
    return;
  }
  auto asks =
      linking::plan_retrieval(*view.set, schema_of_retrieval(state), *prompts, view.planned_approach, view.options);
  auto to_send = planned_prompts(asks, loaded.name);
  if (!to_send.ok()) {
    view.error = to_send.error();
    return;
  }
  auto preview = preview_session_batch(*to_send);
  if (!preview.ok()) {
    view.error = preview.error();  // it says to set the endpoint up in the LLM tab
    return;
  }
  view.asks = std::move(*asks);
  view.first_round = view.asks.size();
  view.tcsl_second_at_most = view.planned_approach == RetrievalApproach::Tcsl ? view.asks.size() : 0;
  view.sent = *preview;
  std::vector<std::pair<std::string, std::string>> shown;
  for (const auto& a : view.asks) shown.emplace_back(view.set->items[a.item].key, a.prompt);
  std::vector<std::string> later;
  if (view.tcsl_second_at_most > 0)
    later.push_back("TCSL's columns within the tables each answer picked: at most " +
                    std::to_string(view.tcsl_second_at_most) + " more calls");
  if (auto opened = view.life.open_preview(batch_facts(view.sent, std::move(shown), std::move(later))); !opened.ok())
    view.error = opened.error();
}

void confirm_retrieval(AppState& state, RetrievalView& view) {
  if (!view.life.previewing()) return;
  if (auto confirmed = confirm_batch(view.life); !confirmed.ok()) {
    view.error = confirmed.error();
    return;
  }
  if (!start_round(view, 0)) {
    view.life.finish(true);
    return;
  }
  notify(state, "retrieval: " + std::to_string(view.asks.size()) + " prompts");
}

void cancel_retrieval(AppState& state, RetrievalView& view) {
  if (!view.life.running()) return;
  if (view.scheduler) {
    view.scheduler->cancel();
    const auto answers = call_answers(*view.scheduler, "not asked: cancelled");
    view.answers.insert(view.answers.end(), answers.begin(), answers.end());
    add_usage_retrieval(view.usage, view.scheduler->usage());
  }
  view.cancelled = true;
  finish_retrieval(state, view);
}

void step_retrieval(AppState& state, RetrievalView& view) {
  if (!view.life.running() || !view.scheduler) return;
  const bool round_over = step_session_batch(*view.scheduler, view.persisted_calls);
  view.life.progress(
      view.answers.size() + view.scheduler->count(CallState::Succeeded) + view.scheduler->count(CallState::Failed),
      view.asks.size(), view.scheduler->count(CallState::Failed));
  if (!round_over) return;
  const auto answers = call_answers(*view.scheduler, "not asked: cancelled");
  view.answers.insert(view.answers.end(), answers.begin(), answers.end());
  add_usage_retrieval(view.usage, view.scheduler->usage());
  view.scheduler.reset();
  if (view.planned_approach == RetrievalApproach::Tcsl && view.asks.size() == view.first_round) {
    // TCSL's second round: the columns of the tables each first answer picked.
    const PromptLibrary* prompts = session_prompts();
    auto second = prompts ? linking::plan_column_step(*view.set, schema_of_retrieval(state), *prompts, view.asks,
                                                      view.answers, view.options)
                          : Result<std::vector<linking::RetrievalAsk>>(Error{session_prompts_error()});
    if (!second.ok()) {
      view.error = second.error();
    } else if (!second->empty()) {
      view.asks.insert(view.asks.end(), second->begin(), second->end());
      if (start_round(view, view.first_round)) return;
    }
  }
  finish_retrieval(state, view);
}

void draw_retrieval_view(AppState& state, RetrievalView& view, int source_set) {
  ImGui::TextWrapped(
      "Which columns does a retriever hand to the SQL writer, and does it lose them when names or questions are "
      "less natural? SQLMorph's stage-level analysis (Table VIII): label this panel's set as the variant it is "
      "(the TQA panel's de-naturalised variants make L sets) and run each approach on each.");
  if (view.variant < 0 && source_set >= 0 && static_cast<size_t>(source_set) < state.eval_sets.sets.size())
    view.variant = guess_retrieval_variant(state, state.eval_sets.sets[static_cast<size_t>(source_set)].set);
  ImGui::BeginDisabled(view.life.running() || view.life.previewing());
  ImGui::SetNextItemWidth(ui_px(150));
  ImGui::Combo("approach", &view.approach, "Full-Schema\0TCSL\0SCSL\0");
  int variant = std::max(view.variant, 0);
  flow_next_item(ui_px(90), "variant");
  if (ImGui::Combo("variant", &variant, "O/O\0L/O\0O/L\0L/L\0")) view.variant = variant;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("question / schema: O original, L less natural. Guessed from the set's databases.");
  flow_same_line(checkbox_width("foreign keys"));
  ImGui::Checkbox("foreign keys", &view.foreign_keys);
  flow_same_line(button_width("Retrieve..."));
  if (ImGui::Button("Retrieve...")) prepare_retrieval(state, view, source_set);
  note_item_place("retrieve columns");
  ImGui::EndDisabled();
  const bool has_set = source_set >= 0 && static_cast<size_t>(source_set) < state.eval_sets.sets.size();
  flow_disabled("set: " + (has_set ? state.eval_sets.sets[static_cast<size_t>(source_set)].name : "none") +
                " (chosen in the Text-to-SQL tab)");
  if (!view.error.empty()) draw_error(view.error);
  if (view.life.previewing()) {
    ImGui::TextWrapped(
        "%zu prompts will go to %s: %zu calls, %zu answered by the replay store, ~%lld prompt tokens%s. Each holds a "
        "question with its evidence and the tables and columns of its database (no rows).",
        view.asks.size(), view.sent.destination.c_str(), view.asks.size() - view.sent.in_replay, view.sent.in_replay,
        view.sent.estimated_tokens,
        view.tcsl_second_at_most ? "; then up to as many again for TCSL's columns within the picked tables" : "");
    if (ImGui::Button("Confirm and send")) confirm_retrieval(state, view);
    note_item_place("retrieval confirm");
    ImGui::SameLine();
    if (ImGui::Button("Discard")) view.life.discard();
    draw_prompt_pager("retrieval", view.asks.size(),
                      [&](size_t i) { return std::make_pair("item " + std::to_string(i + 1), view.asks[i].prompt); });
    return;
  }
  if (view.life.running() && view.scheduler) {
    const size_t answered = view.scheduler->count(CallState::Succeeded) + view.scheduler->count(CallState::Failed);
    const bool second = view.asks.size() > view.first_round;
    ImGui::TextDisabled(second ? "TCSL, columns within the picked tables" : "first round");
    if (draw_progress_cancel(answered, second ? view.asks.size() - view.first_round : view.first_round))
      cancel_retrieval(state, view);
    return;
  }
  if (!view.table.empty()) draw_retrieval_table(view);
  if (view.done) {
    if (view.cancelled) ImGui::TextDisabled("cancelled: unanswered items retrieved nothing");
    ImGui::TextDisabled("%s as %s: %zu queries scored of %zu; calls: %lld sent, %lld from the replay store",
                        view.set_name.c_str(), tqa::denat_setting_name(view.planned_variant), view.scores.n,
                        view.items.size(), view.usage.network_calls, view.usage.replayed);
    draw_retrieval_items(view);
  }
}

Result<study::StudyReport> retrieval_study_report(const RetrievalView& view) {
  std::vector<study::RetrievalRun> runs;
  for (const auto& [key, cell] : view.table)
    runs.push_back({static_cast<RetrievalApproach>(key.first), key.second, cell.set, cell.model, cell.foreign_keys,
                    cell.scores, cell.rows});
  return study::retrieval_report_of_runs(runs);
}

nlohmann::json retrieval_view_json(const RetrievalView& view) {
  nlohmann::json j = {
      {"running", view.life.running()}, {"done", view.done}, {"error", view.error}, {"batch", view.life.json()}};
  if (view.life.previewing())
    j["preview"] = {{"calls", view.asks.size()},
                    {"second_round_at_most", view.tcsl_second_at_most},
                    {"network_calls", view.asks.size() - view.sent.in_replay},
                    {"estimated_prompt_tokens", view.sent.estimated_tokens},
                    {"destination", view.sent.destination},
                    {"model", view.sent.model}};
  nlohmann::json table = nlohmann::json::array();
  for (int a = 0; a < 3; ++a) {
    nlohmann::json cells = nlohmann::json::object();
    const auto base = view.table.find({a, 0});
    for (int v = 0; v < 4; ++v) {
      const auto cell = view.table.find({a, v});
      if (cell == view.table.end()) continue;
      const auto& s = cell->second.scores;
      nlohmann::json c = {{"n", s.n},
                          {"fpr", s.fpr},
                          {"fpr_pooled", s.fpr_pooled},
                          {"slr", s.slr},
                          {"fpr_items", s.fpr_items},
                          {"set", cell->second.set}};
      if (v > 0 && base != view.table.end()) {
        c["delta_fpr"] = s.fpr - base->second.scores.fpr;
        c["delta_slr"] = s.slr - base->second.scores.slr;
      }
      cells[tqa::denat_setting_name(tqa::kDenatSettings[v])] = std::move(c);
    }
    if (!cells.empty())
      table.push_back({{"approach", linking::retrieval_approach_name(kApproaches[a])}, {"cells", std::move(cells)}});
  }
  j["table_viii"] = std::move(table);
  if (!view.done) return j;
  const auto& s = view.scores;
  j["summary"] = {{"approach", linking::retrieval_approach_name(view.planned_approach)},
                  {"variant", tqa::denat_setting_name(view.planned_variant)},
                  {"n", s.n},
                  {"fpr", s.fpr},
                  {"fpr_pooled", s.fpr_pooled},
                  {"slr", s.slr},
                  {"fpr_items", s.fpr_items},
                  {"usage", {{"network_calls", view.usage.network_calls}, {"replayed", view.usage.replayed}}}};
  nlohmann::json items = nlohmann::json::array();
  for (const auto& ri : view.items) {
    nlohmann::json e = {{"id", view.set->items[ri.item].key},
                        {"outcome", linking::link_outcome_name(ri.outcome)},
                        {"gold_columns", ri.gold.columns},
                        {"retrieved_columns", ri.columns}};
    if (view.planned_approach == RetrievalApproach::Tcsl) e["picked_tables"] = ri.tables;
    items.push_back(std::move(e));
  }
  j["items"] = std::move(items);
  return j;
}

}  // namespace chokepoint::web
