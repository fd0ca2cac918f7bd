// Copy, cut and paste between the app's text fields and the system clipboard. Emscripten's GLFW keeps no clipboard
// (its glfwGetClipboardString answers nothing), so ImGui's own Ctrl/Cmd+C, X and V reach nothing: here ImGui reads a
// string the page's `paste` event fills (the browser fires it on Ctrl/Cmd+V before the next frame runs ImGui's
// paste), and what ImGui copies is kept for the app and written to the system clipboard (Clipboard API). A paste is
// one press of the paste key: ImGui's own repeat of a key held across slow frames pastes nothing more.
#pragma once

namespace chokepoint::web {

// After ImGui_ImplGlfw_InitForOpenGL, which installs GLFW's clipboard functions: replaces them with ours and starts
// listening to the page's paste events.
void install_clipboard();

}  // namespace chokepoint::web
