// Item places: a map overwritten each frame; entries of older frames are left out when read.
#include "web/widgets/item_places.h"

#include <imgui.h>

namespace chokepoint::web {
namespace {

std::map<std::string, ItemPlace>& places() {
  static std::map<std::string, ItemPlace> p;
  return p;
}

}  // namespace

void note_item_place(const std::string& name) {
  // Drawing happens in framebuffer pixels scaled by DisplayFramebufferScale; ImGui's coordinates are CSS pixels.
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  places()[name] = {a.x, a.y, b.x - a.x, b.y - a.y, ImGui::GetFrameCount()};
}

bool begin_noted_tab_item(const char* label, int flags) {
  const bool open = ImGui::BeginTabItem(label, nullptr, flags);
  note_item_place(std::string(label) + " tab");
  return open;
}

void note_place(const std::string& name, float x, float y, float w, float h) {
  places()[name] = {x, y, w, h, ImGui::GetFrameCount()};
}

std::map<std::string, ItemPlace> item_places_last_frame() {
  int latest = 0;
  for (const auto& [name, p] : places()) latest = std::max(latest, p.frame);
  std::map<std::string, ItemPlace> out;
  for (const auto& [name, p] : places())
    if (p.frame == latest) out[name] = p;
  return out;
}

}  // namespace chokepoint::web
