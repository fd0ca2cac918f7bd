// Schema linking in the Run a model panel: plan (core/linking) -> preview -> one CallScheduler -> scores and items.
#include "web/panels/runner/linking_view.h"
#include "web/panels/runner/planned_prompts.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "core/linking/retrieved_tables.h"
#include "web/llm/llm_session.h"
#include "web/panels/runner/model_run_memory.h"
#include "web/widgets/flow_layout.h"
#include "web/widgets/item_places.h"
#include "web/widgets/prompt_pager.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {
namespace {

const linking::LinkingMethod kMethods[] = {linking::LinkingMethod::ZeroShot, linking::LinkingMethod::FewShot,
                                           linking::LinkingMethod::PreSql, linking::LinkingMethod::FewShotPreSql};

linking::SchemaOf schema_of_linking(const AppState& state) {
  return [&state](const std::string& db_id) -> const Schema* {
    const LoadedDatabase* db = find_database(state, db_id);
    return db ? &db->schema : nullptr;
  };
}

}  // namespace

void record_retrieved_tables(LinkingView& view, const std::string& set, std::string method,
                             std::map<std::string, std::vector<std::string>> tables) {
  view.retrieved_by_set[set] = {std::move(method), std::move(tables)};
  remember_linking(view);  // a reload brings the rows and the tables back (model_run_memory.h)
}

namespace {

void finish_linking(AppState& state, LinkingView& view) {
  view.usage = view.batch.usage;
  const auto answers = call_answers(*view.batch.scheduler, "not asked: cancelled");
  view.items = linking::link_items(*view.set, schema_of_linking(state), view.asks, answers, view.options);
  view.scores = linking::score_linking(linking::linking_cases(view.items));
  view.rows.push_back({view.set_name, view.batch.sent.model, linking::linking_method_name(view.options.method),
                       view.options.foreign_keys, static_cast<int>(view.options.top_k), view.scores});
  std::string method = linking::linking_method_name(view.options.method);
  if (view.options.top_k > 0) method += ", top " + std::to_string(view.options.top_k);
  if (view.options.foreign_keys) method += ", foreign keys";
  if (view.batch.cancelled()) method += ", cancelled: the items not asked count as no retrieval";
  record_retrieved_tables(view, view.set_name, "Schema linking run (" + method + ")",
                          linking::retrieved_tables_by_key(*view.set, view.items));
  char buf[160];
  std::snprintf(buf, sizeof buf, "schema linking (%s): RES %.3f, subset %.1f%%, exact %.1f%%",
                linking::linking_method_name(view.options.method), view.scores.res, 100 * view.scores.subset_match,
                100 * view.scores.exact_match);
  notify(state, buf);
}

void draw_linking_rows(const LinkingView& view) {
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("linking-rows", 9, flags)) return;
  for (const char* c : {"set", "model", "method", "FK", "top-k", "RES", "Subset %", "Exact %", "col. R / P %"})
    ImGui::TableSetupColumn(c);
  ImGui::TableHeadersRow();
  for (const auto& r : view.rows) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(r.set.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(r.model.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(r.method.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(r.foreign_keys ? "yes" : "no");
    ImGui::TableNextColumn();
    if (r.top_k > 0) ImGui::Text("%d", r.top_k);
    ImGui::TableNextColumn();
    ImGui::Text("%.4f", r.scores.res);
    ImGui::TableNextColumn();
    ImGui::Text("%.1f", 100 * r.scores.subset_match);
    ImGui::TableNextColumn();
    ImGui::Text("%.1f", 100 * r.scores.exact_match);
    ImGui::TableNextColumn();
    ImGui::Text("%.1f / %.1f", 100 * r.scores.column_recall, 100 * r.scores.column_precision);
  }
  ImGui::EndTable();
}

void draw_linking_items(const LinkingView& view) {
  draw_retrieved_items("linking-items", "table", view.items.size(), [&view](size_t k) {
    const auto& li = view.items[k];
    const auto& it = view.set->items[li.item];
    return RetrievedItemRow{
        it.key, linking::link_outcome_name(li.outcome), li.note, li.retrieved.tables, li.gold.tables, it.question};
  });
}

}  // namespace

void prepare_linking(AppState& state, LinkingView& view, int source_set) {
  view.error.clear();
  if (view.batch.busy()) {
    view.error = "still linking; cancel it first";
    return;
  }
  if (source_set < 0 || static_cast<size_t>(source_set) >= state.eval_sets.sets.size()) {
    view.error = "load an evaluation set with questions and gold queries first";
    return;
  }
  const PromptLibrary* prompts = session_prompts();
  if (!prompts) {
    view.error = "prompt templates: " + session_prompts_error();
    return;
  }
  const auto& loaded = state.eval_sets.sets[static_cast<size_t>(source_set)];
  view.options.method = kMethods[std::clamp(view.method, 0, 3)];
  view.options.foreign_keys = view.foreign_keys;
  view.options.top_k =
      view.options.method == linking::LinkingMethod::ZeroShot ? static_cast<size_t>(std::max(0, view.top_k)) : 0;
  view.set = std::make_shared<const EvalSet>(loaded.set);
  view.set_name = loaded.name;
  auto asks = linking::plan_linking(*view.set, schema_of_linking(state), *prompts, view.options);
  auto to_send = planned_prompts(asks, loaded.name);
  if (!to_send.ok()) {
    view.error = to_send.error();
    return;
  }
  view.error = view.batch.open(*to_send);  // on failure it says to set the endpoint up in the LLM tab
  if (!view.error.empty()) return;
  view.asks = std::move(*asks);
  view.items.clear();
}

void confirm_linking(AppState& state, LinkingView& view) {
  if (!view.batch.previewing()) return;
  std::vector<std::pair<std::string, std::string>> calls;
  for (const auto& a : view.asks)
    calls.emplace_back(view.set->items[a.item].key + " / link " + linking::linking_step_name(a.step), a.prompt);
  view.error = view.batch.start(calls);
  if (!view.error.empty()) return;
  notify(state, "schema linking: " + std::to_string(view.asks.size()) + " prompts");
}

void cancel_linking(AppState& state, LinkingView& view) {
  if (view.batch.cancel()) finish_linking(state, view);
}

void step_linking(AppState& state, LinkingView& view) {
  if (view.batch.step()) finish_linking(state, view);
}

void draw_linking_view(AppState& state, LinkingView& view, int source_set) {
  ImGui::TextWrapped(
      "Which tables does a model think a question needs? 004's schema linking: the gold tables come from each gold "
      "query; RES rewards retrieving all of them with few extras. Uses this panel's set and the LLM tab's model.");
  const bool busy = view.batch.busy();
  ImGui::BeginDisabled(busy || view.batch.previewing());
  ImGui::SetNextItemWidth(ui_px(200));
  ImGui::Combo("method", &view.method, "zero-shot ranking\0few-shot selection\0PreSQL\0few-shot + PreSQL\0");
  flow_same_line(checkbox_width("foreign keys"));
  ImGui::Checkbox("foreign keys", &view.foreign_keys);
  if (view.method == 0) {
    flow_next_item(ui_px(90), "top-k (0: all)");
    ImGui::InputInt("top-k (0: all)", &view.top_k);
    view.top_k = std::clamp(view.top_k, 0, 100);
  }
  flow_same_line(button_width("Link..."));
  if (ImGui::Button("Link...")) prepare_linking(state, view, source_set);
  note_item_place("link tables");
  ImGui::EndDisabled();
  if (!view.error.empty()) draw_error(view.error);
  if (view.batch.previewing()) {
    ImGui::TextWrapped(
        "%zu prompts will go to %s: %zu calls, %zu answered by the replay store, ~%lld prompt tokens. "
        "Each holds a question with its evidence and the tables and columns of its database.",
        view.asks.size(), view.batch.sent.destination.c_str(), view.asks.size() - view.batch.sent.in_replay,
        view.batch.sent.in_replay, view.batch.sent.estimated_tokens);
    if (ImGui::Button("Confirm and send")) confirm_linking(state, view);
    note_item_place("link confirm");
    ImGui::SameLine();
    if (ImGui::Button("Discard")) view.batch.discard();
    draw_prompt_pager("link", view.asks.size(),
                      [&](size_t i) { return std::make_pair("item " + std::to_string(i + 1), view.asks[i].prompt); });
    return;
  }
  if (busy) {
    const size_t answered = view.batch.ended();
    if (draw_progress_cancel(answered, view.asks.size())) cancel_linking(state, view);
    return;
  }
  if (!view.rows.empty()) draw_linking_rows(view);
  if (view.batch.done()) {
    if (view.batch.cancelled()) ImGui::TextDisabled("cancelled: unanswered items retrieved nothing");
    if (draw_retry_failed("link", view.batch.life)) prepare_linking(state, view, source_set);
    ImGui::TextDisabled("%zu items scored of %zu; calls: %lld sent, %lld from the replay store", view.scores.n,
                        view.items.size(), view.usage.network_calls, view.usage.replayed);
    draw_linking_items(view);
  }
}

nlohmann::json linking_view_json(const LinkingView& view) {
  nlohmann::json j = {{"running", view.batch.busy()},
                      {"done", view.batch.done()},
                      {"error", view.error},
                      {"batch", view.batch.life.json()}};
  if (view.batch.previewing())
    j["preview"] = {{"calls", view.asks.size()},
                    {"network_calls", view.asks.size() - view.batch.sent.in_replay},
                    {"estimated_prompt_tokens", view.batch.sent.estimated_tokens},
                    {"destination", view.batch.sent.destination},
                    {"model", view.batch.sent.model}};
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& r : view.rows)
    rows.push_back({{"set", r.set},
                    {"model", r.model},
                    {"method", r.method},
                    {"fk", r.foreign_keys},
                    {"top_k", r.top_k},
                    {"res", r.scores.res}});
  j["rows"] = std::move(rows);
  if (!view.batch.done()) return j;
  const auto& s = view.scores;
  j["summary"] = {{"n", view.items.size()},
                  {"scored", s.n},
                  {"method", linking::linking_method_name(view.options.method)},
                  {"fk", view.options.foreign_keys},
                  {"top_k", view.options.top_k},
                  {"res", s.res},
                  {"subset_match", s.subset_match},
                  {"exact_match", s.exact_match},
                  {"column_recall", s.column_recall},
                  {"column_precision", s.column_precision},
                  {"usage", {{"network_calls", view.usage.network_calls}, {"replayed", view.usage.replayed}}}};
  nlohmann::json items = nlohmann::json::array();
  for (const auto& li : view.items)
    items.push_back({{"id", view.set->items[li.item].key},
                     {"outcome", linking::link_outcome_name(li.outcome)},
                     {"gold_tables", li.gold.tables},
                     {"retrieved_tables", li.retrieved.tables}});
  j["items"] = std::move(items);
  return j;
}

}  // namespace chokepoint::web
