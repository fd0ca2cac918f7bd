// The Text augmentation panel's state for the page (tests read it) and its page commands.
#include "web/panels/tqa/tqa_views.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "core/tqa/augmentation_prompts.h"
#include "web/bridge/lexicon_loader.h"
#include "web/llm/llm_session.h"
#include "web/panel_registry.h"
#include "web/widgets/enum_combo.h"
#include "web/widgets/highlighted_text.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {

nlohmann::json tqa_state_json(const TqaPanel& panel) {
  nlohmann::json j = {{"lexicon", lexicon_state_json()}, {"error", panel.error}, {"selected", panel.selected}};
  j["llm_available"] = llm_unavailable_reason().empty();
  if (panel.linker) {
    const auto& run = *panel.linker;
    j["analysis"] = {{"set", run.set_name},
                     {"running", run.running()},
                     {"done", run.done()},
                     {"cancelled", run.cancelled},
                     {"analysed", run.analyses.size()},
                     {"total", run.items.size()},
                     {"analysis_ms", run.analysis_ms},
                     {"statistics", tqa::linker_statistics_json(tqa::linker_statistics(run.analyses))},
                     {"items", tqa::linker_items_json(run.analyses)}};
  }
  if (const auto* a = selected_analysis(panel)) {
    j["selected_item"] = {{"key", a->item.key}, {"linker_table", a->linker ? a->linker->table : ""}};
    if (a->linker) {
      const PromptLibrary* prompts = session_prompts();
      nlohmann::json rendered = nlohmann::json::object();
      for (tqa::Strategy s : tqa::kAllStrategies) {
        if (!prompts || a->references.question_tokens() == 0) break;
        auto p = tqa::render_augmentation_prompt(*prompts, s, tqa::TextSide::question, a->item, a->linker->table,
                                                 a->references, a->item.question);
        rendered[tqa::strategy_code(s)] = p.ok() ? *p : "error: " + p.error();
      }
      j["selected_item"]["question_prompts"] = rendered;
    }
  }
  if (panel.augmentation && panel.augmentation->job) {
    const auto& job = *panel.augmentation->job;
    nlohmann::json results = nlohmann::json::array();
    for (const auto& r : job.results()) {
      nlohmann::json q = nlohmann::json::array(), e = nlohmann::json::array();
      for (const auto& s : r.hiding.question) q.push_back(s ? nlohmann::json(*s) : nlohmann::json());
      for (const auto& s : r.hiding.evidence) e.push_back(s ? nlohmann::json(*s) : nlohmann::json());
      results.push_back({{"key", r.source->item.key},
                         {"strategy", tqa::strategy_code(r.strategy)},
                         {"new_question", r.new_question},
                         {"new_evidence", r.new_evidence},
                         {"hiding_question", q},
                         {"hiding_evidence", e},
                         {"errors", r.errors}});
    }
    j["augmentation"] = {{"label", panel.augmentation->label},
                         {"batch", panel.augmentation->preview.life.json()},
                         {"finished", job.finished()},
                         {"progress", job.progress()},
                         {"results", results},
                         {"hiding", job.hiding_table()},
                         {"whole_set", panel.augmentation->whole_set},
                         {"published", panel.augmentation->published}};
    if (panel.augmentation->preview.open())
      j["augmentation"]["preview"] = held_preview_json(panel.augmentation->preview, *panel.augmentation->scheduler);
  }
  if (!panel.augmentation_error.empty()) j["augmentation_error"] = panel.augmentation_error;
  if (!panel.plan_for.empty()) j["plan"] = tqa::rename_plan_json(panel.plan);
  if (panel.denat) {
    const auto& run = *panel.denat;
    nlohmann::json items = nlohmann::json::array();
    for (const auto& r : run.job->results())
      items.push_back({{"key", r.original.key},
                       {"kept", r.kept},
                       {"reason", r.reason},
                       {"sql", r.original.sql},
                       {"less_natural_sql", r.less_natural_sql},
                       {"less_natural_question", r.less_natural_question}});
    j["variant"] = {{"source", run.source_db_id},
                    {"keep_by", tqa::denat_keep_rule_name(run.keep)},
                    {"ex_from", run.ex_from},
                    {"variant_id", run.variant_id},
                    {"db_path", run.db_path},
                    {"set_path", run.set_path},
                    {"setting", tqa::denat_setting_name(run.setting)},
                    {"running", run.running()},
                    {"finished", run.finished},
                    {"cancelled", run.cancelled},
                    {"error", run.error},
                    {"checked", run.checked()},
                    {"total", run.total},
                    {"kept", run.kept()},
                    {"items", items},
                    {"with_llm", run.with_llm},
                    {"settings_published", run.settings_published},
                    {"batch", run.preview.life.json()},
                    {"phase", tqa::denat_phase_name(run.job->phase())}};
    if (run.job->phase() >= tqa::DenatPhase::sql && run.job->phase() != tqa::DenatPhase::failed)
      j["variant"]["plan"] = tqa::rename_plan_json(run.job->plan());
    if (run.with_llm) {
      const auto& use = run.job->llm_use();
      j["variant"]["llm_answers"] = {{"naturalness", use.naturalness.json()},
                                     {"questions", use.questions.json()},
                                     {"evidence", use.evidence.json()}};
      if (run.preview.open()) j["variant"]["preview"] = held_preview_json(run.preview, *run.scheduler);
    }
  }
  if (!panel.denat_error.empty()) j["variant_error"] = panel.denat_error;
  j["split"] = tqa_split_view_json(panel.split);
  return j;
}

namespace {

// {"do": "tqa_analyze", "set": NAME}: analyse a set's linker tables (the lexicon is fetched first if needed).
void analyze_command(AppState& state, const nlohmann::json& cmd) {
  auto& panel = tqa_panel(state);
  if (cmd.contains("set")) {
    const int s = find_set(state, cmd.value("set", ""));
    if (s < 0) {
      notify(state, "tqa_analyze: no loaded set named " + cmd.value("set", ""), true);
      return;
    }
    panel.set_index = s;
  }
  panel.auto_analysed = true;
  request_lexicon();
  panel.request_analysis = true;
  panel.view = TqaPanel::View::linker;
}

// {"do": "tqa_select", "key": KEY, "view": "linker" | "strategies" | "denat" | "split"}
void select_command(AppState& state, const nlohmann::json& cmd) {
  auto& panel = tqa_panel(state);
  if (cmd.contains("key") && panel.linker) {
    const std::string key = cmd["key"].is_string() ? cmd["key"].get<std::string>() : cmd["key"].dump();
    panel.selected = -1;
    for (size_t i = 0; i < panel.linker->analyses.size(); ++i)
      if (panel.linker->analyses[i].item.key == key) panel.selected = static_cast<int>(i);
    if (panel.selected < 0) notify(state, "tqa_select: item " + key + " is not analysed", true);
  }
  const std::string view = cmd.value("view", "");
  panel.view = view == "linker"       ? TqaPanel::View::linker
               : view == "strategies" ? TqaPanel::View::strategies
               : view == "denat"      ? TqaPanel::View::denat
               : view == "split"      ? TqaPanel::View::split
                                      : TqaPanel::View::none;
}

// {"do": "tqa_variant", "db": DB_ID, "set": NAME, "setting": "O/L" | "L/L", "llm": BOOL, "keep_by"?: "gold-result" |
// "system-ex" | "both"}: create a de-naturalised variant (with "llm", naturalness and the texts through the LLM tab's
// endpoint).
void variant_command(AppState& state, const nlohmann::json& cmd) {
  auto& panel = tqa_panel(state);
  const std::string db = cmd.value("db", "");
  panel.denat_db = -1;
  for (size_t i = 0; i < state.databases.databases.size() && panel.denat_db < 0; ++i)
    if (state.databases.databases[i].schema.db_id == db) panel.denat_db = static_cast<int>(i);
  if (panel.denat_db < 0) {
    notify(state, "tqa_variant: no loaded database " + db, true);
    return;
  }
  if (cmd.contains("set")) panel.set_index = find_set(state, cmd.value("set", ""));
  panel.denat_setting = cmd.value("setting", "L/L") == "O/L" ? tqa::DenatSetting::OL : tqa::DenatSetting::LL;
  panel.denat_llm = cmd.value("llm", false);
  auto keep = tqa::denat_keep_rule_from_name(cmd.value("keep_by", std::string("gold-result")));
  if (!keep.ok()) return notify(state, "tqa_variant: keep_by: " + keep.error(), true);
  panel.denat_keep = *keep;
  request_lexicon();
  panel.request_variant = true;
  panel.view = TqaPanel::View::denat;
}

// {"do": "tqa_augment", "key": KEY | absent for the whole set}: run the strategies through the LLM session.
void augment_command(AppState& state, const nlohmann::json& cmd) {
  auto& panel = tqa_panel(state);
  std::optional<size_t> item;
  if (cmd.contains("key")) {
    select_command(state, {{"key", cmd["key"]}});
    if (panel.selected < 0) return;
    item = static_cast<size_t>(panel.selected);
  }
  stop_augmentation(panel);
  auto run = start_augmentation_run(panel.linker, item);
  if (!run.ok()) {
    panel.augmentation_error = run.error();
    notify(state, "tqa_augment: " + run.error(), true);
    return;
  }
  panel.augmentation_error.clear();
  panel.augmentation = std::move(run).value();
  set_call_log_run(panel.augmentation.get());
  panel.view = TqaPanel::View::strategies;
}

// {"do": "tqa_augment_confirm"} / {"do": "tqa_augment_discard"}: the preview's buttons.
void augment_confirm_command(AppState& state, const nlohmann::json&) {
  auto& panel = tqa_panel(state);
  if (!panel.augmentation || !panel.augmentation->preview.open()) return notify(state, "tqa: no preview is open", true);
  if (auto st = confirm_augmentation_run(*panel.augmentation); !st.ok()) {
    panel.augmentation_error = st.error();
    panel.augmentation.reset();
    notify(state, "tqa_augment: " + st.error(), true);
  }
}

const PageCommandRegistrar analyze_registrar{"tqa_analyze", analyze_command};
const PageCommandRegistrar augment_confirm_registrar{"tqa_augment_confirm", augment_confirm_command};
// {"do": "tqa_denat_confirm"} / {"do": "tqa_denat_discard"}: the variant preview's buttons.
const PageCommandRegistrar denat_confirm_registrar{"tqa_denat_confirm", [](AppState& state, const nlohmann::json&) {
                                                     auto& panel = tqa_panel(state);
                                                     if (!panel.denat || !panel.denat->preview.open())
                                                       return notify(state, "tqa: no variant preview is open", true);
                                                     if (auto st = confirm_denat_run(*panel.denat); !st.ok()) {
                                                       cancel_denat_run(*panel.denat);
                                                       panel.denat_error = st.error();
                                                       notify(state, "tqa variant: " + st.error(), true);
                                                     }
                                                   }};
const PageCommandRegistrar denat_discard_registrar{"tqa_denat_discard", [](AppState& state, const nlohmann::json&) {
                                                     auto& panel = tqa_panel(state);
                                                     if (panel.denat && panel.denat->running())
                                                       cancel_denat_run(*panel.denat);
                                                   }};
const PageCommandRegistrar augment_discard_registrar{
    "tqa_augment_discard", [](AppState& state, const nlohmann::json&) { tqa_panel(state).augmentation.reset(); }};
const PageCommandRegistrar tqa_commands_select_registrar{"tqa_select", select_command};
const PageCommandRegistrar variant_registrar{"tqa_variant", variant_command};
// {"do": "tqa_split", "set"?: NAME, "seed"?: N, "test_share"?: F, "dev_share"?: F}: the Split view's choices and its
// button.
const PageCommandRegistrar split_registrar{"tqa_split", [](AppState& state, const nlohmann::json& cmd) {
                                             auto& panel = tqa_panel(state);
                                             if (cmd.contains("set"))
                                               panel.set_index = find_set(state, cmd.value("set", ""));
                                             panel.split.seed = cmd.value("seed", panel.split.seed);
                                             panel.split.test_share = cmd.value("test_share", panel.split.test_share);
                                             panel.split.dev_share = cmd.value("dev_share", panel.split.dev_share);
                                             start_tqa_split(state, panel.split, effective_set(state, panel));
                                           }};
// {"do": "tqa_denat_settings"}: the finished variant's four settings as sets, as its button adds them.
const PageCommandRegistrar denat_settings_registrar{
    "tqa_denat_settings", [](AppState& state, const nlohmann::json&) {
      auto& panel = tqa_panel(state);
      if (!panel.denat) return notify(state, "tqa_denat_settings: no variant has been made", true);
      if (auto st = publish_denat_settings(state, *panel.denat); !st.ok())
        notify(state, "tqa_denat_settings: " + st.error(), true);
    }};
const PageCommandRegistrar augment_registrar{"tqa_augment", augment_command};
const PageCommandRegistrar lexicon_registrar{"tqa_load_lexicon",
                                             [](AppState&, const nlohmann::json&) { request_lexicon(); }};

}  // namespace

}  // namespace chokepoint::web
