// The Run a model tab's drawing: the setup (formats, the user's template), the preview of what is sent, and the job
// with its results; the run itself is run_model_panel.cpp.
#include <imgui.h>

#include <algorithm>
#include <utility>

#include "core/metrics/ex_headline.h"

#include "web/bridge/file_bridge.h"
#include "web/llm/llm_session.h"
#include "web/panels/metrics/metrics_run.h"
#include "web/panels/runner/run_model_panel.h"
#include "web/widgets/enum_combo.h"
#include "web/widgets/flow_layout.h"
#include "web/widgets/item_places.h"
#include "web/widgets/prompt_pager.h"
#include "web/widgets/string_input.h"
#include "web/widgets/text_colors.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {
namespace {

bool chosen(const RunModelPanel& panel, const std::string& name) {
  return std::find(panel.formats.begin(), panel.formats.end(), name) != panel.formats.end();
}

// The thirteenth format: the user's template, its schema style and postfix, checked as it is typed.
void draw_user_template(RunModelPanel& panel) {
  bool changed =
      ImGui::Checkbox((std::string(runner::kUserFormatName) + ": my own template").c_str(), &panel.use_template);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "A Mustache template of your own, run beside the chosen formats. It may use {{schema}}, {{question}}\n"
        "(with the evidence joined) and {{completion}} (what a Complete prompt ends with). Kept in this browser.");
  if (!panel.use_template) {
    if (changed) remember_user_template(panel);
    return;
  }
  const std::initializer_list<std::pair<runner::SchemaStyle, const char*>> styles = {
      {runner::SchemaStyle::Ddl, "DDL"}, {runner::SchemaStyle::SimpleDdl, "SimpleDDL"}};
  flow_same_line(labelled_width(enum_combo_item_width(styles, 120), "schema##template"));
  changed |= enum_combo("schema##template", panel.user_template.schema, styles, 120);
  const std::initializer_list<std::pair<PromptPostfix, const char*>> postfixes = {
      {PromptPostfix::Chat, "Chat"}, {PromptPostfix::Complete, "Complete"}};
  flow_same_line(labelled_width(enum_combo_item_width(postfixes, 120), "answer##template"));
  changed |= enum_combo("answer##template", panel.user_template.postfix, postfixes, 120);
  flow_same_line(text_width("Example") + ImGui::GetStyle().FramePadding.x * 2);
  if (ImGui::SmallButton("Example")) {
    panel.user_template.source = runner::example_user_template();
    changed = true;
  }
  changed |= input_text_multiline("##user-template", panel.user_template.source, ImVec2(-1, ui_px(130)));
  note_item_place("user template");
  const auto problems = runner::user_template_problems(panel.user_template.source);
  for (const auto& p : problems) ImGui::TextColored(kRed, "%s", p.c_str());
  if (problems.empty())
    ImGui::TextColored(kGreen, "The template can be used (format \"%s\").", runner::kUserFormatName);
  if (changed) remember_user_template(panel);
}

void draw_run_model_setup(AppState& state, RunModelPanel& panel) {
  const auto& sets = state.eval_sets.sets;
  ImGui::SetNextItemWidth(ui_px(220));
  const bool valid = panel.source_set >= 0 && panel.source_set < static_cast<int>(sets.size());
  if (ImGui::BeginCombo("set", valid ? sets[static_cast<size_t>(panel.source_set)].name.c_str() : "(none)")) {
    for (size_t i = 0; i < sets.size(); ++i)
      if (!sets[i].predictions && ImGui::Selectable(sets[i].name.c_str(), static_cast<int>(i) == panel.source_set))
        panel.source_set = static_cast<int>(i);
    ImGui::EndCombo();
  }
  flow_next_item(ui_px(90), "first N (0 = all)");
  ImGui::InputInt("first N (0 = all)", &panel.limit);
  panel.limit = std::max(0, panel.limit);
  flow_next_item(ui_px(90), "example rows");
  ImGui::InputInt("example rows", &panel.sample_rows);
  panel.sample_rows = std::clamp(panel.sample_rows, 0, 100);
  flow_same_line(checkbox_width("foreign keys"));
  ImGui::Checkbox("foreign keys", &panel.foreign_keys);
  wrapped_disabled(
      "Prompt formats (004 §4.1.1): schema as DDL or SimpleDDL, wrapped as MD, HTML or Coding, "
      "asked as Chat or Complete.");
  const auto all = runner::all_prompt_formats();
  // As many columns as the window holds, each as wide as the widest format's checkbox.
  float column = 0;
  for (const auto& f : all) column = std::max(column, checkbox_width(f.name().c_str()));
  column += ImGui::GetStyle().ItemSpacing.x * 2;
  const size_t columns =
      std::max<size_t>(1, std::min<size_t>(4, static_cast<size_t>(ImGui::GetContentRegionAvail().x / column)));
  const float left = ImGui::GetCursorPosX();
  for (size_t i = 0; i < all.size(); ++i) {
    const std::string name = all[i].name();
    bool on = chosen(panel, name);
    if (i % columns != 0) ImGui::SameLine(left + column * static_cast<float>(i % columns));
    if (ImGui::Checkbox(name.c_str(), &on)) {
      std::vector<std::string> next;
      for (const auto& g : all)
        if (g.name() == name ? on : chosen(panel, g.name())) next.push_back(g.name());
      panel.formats = std::move(next);
    }
  }
  draw_user_template(panel);
  ImGui::SetNextItemWidth(ui_px(90));
  ImGui::InputDouble("input price", &panel.input_price, 0, 0, "%.2f");
  flow_next_item(ui_px(90), "output price (per million tokens, for the cost estimate)");
  ImGui::InputDouble("output price (per million tokens, for the cost estimate)", &panel.output_price, 0, 0, "%.2f");
  panel.input_price = std::max(0.0, panel.input_price);
  panel.output_price = std::max(0.0, panel.output_price);
  wrapped_disabled(session_model_line().c_str());
  ImGui::Checkbox("evaluate when done", &panel.evaluate_when_done);
  flow_same_line(button_width("Preview prompts..."));
  if (ImGui::Button("Preview prompts...")) prepare_model_run(state, panel);
}

void draw_run_model_preview(AppState& state, RunModelPanel& panel) {
  const runner::PredictionPlan& plan = *panel.preview;
  if (!panel.interrupted_note.empty()) ImGui::TextColored(kAmber, "%s", panel.interrupted_note.c_str());
  ImGui::Text("Destination: %s", panel.preview_endpoint.c_str());
  ImGui::Text(
      "%zu prompts: %zu will be sent (about %lld prompt tokens, each answer up to %d tokens), %zu answered "
      "by the replay store.",
      plan.calls.size(), plan.network_calls, plan.estimated_tokens, plan.max_answer_tokens,
      plan.calls.size() - plan.network_calls);
  if (panel.input_price > 0 || panel.output_price > 0)
    ImGui::Text("Estimated cost: at most %.4f (answers at their cap)", plan.estimated_cost);
  ImGui::TextDisabled("Each prompt holds the schema%s and the question; nothing else leaves the page.",
                      panel.sample_rows > 0 ? ", example rows" : "");
  const bool confirm = ImGui::Button("Confirm and send");
  note_item_place("Confirm and send");
  if (confirm) confirm_model_run(state, panel);
  ImGui::SameLine();
  if (ImGui::Button("Discard")) discard_model_preview(panel);
  if (!panel.preview) return;
  const auto names = panel.job->format_names();
  if (names.empty()) return;
  panel.preview_format = std::clamp(panel.preview_format, 0, static_cast<int>(names.size()) - 1);
  ImGui::SetNextItemWidth(ui_px(240));
  if (ImGui::BeginCombo("format shown", names[static_cast<size_t>(panel.preview_format)].c_str())) {
    for (size_t i = 0; i < names.size(); ++i)
      if (ImGui::Selectable(names[i].c_str(), static_cast<int>(i) == panel.preview_format))
        panel.preview_format = static_cast<int>(i);
    ImGui::EndCombo();
  }
  // Every prompt of the chosen format, one page each.
  std::vector<const runner::PlannedPrompt*> shown;
  for (const auto& c : plan.calls)
    if (c.format == names[static_cast<size_t>(panel.preview_format)]) shown.push_back(&c);
  draw_prompt_pager("run model", shown.size(), [&](size_t i) {
    const auto& c = *shown[i];
    return std::make_pair(
        c.id + ": about " + std::to_string(c.estimated_tokens) + " tokens" + (c.in_replay ? " (replay)" : ""),
        c.prompt);
  });
}

// The last run's prediction sets (kept in the workspace, so they are here after a reload too), each with its EX
// when the Metrics panel's evaluation is of it, an Evaluate and a Download button.
void draw_published(AppState& state, RunModelPanel& panel) {
  if (panel.published.empty()) return;
  ImGui::Text("Predictions (BIRD's format, loaded as prediction sets):");
  const auto evaluated = current_evaluation(state);
  for (size_t i = 0; i < panel.published.size(); ++i) {
    const std::string& name = panel.published[i];
    ImGui::BulletText("%s", name.c_str());
    const std::string label = evaluated ? evaluated->label : "";
    if (evaluated && evaluated->done && label == panel.gold_name + " vs " + name) {
      const auto s = summarize(evaluated->items(), evaluated->options().regimes);
      ImGui::SameLine();
      ImGui::TextColored(kGreen, "EX %.2f%% (%s)", s.ex, semantics_label(evaluated->options().semantics));
    }
    ImGui::SameLine();
    ImGui::PushID(static_cast<int>(i));
    if (ImGui::SmallButton("Evaluate")) evaluate_published(state, panel, i);
    ImGui::SameLine();
    if (ImGui::SmallButton("Download")) {
      const int at = find_set(state, name);
      if (at >= 0) offer_download(state.eval_sets.sets[static_cast<size_t>(at)].path, name, "application/json");
    }
    ImGui::PopID();
  }
}

void draw_run_model_job(AppState& state, RunModelPanel& panel) {
  runner::PredictionJob& job = *panel.job;
  const size_t total = job.tasks().size(), answered = job.answered();
  const UsageTotals usage = job.usage();
  ImGui::ProgressBar(total ? static_cast<float>(answered) / static_cast<float>(total) : 0.0f, ui_px(300, 0));
  ImGui::SameLine();
  ImGui::Text("%zu / %zu answered: %zu SQL, %zu without SQL, %zu failed calls%s", answered, total,
              job.count(runner::PredictionStatus::Ok), job.count(runner::PredictionStatus::NoSql),
              job.count(runner::PredictionStatus::LlmError),
              job.stopped() == SchedulerStop::Cancelled ? " (cancelled)" : "");
  ImGui::Text("%lld network calls (%lld retries), %lld replayed, %lld + %lld tokens, cost %.4f", usage.network_calls,
              usage.retries, usage.replayed, usage.prompt_tokens, usage.completion_tokens, usage.cost);
  if (job.running() && job.stopped() == SchedulerStop::None) {
    if (ImGui::Button("Cancel")) job.cancel();
  } else if (job.running()) {
    if (ImGui::Button("Resume")) job.resume();
  } else if (job.count(runner::PredictionStatus::LlmError) > 0 && !panel.preview) {
    if (ImGui::Button("Retry failed calls...")) {
      panel.preview = job.plan(&session_replay());
      panel.preview_format = 0;
      (void)panel.life.open_preview(plan_facts(*panel.preview, panel.preview_endpoint, panel.model_name));
    }
  }
  draw_published(state, panel);
  draw_model_table(panel.table);
  ImGui::BeginChild("run-items", ImVec2(0, 0), true);
  if (ImGui::BeginTable("run-items-table", 4,
                        ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchProp |
                            ImGuiTableFlags_ScrollY)) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("item", ImGuiTableColumnFlags_WidthFixed, ui_px(60));
    ImGui::TableSetupColumn("format", ImGuiTableColumnFlags_WidthFixed, ui_px(170));
    ImGui::TableSetupColumn("status", ImGuiTableColumnFlags_WidthFixed, ui_px(90));
    ImGui::TableSetupColumn("SQL or why not", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(total));
    while (clipper.Step()) {
      for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
        const auto& t = job.tasks()[static_cast<size_t>(row)];
        const auto& r = job.results()[static_cast<size_t>(row)];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(job.set().items[t.item].key.c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(t.format.name().c_str());
        ImGui::TableNextColumn();
        if (!r)
          ImGui::TextDisabled("pending");
        else if (r->status == runner::PredictionStatus::Ok)
          ImGui::TextColored(kGreen, "SQL");
        else
          ImGui::TextColored(r->status == runner::PredictionStatus::NoSql ? kAmber : kRed, "%s",
                             runner::prediction_status_name(r->status));
        ImGui::TableNextColumn();
        if (r) ImGui::TextUnformatted((r->status == runner::PredictionStatus::Ok ? r->sql : r->error).c_str());
      }
    }
    ImGui::EndTable();
  }
  ImGui::EndChild();
}

}  // namespace

void draw_run_model_panel(AppState& state, RunModelPanel& panel) {
  restore_user_template(panel);
  if (!ImGui::BeginTabBar("run-model-views")) return;
  const bool run_open = ImGui::BeginTabItem("Text-to-SQL");
  note_item_place("Text-to-SQL tab");
  if (run_open) {
    const bool busy = panel.job && panel.job->running();
    ImGui::BeginDisabled(busy || panel.preview.has_value());
    draw_run_model_setup(state, panel);
    ImGui::EndDisabled();
    if (!panel.error.empty()) draw_error(panel.error);
    if (panel.preview) {
      ImGui::Separator();
      draw_run_model_preview(state, panel);
    } else if (panel.job && (busy || panel.job->answered() > 0)) {
      ImGui::Separator();
      draw_run_model_job(state, panel);
    } else if (!panel.published.empty()) {  // a finished run's sets, back after a reload
      ImGui::Separator();
      ImGui::Text("The last run (%s on %s), kept in the workspace:", panel.model_name.c_str(),
                  panel.source_name.c_str());
      draw_published(state, panel);
      draw_model_table(panel.table);  // the page's earlier runs too, kept with the last one
    } else if (panel.taking_replayed) {
      ImGui::Separator();
      ImGui::TextDisabled("Taking back the answers of the run a reload interrupted...");
    }
    ImGui::EndTabItem();
  }
  const bool linking_open = ImGui::BeginTabItem("Schema linking");
  note_item_place("Schema linking tab");
  if (linking_open) {
    draw_linking_view(state, panel.linking, panel.source_set);
    ImGui::EndTabItem();
  }
  const bool retrieval_open = ImGui::BeginTabItem(
      "Retrieval", nullptr, std::exchange(panel.select_retrieval, false) ? ImGuiTabItemFlags_SetSelected : 0);
  note_item_place("Retrieval tab");
  if (retrieval_open) {
    draw_retrieval_view(state, panel.retrieval, panel.source_set);
    ImGui::EndTabItem();
  }
  const bool bigtable_open = ImGui::BeginTabItem("BigTable");
  note_item_place("BigTable tab");
  if (bigtable_open) {
    draw_bigtable_view(state, panel.bigtable, panel.source_set);
    ImGui::EndTabItem();
  }
  ImGui::EndTabBar();
}

}  // namespace chokepoint::web
