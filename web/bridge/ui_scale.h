// The user's text size (1, 1.25, 1.5 or 2 times the normal 15 px), for projectors: kept in this browser's
// localStorage so it survives a reload, and applied between frames by rebuilding the font atlas at that size (sharp
// text, not a blurred magnification) and scaling ImGui's style.
#pragma once

namespace chokepoint::web {

float load_ui_scale();  // 1 when nothing was saved or localStorage is unavailable
void save_ui_scale(float scale);
// Before ImGui::NewFrame: rebuilds fonts and style when `scale` differs from the one last applied.
void apply_ui_scale(float scale, float device_pixel_ratio);

}  // namespace chokepoint::web
