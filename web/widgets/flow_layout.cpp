#include "web/widgets/flow_layout.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>

namespace chokepoint::web {

void flow_same_line(float next_width) {
  // Decided before moving: SameLine and then NewLine would leave the cursor past the edge for a moment, and ImGui
  // counts where the cursor was as part of the window's content.
  const float line_end = ImGui::GetCurrentWindowRead()->DC.CursorPosPrevLine.x + ImGui::GetStyle().ItemSpacing.x;
  const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  if (line_end + next_width <= right) ImGui::SameLine();
}

void flow_next_item(float item_width, const char* label) {
  flow_same_line(labelled_width(item_width, label));
  ImGui::SetNextItemWidth(item_width);
}

void wrapped_disabled(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(text);
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
}

void flow_wrapped(const std::string& text, const ImVec4& colour) {
  flow_same_line(std::min(text_width(text.c_str()), ImGui::GetContentRegionMax().x - ImGui::GetCursorStartPos().x));
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
}

void flow_disabled(const std::string& text) { flow_wrapped(text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled)); }

float text_width(const char* text) { return ImGui::CalcTextSize(text, nullptr, true).x; }

float button_width(const char* label) { return text_width(label) + ImGui::GetStyle().FramePadding.x * 2; }

float checkbox_width(const char* label) {
  const float text = text_width(label);
  return ImGui::GetFrameHeight() + (text > 0 ? ImGui::GetStyle().ItemInnerSpacing.x + text : 0);
}

float labelled_width(float item_width, const char* label) {
  const float text = text_width(label);
  return item_width + (text > 0 ? ImGui::GetStyle().ItemInnerSpacing.x + text : 0);
}

}  // namespace chokepoint::web
