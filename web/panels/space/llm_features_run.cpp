// The LLM features tab: plan (core/sqlspace/llm_features.h) -> preview -> one CallScheduler over the asks -> the
// answers read, merged into the set's model answers and filled into its unknown cells; the agreement when the rule
// features were asked too.
#include "web/panels/space/llm_features_run.h"

#include <imgui.h>

#include <algorithm>
#include <map>

#include "core/llm/chat_request.h"
#include "web/panel_registry.h"
#include "web/panels/space/feature_space_panel.h"
#include "web/widgets/flow_layout.h"
#include "web/widgets/item_places.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {
namespace {

std::vector<sqlspace::Aspect> asked_aspects(const LlmFeaturesRun& run) {
  std::vector<sqlspace::Aspect> out;
  for (size_t a = 0; a < sqlspace::kAspectCount; ++a)
    if (run.aspects[a]) out.push_back(static_cast<sqlspace::Aspect>(a));
  return out;  // empty: plan_llm_features asks all five
}

// The ask's id in the call log and replay notes, as `chokepoint features` names it: "<key> / features <aspect>
// f080-f090".
std::string ask_id_llm_features(const sqlspace::FeatureMatrix& m, const sqlspace::LlmFeatureAsk& a) {
  return m.rows[a.row].key + " / features " + sqlspace::aspect_name(a.aspect) + " " +
         sqlspace::feature_column_name(a.feature_ids.front()) + "-" +
         sqlspace::feature_column_name(a.feature_ids.back());
}

// Plans once the set's features are done; opens the preview or says why not.
void plan(AppState& state, FeatureSpacePanel& panel) {
  LlmFeaturesRun& run = panel.llm;
  const SetFeatures* f = finished_features(panel, run.set);
  if (!f) return;
  run.waiting = false;
  auto prompts = batch_prerequisites();
  if (!prompts.ok()) {
    run.error = prompts.error();
    return;
  }
  const auto schemas = loaded_schemas(state, f->set->items);
  sqlspace::LlmFeatureOptions options;
  options.aspects = asked_aspects(run);
  options.include_deterministic = run.agreement;
  options.batch_size = static_cast<size_t>(run.batch_size);
  options.show_sql = !run.online;  // online, the SQL aspects are not asked and Pragmatics is asked without the SQL
  // Planned on the rules' matrix: what a model answered before is asked again (the replay store answers it).
  const sqlspace::FeatureMatrix& rules = f->rules_only ? *f->rules_only : f->matrix;
  auto asks = sqlspace::plan_llm_features(catalogue(), rules, f->set->items, schemas, **prompts, options);
  if (!asks.ok()) {
    run.error = asks.error();
    return;
  }
  if (asks->empty()) {
    run.error = "nothing to ask: no feature of the chosen aspects needs a model for these items";
    return;
  }
  run.asks = std::move(*asks);
  run.calls.clear();
  run.cells = 0;
  std::vector<std::string> texts;
  for (const auto& a : run.asks) {
    run.calls.emplace_back(ask_id_llm_features(rules, a), a.prompt);
    texts.push_back(a.prompt);
    run.cells += a.feature_ids.size();
  }
  run.items = f->set->items.size();
  run.error = run.batch.open(texts);
}

void finish_llm_features(AppState& state, FeatureSpacePanel& panel) {
  LlmFeaturesRun& run = panel.llm;
  SetFeatures* f = finished_features(panel, run.asked_set);
  if (!f) {
    run.error = "the set's features are gone";
    return;
  }
  if (!f->rules_only) f->rules_only = f->matrix;
  const auto answers = call_answers(*run.batch.scheduler, "not asked: cancelled");
  run.reading = sqlspace::read_llm_features(*f->rules_only, run.asks, answers, catalogue());
  // Later answers override earlier ones cell by cell; the matrix is rebuilt from the rules and every answer.
  if (!f->llm_answers) f->llm_answers = run.reading->answers;
  for (size_t r = 0; r < f->llm_answers->rows.size() && r < run.reading->answers.rows.size(); ++r)
    for (size_t c = 0; c < f->llm_answers->feature_ids.size(); ++c)
      if (auto v = run.reading->answers.rows[r].get(c)) f->llm_answers->rows[r].set(c, *v);
  f->llm_model = run.batch.sent.model;
  f->matrix = *f->rules_only;
  run.filled = sqlspace::fill_unknown_cells(f->matrix, run.reading->answers);
  sqlspace::fill_unknown_cells(f->matrix, *f->llm_answers);
  run.agreement_report.reset();
  if (run.agreement)
    run.agreement_report = sqlspace::rule_llm_agreement(catalogue(), *f->rules_only, run.reading->answers);
  notify(state, "LLM features: " + std::to_string(run.reading->cells_answered) + " of " +
                    std::to_string(run.reading->cells_asked) + " cells answered, " + std::to_string(run.filled) +
                    " filled");
}

void draw_llm_features_preview(AppState& state, FeatureSpacePanel& panel) {
  LlmFeaturesRun& run = panel.llm;
  bool sql = false, schema = false;
  for (const auto& a : run.asks) {
    schema |= a.aspect == sqlspace::Aspect::DatabaseReasoning;
    sql |= !run.online && a.aspect != sqlspace::Aspect::Syntax && a.aspect != sqlspace::Aspect::DatabaseReasoning;
  }
  ImGui::TextWrapped(
      "%zu prompts about %zu items (%zu yes/no cells) to %s: %zu calls, %zu answered by the replay store, ~%lld "
      "prompt tokens. Each prompt holds the question%s%s; no rows of the database.",
      run.asks.size(), run.items, run.cells, run.batch.sent.destination.c_str(),
      run.asks.size() - run.batch.sent.in_replay, run.batch.sent.in_replay, run.batch.sent.estimated_tokens,
      sql ? ", the gold SQL (SQL aspects, Pragmatics)" : "",
      schema ? ", the schema's table and column names (Database Reasoning)" : "");
  const auto confirm = [&] { confirm_llm_features(state, panel); };
  const auto discard = [&] {
    run.batch.discard();
    run.asks.clear();
  };
  draw_preview_actions("llm features", confirm, discard, run.asks.size(), [&](size_t i) {
    return std::make_pair(std::string(sqlspace::aspect_name(run.asks[i].aspect)) + " prompt", run.asks[i].prompt);
  });
}

std::string share(const std::optional<double>& v) {
  if (!v) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", *v);
  return buf;
}

void draw_agreement(const sqlspace::AgreementReport& a) {
  ImGui::Text("rule vs model (003 Table 6): accuracy %s, Cohen's kappa %s over %zu cells both decided",
              share(a.overall.accuracy()).c_str(), share(a.overall.kappa()).c_str(), a.overall.n());
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
  if (ImGui::BeginTable("llm-agreement-aspects", 6, flags)) {
    for (const char* h : {"aspect", "features", "cells", "mean accuracy", "pooled accuracy", "kappa"})
      ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    for (const auto& as : a.aspects) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(sqlspace::aspect_name(as.aspect));
      ImGui::TableNextColumn();
      ImGui::Text("%zu", as.features);
      ImGui::TableNextColumn();
      ImGui::Text("%zu", as.pooled.n());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(share(as.mean_accuracy).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(share(as.pooled.accuracy()).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(share(as.pooled.kappa()).c_str());
    }
    ImGui::EndTable();
  }
  if (!ImGui::TreeNode("per feature")) return;
  if (ImGui::BeginTable("llm-agreement-features", 5, flags | ImGuiTableFlags_ScrollY, ui_px(0, 220))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("feature", ImGuiTableColumnFlags_WidthStretch);
    for (const char* h : {"accuracy", "kappa", "rule yes, model no", "rule no, model yes"}) ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    for (const auto& f : a.features) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      const auto* feature = catalogue().find(f.id);
      ImGui::Text("%s %s", sqlspace::feature_column_name(f.id).c_str(), feature ? feature->predicate.c_str() : "");
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(share(f.cell.accuracy()).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(share(f.cell.kappa()).c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%zu", f.cell.counts.only_a);
      ImGui::TableNextColumn();
      ImGui::Text("%zu", f.cell.counts.only_b);
    }
    ImGui::EndTable();
  }
  ImGui::TreePop();
}

void draw_llm_features_results(const LlmFeaturesRun& run) {
  const auto& r = *run.reading;
  ImGui::Text("%s: %zu prompts, %zu answered, %zu unreadable, %zu failed", run.asked_set.c_str(), r.prompts, r.answered,
              r.unreadable, r.failed);
  ImGui::Text("%zu of %zu asked cells answered; %zu unknown cells filled", r.cells_answered, r.cells_asked, run.filled);
  ImGui::TextDisabled(
      "calls: %lld sent, %lld from the replay store. Compare, Clusters and Estimator use the filled "
      "features from their next run.",
      run.batch.usage.network_calls, run.batch.usage.replayed);
  if (!r.notes.empty() && ImGui::TreeNode("notes", "why %zu prompts gave nothing", r.notes.size())) {
    for (size_t i = 0; i < r.notes.size() && i < 50; ++i) ImGui::BulletText("%s", r.notes[i].c_str());
    ImGui::TreePop();
  }
  if (run.agreement_report) draw_agreement(*run.agreement_report);
}

nlohmann::json cell_json(const sqlspace::AgreementCell& c) {
  auto opt = [](const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(); };
  return {{"n", c.n()},
          {"accuracy", opt(c.accuracy())},
          {"kappa", opt(c.kappa())},
          {"both_yes", c.counts.both_yes},
          {"both_no", c.counts.both_no},
          {"rule_yes_llm_no", c.counts.only_a},
          {"rule_no_llm_yes", c.counts.only_b}};
}

}  // namespace

void prepare_llm_features(AppState& state, FeatureSpacePanel& panel) {
  LlmFeaturesRun& run = panel.llm;
  run.error.clear();
  if (run.batch.busy()) {
    run.error = "the model is still being asked; cancel it first";
    return;
  }
  const int i = find_set(state, run.set);
  if (i < 0 || state.eval_sets.sets[static_cast<size_t>(i)].predictions) {
    run.error = "choose a loaded gold set";
    return;
  }
  if (auto ready = batch_prerequisites(); !ready.ok()) {
    run.error = ready.error();
    return;
  }
  run.batch_size = std::clamp(run.batch_size, 1, 200);
  run.batch.discard();
  run.asks.clear();
  run.waiting = true;
  request_features(state, panel, run.set);
  plan(state, panel);  // at once when the features are already there
}

void confirm_llm_features(AppState& state, FeatureSpacePanel& panel) {
  LlmFeaturesRun& run = panel.llm;
  if (!run.batch.previewing()) return;
  run.error = run.batch.start(run.calls);
  if (!run.error.empty()) return;
  run.asked_set = run.set;
  notify(state, "LLM features: " + std::to_string(run.asks.size()) + " prompts");
}

void cancel_llm_features(AppState& state, FeatureSpacePanel& panel) {
  if (panel.llm.batch.cancel())
    finish_llm_features(state, panel);  // what was answered fills its cells; the rest stays unknown
}

void step_llm_features(AppState& state, FeatureSpacePanel& panel) {
  LlmFeaturesRun& run = panel.llm;
  if (run.waiting) plan(state, panel);
  if (run.batch.step()) finish_llm_features(state, panel);
}

void draw_llm_features(AppState& state, FeatureSpacePanel& panel) {
  LlmFeaturesRun& run = panel.llm;
  ImGui::TextWrapped(
      "The features no rule decides (what the question presupposes, how it is phrased, what it asks of the data) are "
      "yes/no questions to the LLM tab's model, several features of one aspect an item a prompt; \"no\" when unsure. "
      "The answers fill the unknown cells. Nothing is sent before you confirm, and a rerun is answered by the replay "
      "store.");
  const bool busy = run.batch.busy();
  ImGui::BeginDisabled(busy || run.batch.previewing() || run.waiting);
  draw_set_combo(state, "gold set##llm", run.set, false);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("aspects:");
  for (size_t a = 0; a < sqlspace::kAspectCount; ++a) {
    flow_same_line(checkbox_width(sqlspace::aspect_name(static_cast<sqlspace::Aspect>(a))));
    bool on = run.aspects[a];
    if (ImGui::Checkbox(sqlspace::aspect_name(static_cast<sqlspace::Aspect>(a)), &on)) run.aspects[a] = on;
  }
  flow_disabled("(none ticked: all)");
  ImGui::SetNextItemWidth(ui_px(100));
  ImGui::InputInt("features a prompt", &run.batch_size);
  run.batch_size = std::clamp(run.batch_size, 1, 200);
  flow_same_line(checkbox_width("also the rule features (agreement)"));
  ImGui::Checkbox("also the rule features (agreement)", &run.agreement);
  flow_same_line(checkbox_width("online (never show the SQL)"));
  ImGui::Checkbox("online (never show the SQL)", &run.online);
  if (ImGui::Button("Ask the model...")) prepare_llm_features(state, panel);
  note_item_place("llm features ask");
  ImGui::EndDisabled();
  if (!run.error.empty()) draw_error(run.error);
  if (run.waiting) {
    ImGui::TextDisabled("computing the set's rule features first...");
    return;
  }
  if (run.batch.previewing()) {
    draw_llm_features_preview(state, panel);
    return;
  }
  if (busy) {
    if (draw_progress_cancel(run.batch.ended(), run.asks.size())) cancel_llm_features(state, panel);
    return;
  }
  if (run.batch.done() && run.reading) {
    if (run.batch.cancelled()) ImGui::TextDisabled("cancelled: unanswered cells stay unknown");
    draw_llm_features_results(run);
  }
}

nlohmann::json llm_features_json(const LlmFeaturesRun& run) {
  nlohmann::json j = {{"set", run.set},
                      {"waiting", run.waiting},
                      {"running", run.batch.busy()},
                      {"done", run.batch.done()},
                      {"cancelled", run.batch.cancelled()},
                      {"error", run.error},
                      {"batch", run.batch.life.json()}};
  if (run.batch.previewing()) {
    nlohmann::json examples = nlohmann::json::object();
    for (const auto& a : run.asks)
      if (!examples.contains(sqlspace::aspect_name(a.aspect))) examples[sqlspace::aspect_name(a.aspect)] = a.prompt;
    j["preview"] = run.batch.preview_json(run.asks.size());
    j["preview"]["items"] = run.items;
    j["preview"]["cells"] = run.cells;
    j["preview"]["examples"] = examples;
  }
  if (run.batch.done() && run.reading) {
    const auto& r = *run.reading;
    j["summary"] = {
        {"set", run.asked_set},
        {"model", run.batch.sent.model},
        {"prompts", r.prompts},
        {"answered", r.answered},
        {"unreadable", r.unreadable},
        {"failed", r.failed},
        {"cells_asked", r.cells_asked},
        {"cells_answered", r.cells_answered},
        {"cells_filled", run.filled},
        {"usage", {{"network_calls", run.batch.usage.network_calls}, {"replayed", run.batch.usage.replayed}}},
        {"notes", r.notes}};
  }
  if (run.agreement_report) {
    const auto& a = *run.agreement_report;
    nlohmann::json aspects = nlohmann::json::array(), features = nlohmann::json::array();
    for (const auto& as : a.aspects) {
      auto x = cell_json(as.pooled);
      x["aspect"] = sqlspace::aspect_name(as.aspect);
      x["features"] = as.features;
      x["mean_accuracy"] = as.mean_accuracy ? nlohmann::json(*as.mean_accuracy) : nlohmann::json();
      aspects.push_back(std::move(x));
    }
    for (const auto& f : a.features) {
      auto x = cell_json(f.cell);
      x["id"] = f.id;
      features.push_back(std::move(x));
    }
    j["agreement"] = {{"overall", cell_json(a.overall)}, {"aspects", aspects}, {"features", features}};
  }
  return j;
}

namespace {

std::array<bool, sqlspace::kAspectCount> aspects_from(const nlohmann::json& names) {
  std::array<bool, sqlspace::kAspectCount> on{};
  for (const auto& n : names)
    if (n.is_string())
      if (auto a = sqlspace::aspect_named(n.get<std::string>())) on[static_cast<size_t>(*a)] = true;
  return on;
}

// {"do": "space_llm", "set": NAME, "aspects"?: ["sql_syntax", ...], "batch"?: N, "agreement"?: bool,
//  "online"?: bool, "ask"?: bool}: the tab's settings, then (unless "ask" is false) "Ask the model..." (the preview
//  opens; nothing is sent).
const PageCommandRegistrar ask_registrar{"space_llm", [](AppState& s, const nlohmann::json& cmd) {
                                           auto& p = feature_space_panel(s);
                                           p.llm.set = cmd.value("set", p.llm.set);
                                           if (cmd.contains("aspects")) p.llm.aspects = aspects_from(cmd["aspects"]);
                                           p.llm.batch_size = cmd.value("batch", p.llm.batch_size);
                                           p.llm.agreement = cmd.value("agreement", p.llm.agreement);
                                           p.llm.online = cmd.value("online", p.llm.online);
                                           if (cmd.value("ask", true)) prepare_llm_features(s, p);
                                         }};
const PageCommandRegistrar llm_features_run_confirm_registrar{
    "space_llm_confirm", [](AppState& s, const nlohmann::json&) { confirm_llm_features(s, feature_space_panel(s)); }};
const PageCommandRegistrar llm_features_run_cancel_registrar{
    "space_llm_cancel", [](AppState& s, const nlohmann::json&) { cancel_llm_features(s, feature_space_panel(s)); }};

}  // namespace
}  // namespace chokepoint::web
