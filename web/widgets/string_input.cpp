// Growing-buffer text inputs (see string_input.h).
#include "web/widgets/string_input.h"

namespace chokepoint::web {
namespace {

int resize(ImGuiInputTextCallbackData* data) {
  if (data->EventFlag == ImGuiInputTextFlags_CallbackResize) {
    auto* text = static_cast<std::string*>(data->UserData);
    text->resize(static_cast<size_t>(data->BufTextLen));
    data->Buf = text->data();
  }
  return 0;
}

}  // namespace

bool input_text_multiline(const char* label, std::string& text, const ImVec2& size) {
  // ImGui writes a terminating NUL at Buf[BufTextLen], which std::string's storage always has room for.
  return ImGui::InputTextMultiline(label, text.data(), text.capacity() + 1, size, ImGuiInputTextFlags_CallbackResize,
                                   resize, &text);
}

bool input_text(const char* label, std::string& text) {
  return ImGui::InputText(label, text.data(), text.capacity() + 1, ImGuiInputTextFlags_CallbackResize, resize, &text);
}

}  // namespace chokepoint::web
