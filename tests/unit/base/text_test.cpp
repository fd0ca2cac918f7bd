// trim: the padding of model answers and text files, cut at both ends and nowhere else.
#include "core/base/text.h"

#include <gtest/gtest.h>

namespace chokepoint {
namespace {

TEST(LowerAscii, IntoAKeptStringAsToLowerAscii) {
  std::string kept = "a longer text than the next ones, so its buffer is reused";
  for (const char* s : {"Circuits", "RESULTS", "", "Ünïcode ÄB", "x_Y-1"}) {
    assign_lower_ascii(kept, s);
    EXPECT_EQ(kept, to_lower_ascii(s)) << s;
  }
  EXPECT_EQ(to_lower_ascii("Ünïcode ÄB"), "Ünïcode Äb");  // bytes >= 0x80 are left as they are
}

TEST(Trim, CutsSpacesTabsAndLineEndsAtBothEndsOnly) {
  EXPECT_EQ(trim("  \tSELECT 1 ;\r\n"), "SELECT 1 ;");
  EXPECT_EQ(trim("a  b"), "a  b");
  EXPECT_EQ(trim(" \r\n\t "), "");
  EXPECT_EQ(trim(""), "");
}

TEST(Trim, LeavesVerticalTabAndFormFeedUnlessAskedAsIsspaceWould) {
  EXPECT_EQ(trim("\v x \f"), "\v x \f");
  EXPECT_EQ(trim("\v x \f", kAsciiSpace), "x");
}

TEST(Trim, CutsTheBytesItIsGiven) {
  EXPECT_EQ(trim("**`name`,;", "*`,;"), "name");
  EXPECT_EQ(trim(" a ", " \t"), "a");
  EXPECT_EQ(trim("abc", ""), "abc");
  EXPECT_EQ(trim("``", "`"), "");
}

// The written-out space test is the set's test, for every byte value; and trim cuts exactly the bytes of the set that
// a reading by find_first_not_of / find_last_not_of cuts, with every byte at either end.
TEST(Trim, TheSpaceTestAndTheCutAgreeWithTheSetsFind) {
  for (int c = 0; c < 256; ++c) {
    const char ch = static_cast<char>(c);
    EXPECT_EQ(is_ascii_space(ch), kAsciiSpace.find(ch) != std::string_view::npos) << c;
    for (std::string_view set : {kAsciiSpace, std::string_view(" \t\r\n"), std::string_view("*`,;")}) {
      const std::string s = std::string(1, ch) + "x" + std::string(2, ch);
      const size_t b = s.find_first_not_of(set);
      const std::string expected = b == std::string::npos ? "" : s.substr(b, s.find_last_not_of(set) - b + 1);
      EXPECT_EQ(trim(s, set), expected) << "byte " << c;
    }
  }
}

// same_bytes against operator== for every length 0-24, equal texts and texts differing at each single position (so in
// either overlapping word, and in the byte loop), and different lengths.
TEST(SameBytes, AgreesWithEqualityAtEveryLengthAndPosition) {
  size_t checked = 0;
  for (size_t n = 0; n <= 24; ++n) {
    std::string a(n, 'a');
    for (size_t i = 0; i < n; ++i) a[i] = static_cast<char>('a' + i % 26);
    EXPECT_TRUE(same_bytes(a, std::string(a))) << n;
    EXPECT_FALSE(same_bytes(a, a + "x")) << n;
    for (size_t at = 0; at < n; ++at) {
      std::string b = a;
      b[at] = static_cast<char>(b[at] ^ 0x20);
      EXPECT_EQ(same_bytes(a, b), a == b) << n << " " << at;
      ++checked;
    }
  }
  EXPECT_EQ(checked, size_t{24 * 25 / 2});
}

}  // namespace
TEST(PartOfWhole, WritesTheCountTheWholeAndTheShareAsThePapersTablesDo) {
  EXPECT_EQ(part_of_whole(97, 106), "97 / 106 (91.51%)");  // thesis Table 4.9, Original
  EXPECT_EQ(part_of_whole(8, 106), "8 / 106 (7.55%)");
  EXPECT_EQ(part_of_whole(0, 0), "0 / 0 (0.00%)") << "no whole: no share, and no division by zero";
}

}  // namespace chokepoint
