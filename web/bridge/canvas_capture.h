// PNG export of what the app shows: a request is taken now and fulfilled right after the next frame is drawn, while
// WebGL's drawing buffer still holds it (the context does not preserve it between frames).
#pragma once
#include <string>

namespace chokepoint::web {

void request_canvas_png(const std::string& file_name);  // downloads the next frame as PNG
void fulfil_canvas_capture();                           // called by the frame loop after rendering

}  // namespace chokepoint::web
