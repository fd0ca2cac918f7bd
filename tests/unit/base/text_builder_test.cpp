// TextBuilder against std::string built the same way: pieces of every size from empty to past the reserved room,
// single bytes (NUL among them), runs of one byte, short pieces at every length and alignment, and the builder
// emptied by take().
#include "core/base/text_builder.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace chokepoint {
namespace {

TEST(TextBuilder, EqualsStdStringBuiltFromTheSamePiecesAcrossGrowth) {
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> kind(0, 2), len(0, 300), byte(0, 255);
  for (size_t start : {size_t{0}, size_t{1}, size_t{16}, size_t{4096}}) {
    TextBuilder b(start);
    std::string expected;
    for (int step = 0; step < 400; ++step) {
      switch (kind(rng)) {
        case 0: {
          std::string piece(static_cast<size_t>(len(rng)), '\0');
          for (auto& c : piece) c = static_cast<char>(byte(rng));
          b += piece;
          expected += piece;
          break;
        }
        case 1: {
          const char c = static_cast<char>(byte(rng));
          b += c;
          expected += c;
          break;
        }
        default: {
          const size_t n = static_cast<size_t>(len(rng));
          const char c = static_cast<char>(byte(rng));
          b.append(n, c);
          expected.append(n, c);
        }
      }
      ASSERT_EQ(b.size(), expected.size()) << "step " << step << ", reserved " << start;
    }
    EXPECT_GT(expected.size(), 4 * start) << "the builder grew past its first room";
    EXPECT_EQ(std::move(b).take(), expected) << "reserved " << start;
  }
}

TEST(TextBuilder, ShortPiecesOfEveryLengthAtEveryAlignment) {
  // Pieces up to 16 bytes are copied as overlapping words: every length around those edges, from every
  // offset of a source of distinct bytes, written after every length of text already there.
  std::string source;
  for (int i = 0; i < 90; ++i) source += static_cast<char>(' ' + i);
  for (size_t before = 0; before < 9; ++before)
    for (size_t from = 0; from < 8; ++from)
      for (size_t n = 0; n <= 72; ++n) {
        TextBuilder b(1);
        std::string expected(before, '.');
        b.append(before, '.');
        const std::string_view piece(source.data() + from, n);
        b += piece;
        b += '|';
        expected += piece;
        expected += '|';
        ASSERT_EQ(std::move(b).take(), expected) << "before " << before << ", from " << from << ", length " << n;
      }
}

TEST(TextBuilder, PiecesPutThroughAnExtendedRange) {
  // A line sized ahead and written through one pointer equals the same pieces appended, across growth.
  const std::vector<std::string> names = {"id", "CDSCode", "Percent (%) Eligible Free (K-12)",
                                          "",   "x",       std::string(70, 'n')};
  TextBuilder b(4);
  std::string expected = "start ";
  b += "start ";
  for (int round = 0; round < 3; ++round) {
    size_t n = 2;
    for (const auto& name : names) n += name.size() + 1;
    char* at = b.extend(n);
    char* const first = at;
    *at++ = '[';
    for (const auto& name : names) {
      TextBuilder::put(at, name);
      *at++ = ',';
    }
    *at++ = ']';
    ASSERT_EQ(static_cast<size_t>(at - first), n);
    expected += "[";
    for (const auto& name : names) expected += name + ",";
    expected += "]";
  }
  EXPECT_EQ(b.size(), expected.size());
  EXPECT_EQ(std::move(b).take(), expected);
}

TEST(TextBuilder, EmptyAndTakenBuilders) {
  EXPECT_EQ(TextBuilder(0).size(), 0u);
  EXPECT_EQ(TextBuilder(64).size(), 0u);
  EXPECT_EQ(TextBuilder(64).take(), "");
  TextBuilder b(2);
  b += std::string_view();
  b += "ab";
  b += "";
  b.append(0, 'x');
  EXPECT_EQ(std::move(b).take(), "ab");
}

}  // namespace
}  // namespace chokepoint
