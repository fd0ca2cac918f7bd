// Fonts: DejaVu Sans for text and DejaVu Sans Mono for SQL, rasterised at the device pixel ratio so text stays sharp
// on high-density screens, with Latin, Greek (ΔEX), punctuation and arrows. Falls back to ImGui's built-in font.
#pragma once
#include <imgui.h>

namespace chokepoint::web {

void load_fonts(float device_pixel_ratio);
ImFont* mono_font();  // nullptr when only the built-in font is available

}  // namespace chokepoint::web
