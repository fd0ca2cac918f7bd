// Text size: localStorage, font atlas and style.
#include "web/bridge/ui_scale.h"

#include <emscripten.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>

#include "web/fonts.h"

namespace chokepoint::web {
namespace {

// localStorage may throw in private modes, hence the guards.
EM_JS(double, chokepoint_js_ui_scale_load, (), {
  try {
    return Number(window.localStorage.getItem("chokepoint.ui_scale") || "1") || 1;
  } catch (e) {
    return 1;
  }
});
EM_JS(void, chokepoint_js_ui_scale_save, (double scale), {
  try {
    window.localStorage.setItem("chokepoint.ui_scale", String(scale));
  } catch (e) {
  }
});

float clamp_scale(double s) { return s < 1 ? 1.0f : s > 2 ? 2.0f : static_cast<float>(s); }

}  // namespace

float load_ui_scale() { return clamp_scale(chokepoint_js_ui_scale_load()); }

void save_ui_scale(float scale) { chokepoint_js_ui_scale_save(clamp_scale(scale)); }

void apply_ui_scale(float scale, float dpr) {
  static float applied = 1.0f;
  static ImGuiStyle base = ImGui::GetStyle();  // the unscaled style, captured on first use
  scale = clamp_scale(scale);
  if (scale == applied) return;
  applied = scale;
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  load_fonts(dpr, scale);
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
  ImGuiStyle style = base;
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
}

}  // namespace chokepoint::web
