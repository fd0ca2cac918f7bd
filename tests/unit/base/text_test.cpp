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
}  // namespace chokepoint
