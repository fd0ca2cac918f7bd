// Rows of controls that wrap at the window's right edge. ImGui lays a row out with SameLine and cuts off whatever
// runs past the edge; a row written for 100 % text does at 150 % or 200 % (Help: "Text size") or in a narrow window.
// Between the controls of a row, flow_same_line(width of what comes next) keeps it on the line when it fits there
// and starts the next line when it does not. The width helpers measure a control as ImGui will draw it.
#pragma once
#include <imgui.h>

#include <string>

namespace chokepoint::web {

// SameLine when `next_width` fits in what is left of the current line, else a new line.
void flow_same_line(float next_width);
// flow_same_line for an input or combo `item_width` wide with `label` on its right, whose width it then sets.
void flow_next_item(float item_width, const char* label);

// The width of `text` as drawn (up to a "##" that hides the rest, as ImGui's labels).
float text_width(const char* text);
// A button labelled `label`.
float button_width(const char* label);
// A checkbox and its label.
float checkbox_width(const char* label);
// An input, combo or slider `item_width` wide with its label on the right (none for a "##" label).
float labelled_width(float item_width, const char* label);

// A hint or an explanation in the disabled colour, wrapped at the window's right edge.
void wrapped_disabled(const char* text);
// A note in the disabled colour after the controls of a row: on their line when it fits, else on the next, and
// wrapped at the window's edge when longer than a line.
void flow_disabled(const std::string& text);
// The same in `colour` (a message that can be long: a failed connection names its URL).
void flow_wrapped(const std::string& text, const ImVec4& colour);

}  // namespace chokepoint::web
