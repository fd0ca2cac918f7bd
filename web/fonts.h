// Fonts: DejaVu Sans for text and DejaVu Sans Mono for SQL, rasterised at the device pixel ratio so text stays sharp
// on high-density screens, with Latin, Greek (ΔEX), punctuation and arrows. Falls back to ImGui's built-in font.
#pragma once
#include <imgui.h>

namespace chokepoint::web {

// `ui_scale` (1 = 15 px text) is the user's text size for projectors; the atlas is rasterised at that size too.
void load_fonts(float device_pixel_ratio, float ui_scale = 1.0f);
ImFont* mono_font();  // nullptr when only the built-in font is available

}  // namespace chokepoint::web
