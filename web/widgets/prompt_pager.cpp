// The prompt pager (see prompt_pager.h).
#include "web/widgets/prompt_pager.h"

#include <imgui.h>

#include <algorithm>

#include "web/widgets/item_places.h"
#include "web/widgets/ui_px.h"

namespace chokepoint::web {

void draw_prompt_pager(const char* id, size_t count,
                       const std::function<std::pair<std::string, std::string>(size_t)>& at, int& page) {
  if (count == 0) {
    ImGui::TextDisabled("no prompt to send");
    return;
  }
  page = std::clamp(page, 0, static_cast<int>(count) - 1);
  ImGui::PushID(id);
  const bool first = page == 0, last = page + 1 == static_cast<int>(count);
  ImGui::BeginDisabled(first);
  if (ImGui::SmallButton("<< first")) page = 0;
  ImGui::SameLine();
  if (ImGui::SmallButton("< previous")) --page;
  note_item_place((std::string(id) + " previous prompt").c_str());
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(last);
  if (ImGui::SmallButton("next >")) ++page;
  note_item_place((std::string(id) + " next prompt").c_str());
  ImGui::SameLine();
  if (ImGui::SmallButton("last >>")) page = static_cast<int>(count) - 1;
  ImGui::EndDisabled();
  ImGui::SameLine();
  page = std::clamp(page, 0, static_cast<int>(count) - 1);
  const auto [name, prompt] = at(static_cast<size_t>(page));
  ImGui::Text("prompt %d of %zu: %s", page + 1, count, name.c_str());
  ImGui::BeginChild("prompt-text", ImVec2(0, ui_px(180)), true, ImGuiWindowFlags_HorizontalScrollbar);
  ImGui::TextUnformatted(prompt.c_str());
  ImGui::EndChild();
  ImGui::PopID();
}

void draw_prompt_pager(const char* id, size_t count,
                       const std::function<std::pair<std::string, std::string>(size_t)>& at) {
  int* page = ImGui::GetStateStorage()->GetIntRef(ImGui::GetID(id), 0);
  draw_prompt_pager(id, count, at, *page);
}

}  // namespace chokepoint::web
