#include "web/bridge/clipboard.h"

#include <emscripten.h>
#include <imgui.h>

#include <string>

extern "C" {
// Implemented in web/bridge/js/clipboard.js.
void chokepoint_js_clipboard_listen();
void chokepoint_js_clipboard_write(const char* text);
int chokepoint_js_is_mac();
}

namespace chokepoint::web {
namespace {

// The text a paste gives: the last copy or cut in the app, or what the system clipboard held at the last paste.
std::string& clipboard_text() {
  static std::string text;
  return text;
}

// ImGui pastes again each time it repeats a key held past its repeat delay (0.275 s of its clock), so a paste key held
// across a few slow frames pasted several times. A paste is one press of the key: a read while V (or Insert, for
// Shift+Insert) has been down for a frame or more is ImGui's repeat, and gives nothing.
bool paste_key_just_pressed() {
  const ImGuiIO& io = ImGui::GetIO();
  for (ImGuiKey key : {ImGuiKey_V, ImGuiKey_Insert}) {
    const int i = io.KeyMap[key];
    if (i >= 0 && i < 512 && io.KeysDown[i] && io.KeysDownDuration[i] == 0.0f) return true;
  }
  return false;
}

const char* get_clipboard(void*) { return paste_key_just_pressed() ? clipboard_text().c_str() : ""; }

void set_clipboard(void*, const char* text) {
  clipboard_text() = text ? text : "";
  chokepoint_js_clipboard_write(clipboard_text().c_str());
}

}  // namespace

void install_clipboard() {
  ImGuiIO& io = ImGui::GetIO();
  io.GetClipboardTextFn = get_clipboard;
  io.SetClipboardTextFn = set_clipboard;
  io.ClipboardUserData = nullptr;
  io.ConfigMacOSXBehaviors = chokepoint_js_is_mac() != 0;
  chokepoint_js_clipboard_listen();
}

}  // namespace chokepoint::web

// Called by the page's paste listener with the system clipboard's text.
extern "C" EMSCRIPTEN_KEEPALIVE void chokepoint_clipboard_from_page(const char* text) {
  chokepoint::web::clipboard_text() = text ? text : "";
}
