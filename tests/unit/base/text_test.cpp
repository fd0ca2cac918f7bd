// trim: the padding of model answers and text files, cut at both ends and nowhere else.
#include "core/base/text.h"

#include <gtest/gtest.h>

namespace chokepoint {
namespace {

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
}

}  // namespace
TEST(PartOfWhole, WritesTheCountTheWholeAndTheShareAsThePapersTablesDo) {
  EXPECT_EQ(part_of_whole(97, 106), "97 / 106 (91.51%)");  // thesis Table 4.9, Original
  EXPECT_EQ(part_of_whole(8, 106), "8 / 106 (7.55%)");
  EXPECT_EQ(part_of_whole(0, 0), "0 / 0 (0.00%)") << "no whole: no share, and no division by zero";
}

}  // namespace chokepoint
