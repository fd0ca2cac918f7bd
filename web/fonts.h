// The font: DejaVu Sans for all text, SQL included, rasterised at the device pixel ratio so text stays sharp on
// high-density screens, with Latin, Greek (ΔEX), punctuation and arrows. Falls back to ImGui's built-in font.
#pragma once
#include <imgui.h>

namespace chokepoint::web {

// `ui_scale` (1 = 15 px text) is the user's text size for projectors; the atlas is rasterised at that size too.
void load_fonts(float device_pixel_ratio, float ui_scale = 1.0f);

}  // namespace chokepoint::web
