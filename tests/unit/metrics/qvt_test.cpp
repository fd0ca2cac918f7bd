// QVT on a hand-built set: groups by gold SQL, at least two questions and one correct answer per group.
#include "core/metrics/qvt.h"

#include <gtest/gtest.h>

namespace chokepoint {
namespace {

TEST(Qvt, MeanOfTheQualifyingGroupsMeans) {
  // q1: 3 phrasings, 2 right -> 2/3; q2: 2 phrasings, 1 right -> 1/2; q3: 2 phrasings, none right -> left out;
  // q4: one phrasing -> left out.
  std::vector<std::string> keys = {"q1", "q1", "q1", "q2", "q2", "q3", "q3", "q4"};
  std::vector<std::optional<bool>> ex = {true, true, false, false, true, false, false, true};
  auto r = query_variance_testing(keys, ex);
  ASSERT_EQ(r.groups.size(), 2u);
  EXPECT_EQ(r.groups[0].key, "q1");
  EXPECT_EQ(r.groups[0].correct, 2u);
  EXPECT_EQ(r.items, 5u);
  EXPECT_NEAR(r.qvt, 100.0 * (2.0 / 3.0 + 0.5) / 2.0, 1e-9);
}

TEST(Qvt, UnscoredItemsAreLeftOut) {
  // Without the unscored item q1 has one question only, so no group qualifies.
  auto r = query_variance_testing({"q1", "q1"}, {true, std::nullopt});
  EXPECT_TRUE(r.groups.empty());
  EXPECT_EQ(r.qvt, 0);
}

TEST(Qvt, AllRightIsHundred) {
  auto r = query_variance_testing({"a", "a", "b", "b"}, {true, true, true, true});
  EXPECT_DOUBLE_EQ(r.qvt, 100.0);
}

}  // namespace
}  // namespace chokepoint
