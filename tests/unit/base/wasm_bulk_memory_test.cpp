// memcpy, memmove and memset as the programs link them (in the wasm build, core/base/wasm_bulk_memory.cpp's bulk-memory
// instructions): sizes on both sides of libc's 512-byte switch to JavaScript, overlapping moves both ways, offsets
// that are not word-aligned, and the bytes around each destination left alone.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

namespace {

std::vector<unsigned char> pattern(size_t n) {
  std::vector<unsigned char> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<unsigned char>(i * 7 + 3);
  return v;
}

// Through a volatile pointer, so the compiler cannot fold the calls into constants or its own inline copies.
void* (*volatile copy_fn)(void*, const void*, size_t) = std::memcpy;
void* (*volatile move_fn)(void*, const void*, size_t) = std::memmove;
void* (*volatile fill_fn)(void*, int, size_t) = std::memset;

TEST(BulkMemory, CopyFillAndMoveAtEverySizeAroundTheJavaScriptSwitch) {
  for (size_t n : {size_t{0}, size_t{1}, size_t{3}, size_t{7}, size_t{64}, size_t{511}, size_t{512}, size_t{513},
                   size_t{4096}, size_t{100000}}) {
    for (size_t offset : {size_t{0}, size_t{1}, size_t{3}}) {
      const auto src = pattern(n + 8);
      std::vector<unsigned char> dst(n + 16, 0xAA);
      EXPECT_EQ(copy_fn(dst.data() + 4 + offset, src.data() + offset, n), dst.data() + 4 + offset);
      EXPECT_EQ(std::memcmp(dst.data() + 4 + offset, src.data() + offset, n), 0) << "memcpy of " << n;
      EXPECT_EQ(dst[3 + offset], 0xAA) << "the byte before, memcpy of " << n;
      EXPECT_EQ(dst[4 + offset + n], 0xAA) << "the byte after, memcpy of " << n;

      std::vector<unsigned char> fill(n + 16, 0x11);
      EXPECT_EQ(fill_fn(fill.data() + 4 + offset, 0x1C5, n), fill.data() + 4 + offset);  // the int's low byte, 0xC5
      for (size_t i = 0; i < n; ++i) ASSERT_EQ(fill[4 + offset + i], 0xC5) << "memset of " << n << " at " << i;
      EXPECT_EQ(fill[3 + offset], 0x11);
      EXPECT_EQ(fill[4 + offset + n], 0x11);
    }
  }
}

TEST(BulkMemory, OverlappingMovesForwardAndBackward) {
  for (size_t n : {size_t{5}, size_t{511}, size_t{512}, size_t{5000}}) {
    for (size_t shift : {size_t{1}, size_t{3}, size_t{8}, n / 2}) {
      auto buf = pattern(n + shift);
      const auto orig = buf;
      move_fn(buf.data() + shift, buf.data(), n);  // forward: the destination overlaps the source's end
      EXPECT_EQ(std::memcmp(buf.data() + shift, orig.data(), n), 0) << "forward " << n << " by " << shift;
      EXPECT_EQ(std::memcmp(buf.data(), orig.data(), shift), 0);
      buf = orig;
      move_fn(buf.data(), buf.data() + shift, n);  // backward
      EXPECT_EQ(std::memcmp(buf.data(), orig.data() + shift, n), 0) << "backward " << n << " by " << shift;
    }
  }
}

}  // namespace
