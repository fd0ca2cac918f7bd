// Text size: localStorage, font atlas and style.
#include "web/bridge/ui_scale.h"

#include <emscripten.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>

#include <cstdlib>
#include <string>

#include "web/bridge/local_store.h"
#include "web/fonts.h"

namespace chokepoint::web {
namespace {

float clamp_scale(double s) { return s < 1 ? 1.0f : s > 2 ? 2.0f : static_cast<float>(s); }

}  // namespace

float load_ui_scale() {
  const std::string s = local_get("chokepoint.ui_scale");
  return clamp_scale(s.empty() ? 1.0 : std::atof(s.c_str()));
}

void save_ui_scale(float scale) { local_set("chokepoint.ui_scale", std::to_string(clamp_scale(scale))); }

void apply_ui_scale(float scale, float dpr) {
  static float applied = 1.0f, applied_dpr = 1.0f;
  static ImGuiStyle base = ImGui::GetStyle();  // the unscaled style, captured on first use
  scale = clamp_scale(scale);
  if (dpr < 1.0f) dpr = 1.0f;
  // The window moved to a screen of another pixel ratio, or the user chose another text size.
  if (scale == applied && dpr == applied_dpr) return;
  applied = scale;
  applied_dpr = dpr;
  ImGuiIO& io = ImGui::GetIO();
  // At start (a high-density screen, a text size kept from an earlier visit) nothing is uploaded yet: the atlas is
  // only described again here and built once, when ImGui's device objects are created.
  const bool uploaded = io.Fonts->TexID != nullptr;
  io.Fonts->Clear();
  load_fonts(dpr, scale);
  if (uploaded) {
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
  }
  ImGuiStyle style = base;
  style.ScaleAllSizes(scale * dpr);  // the drawing buffer counts the screen's pixels
  ImGui::GetStyle() = style;
}

}  // namespace chokepoint::web
