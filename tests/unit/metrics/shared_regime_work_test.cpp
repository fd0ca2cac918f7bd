// compare_results_for_regimes shares column and cell matching between regimes; it must give exactly what
// compare_results gives regime by regime.
#include <gtest/gtest.h>

#include "core/metrics/fine_grained_metrics.h"
#include "tests/unit/metrics/result_builders.h"

namespace chokepoint {
using namespace testing_support;

TEST(SharedRegimeWork, SameScoresAsOneRegimeAtATime) {
  auto g = result({"name", "age", "city"},
                  {{T("ann"), I(31), T("Paris")}, {T("bob"), I(42), T("Lyon")}, {T("cy"), I(42), T("Lyon")},
                   {T("dee"), N(), T("Nice")}});
  auto p = result({"age", "name", "town", "extra"},
                  {{I(31), T("ann"), T("Paris"), I(1)}, {I(42), T("bob"), T("Nice"), I(1)}, {R(42.0), T("cy"), T("Lyon"), I(2)},
                   {I(7), T("zed"), T("Lyon"), I(2)}});
  auto all = compare_results_for_regimes(g, p, all_regimes(), false);
  ASSERT_TRUE(all.ok());
  ASSERT_EQ(all->size(), all_regimes().size());
  for (size_t i = 0; i < all->size(); ++i) {
    auto one = compare_results(g, p, all_regimes()[i], false);
    ASSERT_TRUE(one.ok());
    EXPECT_EQ((*all)[i].score.matched_cells, one->score.matched_cells) << one->regime.name();
    EXPECT_EQ((*all)[i].score.pred_cells, one->score.pred_cells) << one->regime.name();
    EXPECT_EQ((*all)[i].score.exp, one->score.exp) << one->regime.name();
    EXPECT_EQ((*all)[i].rows.size(), one->rows.size()) << one->regime.name();
  }
}

}  // namespace chokepoint
