// FNV-1a over the bytes the renderer reads (see frame_digest.h). Hashing a typical frame's few thousand vertices
// costs far less than rasterising it.
#include "web/frame_digest.h"

#include <cstddef>

namespace chokepoint::web {
namespace {

constexpr std::uint64_t kFnvOffset = 1469598103934665603ull;
constexpr std::uint64_t kFnvPrime = 1099511628211ull;

void digest_bytes(std::uint64_t& h, const void* data, std::size_t size) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < size; ++i) h = (h ^ p[i]) * kFnvPrime;
}

template <typename T>
void digest_value(std::uint64_t& h, const T& value) {
  digest_bytes(h, &value, sizeof value);
}

}  // namespace

std::optional<std::uint64_t> frame_digest(const ImDrawData& draw, int framebuffer_width, int framebuffer_height) {
  std::uint64_t h = kFnvOffset;
  digest_value(h, framebuffer_width);
  digest_value(h, framebuffer_height);
  digest_value(h, draw.DisplayPos);
  digest_value(h, draw.DisplaySize);
  digest_value(h, draw.FramebufferScale);
  for (int n = 0; n < draw.CmdListsCount; ++n) {
    const ImDrawList& list = *draw.CmdLists[n];
    digest_value(h, list.VtxBuffer.Size);
    digest_bytes(h, list.VtxBuffer.Data, static_cast<std::size_t>(list.VtxBuffer.Size) * sizeof(ImDrawVert));
    digest_value(h, list.IdxBuffer.Size);
    digest_bytes(h, list.IdxBuffer.Data, static_cast<std::size_t>(list.IdxBuffer.Size) * sizeof(ImDrawIdx));
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
      digest_value(h, cmd.ClipRect);
      digest_value(h, cmd.TextureId);
      digest_value(h, cmd.VtxOffset);
      digest_value(h, cmd.IdxOffset);
      digest_value(h, cmd.ElemCount);
      if (cmd.UserCallback != nullptr) return std::nullopt;
    }
  }
  return h;
}

}  // namespace chokepoint::web
