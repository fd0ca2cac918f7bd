// Text with some byte ranges highlighted, word-wrapped to the available width: how the TQA panel shows which
// question and evidence tokens refer to the linker table. Immediate mode like every widget here.
#pragma once
#include <string_view>
#include <vector>

#include <imgui.h>

namespace chokepoint::web {

struct TextHighlight {
  size_t begin = 0;  // byte offsets into the text, [begin, end)
  size_t end = 0;
  ImVec4 color;  // text colour of the range
};

// Draws `text` wrapped at the content region's width; highlighted ranges get their colour and a frame behind them.
// Overlapping ranges: the first one listed wins.
void draw_highlighted_text(std::string_view text, const std::vector<TextHighlight>& highlights);

}  // namespace chokepoint::web
