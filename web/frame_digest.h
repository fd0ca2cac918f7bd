// A digest of what a frame would draw: ImGui's draw lists (vertices, indices, commands) and the drawing buffer's size.
// The frame loop runs the app every animation frame (jobs step, commands are read, panels publish their state) but
// sends the draw lists to WebGL only when the digest differs from the last frame drawn: an idle page then costs the
// browser's rasteriser nothing, which on a machine without a GPU (software WebGL) was most of two cores.
#pragma once
#include <imgui.h>

#include <cstdint>
#include <optional>

namespace chokepoint::web {

// Nothing when the frame cannot be compared: a draw callback draws what the lists do not hold.
std::optional<std::uint64_t> frame_digest(const ImDrawData& draw, int framebuffer_width, int framebuffer_height);

}  // namespace chokepoint::web
