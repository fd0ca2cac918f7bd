// Browser entry point: GLFW window on the page's canvas, Dear ImGui on WebGL2, one frame per animation frame.
// At start it lists the built-in sample databases (preloaded at /assets/db) from the build's schema snapshot, and
// their files open in the frames after the first one drawn.
#include <GLES3/gl3.h>
#include <GLFW/glfw3.h>
#include <emscripten.h>
#include <emscripten/html5.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/base/clock.h"
#include "web/app.h"
#include "web/app_state.h"
#include "web/bridge/canvas_capture.h"
#include "web/bridge/clipboard.h"
#include "web/bridge/file_bridge.h"
#include "web/bridge/page_bridge.h"
#include "web/bridge/ui_scale.h"
#include "web/fonts.h"
#include "web/frame_digest.h"
#include "web/widgets/charts.h"

namespace {

using chokepoint::web::AppState;

GLFWwindow* g_window = nullptr;
AppState g_main_state;
std::optional<std::uint64_t> g_drawn_digest;  // of the last frame sent to WebGL (frame_digest.h)
int g_frames_drawn_at_first = 0;  // pictures sent to WebGL by the first usable frame (1: the very first showed it)
bool g_ready = false;             // the page was told the app is ready (main_loop)

// Resizes the canvas's drawing buffer through Emscripten's Browser object; GLFW hears of it through its resize
// listener, as for any size. Not glfwSetWindowSize: Emscripten's GLFW (library_glfw.js, setWindowSize) takes a size
// equal to the screen's as a request for fullscreen, so with the viewport = screen (F11, kiosk, a projector) it asked
// for fullscreen every frame (refused without a user gesture, which also used up the page's user activation so the
// file picker stopped opening), never resized the canvas, and wrapped it in a container that moved it down.
EM_JS(void, resize_canvas, (int width, int height), { Browser.setCanvasSize(width, height); });

// Dear ImGui 1.86 does not follow the canvas size: match the drawing buffer to the element's CSS size times the
// device pixel ratio each frame, so text is drawn with the screen's own pixels (sharp on a HiDPI screen), not
// magnified. Emscripten's GLFW reports this buffer as the window and scales pointer positions to it, so ImGui works
// in device pixels throughout; fonts and style grow by the ratio (ui_scale.cpp) and fixed sizes use ui_px().
void fit_canvas_to_window() {
  double css_w = 0, css_h = 0;
  emscripten_get_element_css_size("#canvas", &css_w, &css_h);
  const double dpr = std::max(1.0, emscripten_get_device_pixel_ratio());
  int w = static_cast<int>(std::lround(css_w * dpr)), h = static_cast<int>(std::lround(css_h * dpr));
  int cur_w = 0, cur_h = 0;
  glfwGetWindowSize(g_window, &cur_w, &cur_h);
  if (w > 0 && h > 0 && (w != cur_w || h != cur_h)) resize_canvas(w, h);
}

// The wheel, read from the DOM event itself. Emscripten's GLFW hands GLFW's scroll callback the event's raw
// deltaX/deltaY (pixels, positive = down) where GLFW promises steps with positive = up, so the wheel scrolled the
// wrong way and about a hundred times too far. One step here is what the browser calls a notch: 100 pixels, 3 lines
// or a tenth of a page; up is positive, as ImGui expects.
EM_BOOL on_wheel(int, const EmscriptenWheelEvent* e, void*) {
  const double per_step = e->deltaMode == DOM_DELTA_PIXEL ? 100.0 : e->deltaMode == DOM_DELTA_LINE ? 3.0 : 0.1;
  ImGuiIO& io = ImGui::GetIO();
  io.MouseWheel -= static_cast<float>(e->deltaY / per_step);
  io.MouseWheelH -= static_cast<float>(e->deltaX / per_step);
  return EM_TRUE;  // the page itself does not scroll
}

// One ImGui frame: input, the app's widgets, and the draw lists (not yet sent to WebGL).
void imgui_frame(bool capture) {
  glfwPollEvents();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  // A slow frame (a busy machine, software WebGL) is not taken for a key held down: ImGui repeats a key held longer
  // than its KeyRepeatDelay (0.275 s), so one 300 ms frame between a key's press and release typed it twice (a
  // double paste). ImGui's clock advances at most 0.1 s a frame; only its timers (tooltips, double clicks) notice.
  // Two frames in one callback (below) may be closer than the clock's resolution; ImGui needs time to move on.
  ImGui::GetIO().DeltaTime = std::clamp(ImGui::GetIO().DeltaTime, 1e-4f, 0.1f);
  // A frame that becomes a PNG is drawn as if the pointer were away: no tooltip, no hover colour in the image.
  if (capture) ImGui::GetIO().MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  chokepoint::web::charts_new_frame();
  ImGui::NewFrame();
  chokepoint::web::draw_app(g_main_state);
  ImGui::Render();
}

// Keeps the main thread's work of one frame or start step in the slow-frame log when it took over kSlowFrameMs. The
// parts are copied only then: every frame calls this.
void log_if_slow(double work_ms, const std::vector<std::pair<std::string, float>>& parts) {
  if (work_ms <= AppState::kSlowFrameMs) return;
  if (g_main_state.slow_frames.size() >= AppState::kSlowFramesKept)
    g_main_state.slow_frames.erase(g_main_state.slow_frames.begin());
  g_main_state.slow_frames.push_back({g_main_state.frame, static_cast<float>(work_ms), parts});
}

// Queues a step of the start (start_step) as a task of the page's event loop at the priority of user input where the
// browser has a task scheduler (scheduler.postTask), else as a posted message: not as a timer, which the browser may
// hold back while the page is still loading (with zero timeouts, main() to the first usable frame was 30-40 ms longer).
EM_JS(void, queue_start_step, (int step), {
  var run = function() { Module['_chokepoint_start_step'](step); };
  if (typeof scheduler == 'object' && scheduler.postTask) {
    scheduler.postTask(run, {priority : 'user-blocking'});
    return;
  }
  var channel = new MessageChannel();
  channel.port1.onmessage = run;
  channel.port2.postMessage(0);
});

// The canvas's size and the text size, as the next frame will draw them.
void fit_canvas_and_text() {
  fit_canvas_to_window();
  chokepoint::web::apply_ui_scale(g_main_state.ui_scale, static_cast<float>(emscripten_get_device_pixel_ratio()));
}

void main_loop() {
  const double started = chokepoint::monotonic_ms();
  fit_canvas_and_text();
  const bool capture = chokepoint::web::canvas_capture_due();
  imgui_frame(capture);
  int w = 0, h = 0;
  glfwGetFramebufferSize(g_window, &w, &h);
  // A frame equal to the last one drawn is not drawn again: the canvas keeps showing it. A capture reads the drawing
  // buffer, which the browser clears after showing it, so a captured frame is always drawn.
  const auto digest = chokepoint::web::frame_digest(*ImGui::GetDrawData(), w, h);
  if (!digest || digest != g_drawn_digest || capture) {
    glViewport(0, 0, w, h);
    glClearColor(0.10f, 0.11f, 0.13f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    chokepoint::web::fulfil_canvas_capture();
    g_drawn_digest = digest;
    ++g_main_state.frames_drawn;
  }
  ++g_main_state.frame;
  const double work = chokepoint::monotonic_ms() - started;
  if (g_main_state.frame_work_ms.size() < chokepoint::web::AppState::kFrameWorkKept)
    g_main_state.frame_work_ms.push_back(static_cast<float>(work));
  log_if_slow(work, g_main_state.frame_parts);
  // The frame loop's first frame, after ImGui's measuring one (start_step), is drawn: the table list is on the canvas.
  if (g_main_state.frame == 2) {
    chokepoint::web::mark_startup("frame 2");
    g_main_state.first_frame_ms = chokepoint::web::page_time_ms();
    g_frames_drawn_at_first = g_main_state.frames_drawn;
  }
  // Ready once the files the app queued at start (the sample set, the workspace's files) are open too, a frame or a
  // few after the first usable one: a test or a page command then finds everything the page had before a reload.
  if (g_main_state.frame >= 2 && !g_ready && g_main_state.pending_files.empty()) {
    g_ready = true;
    chokepoint::web::mark_startup("ready");
    std::string status = "ready:";
    for (const auto& d : g_main_state.databases.databases) {
      if (d.origin != "sample") continue;
      status += " " + d.schema.db_id + " (" + std::to_string(d.schema.tables.size()) + " tables:";
      for (const auto& t : d.schema.tables) status += " " + t.name;
      status += ")";
    }
    chokepoint::web::set_page_status(status);
    chokepoint::web::mark_page_ready(g_main_state.first_frame_ms, g_frames_drawn_at_first);
  }
}

// The start between main() and the frame loop, in two tasks of the page's event loop, so that no one task holds the
// page's main thread long while V8 compiles each function on its first call (a cold start) on a machine doing other
// work: first the font atlas rasterised, ImGui's shaders compiled and the atlas uploaded; then ImGui's measuring
// frame. ImGui shows a new window or table one frame after it first meets it (that frame measures it), so the
// measuring frame is never drawn, and the frame loop's first animation frame draws a picture that already lists the
// sample databases. Each step is queued by queue_start_step (below), not for an animation frame: it does not wait for
// a display refresh.
void start_step(int step) {
  const double started = chokepoint::monotonic_ms();
  fit_canvas_and_text();
  if (step == 0) {
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);  // kept by the atlas for the upload
    chokepoint::web::mark_startup("fonts rasterised");
    ImGui_ImplOpenGL3_CreateDeviceObjects();
    chokepoint::web::mark_startup("shaders and fonts uploaded");
  } else {
    imgui_frame(false);
    ++g_main_state.frame;
    chokepoint::web::mark_startup("frame 1");
  }
  const double work = chokepoint::monotonic_ms() - started;
  log_if_slow(work, {{step == 0 ? "start: fonts and shaders" : "start: measuring frame", static_cast<float>(work)}});
  if (step == 0)
    queue_start_step(1);
  else
    emscripten_set_main_loop(main_loop, 0, false);
}

}  // namespace

extern "C" EMSCRIPTEN_KEEPALIVE void chokepoint_start_step(int step) { start_step(step); }

int main() {
  chokepoint::web::mark_startup("main");
  if (!glfwInit()) {
    chokepoint::web::set_page_status("error: cannot initialise GLFW");
    return 1;
  }
  g_window = glfwCreateWindow(1280, 800, "Chokepoint", nullptr, nullptr);
  if (!g_window) {
    chokepoint::web::set_page_status("error: WebGL2 is not available in this browser");
    return 1;
  }
  glfwMakeContextCurrent(g_window);
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // layout is not persisted through imgui.ini
  ImGui::GetIO().ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  ImGui::StyleColorsDark();
  chokepoint::web::load_fonts(static_cast<float>(emscripten_get_device_pixel_ratio()));
  g_main_state.ui_scale = chokepoint::web::load_ui_scale();  // applied before the first frame
  ImGui_ImplGlfw_InitForOpenGL(g_window, true);
  chokepoint::web::install_clipboard();  // GLFW's clipboard in the browser is empty
  ImGui_ImplOpenGL3_Init("#version 300 es");
  glfwSetScrollCallback(g_window, nullptr);  // the wheel comes through on_wheel instead
  emscripten_set_wheel_callback("#canvas", nullptr, true, on_wheel);

  chokepoint::web::mark_startup("ui");
  chokepoint::web::bind_app_state(&g_main_state);
  chokepoint::web::set_page_status("opening sample databases");
  chokepoint::web::bind_file_bridge(&g_main_state);
  chokepoint::web::start_app(g_main_state);
  chokepoint::web::mark_startup("files opened");
  queue_start_step(0);
  return 0;
}
