// ImGui text inputs bound to a std::string of any length (ImGui's own take a fixed char buffer): the buffer grows
// through ImGui's resize callback, so a long template or query is never cut.
#pragma once
#include <string>

#include <imgui.h>

namespace chokepoint::web {

bool input_text(const char* label, std::string& text);
bool input_text_multiline(const char* label, std::string& text, const ImVec2& size);

}  // namespace chokepoint::web
