// PNG export of what the app shows: a request is taken now and fulfilled at the end of the next frame, while WebGL's
// drawing buffer still holds it (the context does not preserve it between frames). That frame is drawn with the
// pointer hidden, so no tooltip or hover colour is in the image; a rectangle crops it to one chart.
#pragma once
#include <string>

namespace chokepoint::web {

struct CaptureRect {
  float x = 0, y = 0, w = 0, h = 0;  // CSS pixels; w = 0: the whole canvas
};

void request_canvas_png(const std::string& file_name, CaptureRect rect = {});  // downloads the next frame as PNG
bool canvas_capture_due();     // true for the frame that will be captured: draw it without the pointer
void fulfil_canvas_capture();  // called by the frame loop after rendering

}  // namespace chokepoint::web
