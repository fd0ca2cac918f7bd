// Sizes in the app's own pixels: a width or height written for 100% text on a screen of device pixel ratio 1, grown
// with the text (Help's text size, and the screen's pixel ratio, which the drawing buffer follows). The base is the
// UI font's size at 100% (web/fonts.cpp).
#pragma once
#include <imgui.h>

namespace chokepoint::web {

inline float ui_px(float at_100_percent) { return at_100_percent * ImGui::GetFontSize() / 15.0f; }
inline ImVec2 ui_px(float w, float h) { return ImVec2(ui_px(w), ui_px(h)); }

}  // namespace chokepoint::web
