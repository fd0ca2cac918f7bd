// The Items tab (see items_view.h).
#include "web/panels/metrics/items_view.h"

#include <imgui.h>

#include <string>

#include "web/panels/metrics/explanation_view.h"
#include "web/widgets/enum_combo.h"

namespace chokepoint::web {
namespace {

enum class ItemFilter { All, ExZero, Errors, TimeLimits, Truncated, Changed };

bool passes_items(ItemFilter f, const ItemEvaluation& it, const ItemEvaluation* pinned) {
  const bool scored = it.status == ItemStatus::Scored;
  switch (f) {
    case ItemFilter::All:
      return true;
    case ItemFilter::ExZero:
      return scored && !it.ex;
    case ItemFilter::Errors:
      return !scored || it.pred_status == QueryStatus::Error;
    case ItemFilter::TimeLimits:
      return scored && it.pred_status == QueryStatus::Timeout;
    case ItemFilter::Truncated:
      return it.truncated;
    case ItemFilter::Changed:
      return pinned && pinned->ex != it.ex;
  }
  return true;
}

}  // namespace

std::vector<size_t> filtered_items(const MetricsRun& run, const MetricsPanel& panel) {
  const auto filter = static_cast<ItemFilter>(panel.item_filter);
  const bool have_pin = panel.baseline && panel.baseline->items().size() == run.items().size();
  std::vector<size_t> shown;
  for (size_t i = 0; i < run.items().size(); ++i)
    if (passes_items(filter, run.items()[i], have_pin ? &panel.baseline->items()[i] : nullptr)) shown.push_back(i);
  return shown;
}

void draw_items(const MetricsRun& run, MetricsPanel& panel) {
  ImGui::BeginChild("metric-items", ImVec2(ImGui::GetContentRegionAvail().x * 0.35f, 0), true);
  auto filter = static_cast<ItemFilter>(panel.item_filter);
  const bool have_pin = panel.baseline && panel.baseline->items().size() == run.items().size();
  enum_combo("show", filter,
             {{ItemFilter::All, "all items"},
              {ItemFilter::ExZero, "EX = 0"},
              {ItemFilter::Errors, "errors"},
              {ItemFilter::TimeLimits, "time limits"},
              {ItemFilter::Truncated, "truncated"},
              {ItemFilter::Changed, have_pin ? "changed vs pinned" : "changed vs pinned (pin a run)"}},
             190);
  panel.item_filter = static_cast<int>(filter);
  const std::vector<size_t> shown = filtered_items(run, panel);
  ImGui::SameLine();
  ImGui::TextDisabled("%zu of %zu", shown.size(), run.items().size());
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(shown.size()));
  while (clipper.Step()) {
    for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
      const size_t i = shown[static_cast<size_t>(row)];
      const auto& it = run.items()[i];
      const char* mark = it.status != ItemStatus::Scored ? "gold?" : it.ex ? "EX=1" : "EX=0";
      // Why an item is what it is, at a glance: a limit, an error, or a result cut by a cap.
      const char* why = it.status != ItemStatus::Scored          ? ""
                        : it.pred_status == QueryStatus::Timeout ? "  time limit"
                        : it.pred_status == QueryStatus::Error   ? "  error"
                        : it.truncated                           ? "  truncated"
                                                                 : "";
      const ImVec4 colour = it.status != ItemStatus::Scored     ? ImVec4(0.6f, 0.6f, 0.6f, 1)
                            : it.pred_status != QueryStatus::Ok ? ImVec4(1, 0.6f, 0.35f, 1)
                            : it.ex                             ? ImVec4(0.55f, 0.85f, 0.55f, 1)
                                                                : ImVec4(1, 0.5f, 0.5f, 1);
      std::string label = std::string(mark) + why + "  " + it.id + "  [" + it.db_id + "]##" + std::to_string(i);
      ImGui::PushStyleColor(ImGuiCol_Text, colour);
      if (ImGui::Selectable(label.c_str(), panel.selected_item == static_cast<int>(i)))
        panel.selected_item = static_cast<int>(i);
      ImGui::PopStyleColor();
      if (ImGui::IsItemHovered() && i < run.pairs().size()) {
        // The SQL without opening the item.
        const std::string pred = run.pairs()[i].pred_sql.substr(0, 400);
        ImGui::SetTooltip("prediction: %s%s", pred.empty() ? "(empty)" : pred.c_str(),
                          it.message.empty() ? "" : ("\n" + it.message.substr(0, 200)).c_str());
      }
    }
  }
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("metric-explain", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
  if (panel.selected_item < 0 || panel.selected_item >= static_cast<int>(run.items().size())) {
    ImGui::TextDisabled("Select an item to see which columns, rows and cells matched.");
  } else {
    const size_t i = static_cast<size_t>(panel.selected_item);
    draw_item_explanation(run.pairs()[i], run.items()[i], run.options().regimes,
                          i < run.question.size() ? run.question[i] : "",
                          i < run.evidence.size() ? run.evidence[i] : "");
  }
  ImGui::EndChild();
}

}  // namespace chokepoint::web
