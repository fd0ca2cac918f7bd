// Where some buttons were drawn in the last frame, in CSS pixels, by name: browser tests click a person's way (at the
// widget's place) without hard-coding positions that move with the layout. Panels call note_item_place(name) right
// after the widget; chokepoint_app_json reports the places of the last frame under "buttons".
#pragma once
#include <map>
#include <string>

namespace chokepoint::web {

struct ItemPlace {
  float x = 0, y = 0, w = 0, h = 0;
  int frame = 0;
};

void note_item_place(const std::string& name);  // the last ImGui item's rectangle, this frame
void note_place(const std::string& name, float x, float y, float w, float h);  // a shape drawn this frame
// ImGui::BeginTabItem, the tab's place noted as "<label> tab" whether or not it is the open one.
bool begin_noted_tab_item(const char* label, int flags = 0);
std::map<std::string, ItemPlace> item_places_last_frame();  // those noted in the latest frame that noted any

}  // namespace chokepoint::web
