// Word-wrapped text with coloured ranges: the text is cut at highlight boundaries and spaces, each piece drawn with
// SameLine(0, 0) and wrapped when it would overflow the content region.
#include "web/widgets/highlighted_text.h"

#include <string>

namespace chokepoint::web {
namespace {

// The highlight covering byte `at`, or -1.
int highlight_at(const std::vector<TextHighlight>& highlights, size_t at) {
  for (size_t i = 0; i < highlights.size(); ++i)
    if (at >= highlights[i].begin && at < highlights[i].end) return static_cast<int>(i);
  return -1;
}

}  // namespace

void draw_highlighted_text(std::string_view text, const std::vector<TextHighlight>& highlights) {
  if (text.empty()) {
    ImGui::TextDisabled("(empty)");
    return;
  }
  const float left = ImGui::GetCursorPosX();
  const float right = left + ImGui::GetContentRegionAvail().x;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  bool first = true;
  size_t i = 0;
  while (i < text.size()) {
    // One piece: a run of spaces, or a run of non-spaces under one highlight.
    const int h = highlight_at(highlights, i);
    size_t j = i + 1;
    if (text[i] == ' ') {
      while (j < text.size() && text[j] == ' ') ++j;
    } else {
      while (j < text.size() && text[j] != ' ' && highlight_at(highlights, j) == h) ++j;
    }
    const std::string piece(text.substr(i, j - i));
    const float width = ImGui::CalcTextSize(piece.c_str()).x;
    if (!first) {
      ImGui::SameLine(0, 0);
      const bool space = piece[0] == ' ';
      if (ImGui::GetCursorPosX() + width > right && !space) ImGui::NewLine();
      if (space && ImGui::GetCursorPosX() + width > right) {  // a space at the line's end: drop it
        i = j;
        continue;
      }
    }
    first = false;
    if (h >= 0) {
      const ImVec2 p = ImGui::GetCursorScreenPos();
      const ImVec4 c = highlights[static_cast<size_t>(h)].color;
      draw->AddRectFilled(ImVec2(p.x - 1, p.y), ImVec2(p.x + width + 1, p.y + ImGui::GetTextLineHeight()),
                          ImGui::GetColorU32(ImVec4(c.x, c.y, c.z, 0.25f)), 2.0f);
      ImGui::TextColored(c, "%s", piece.c_str());
    } else {
      ImGui::TextUnformatted(piece.c_str());
    }
    i = j;
  }
}

}  // namespace chokepoint::web
