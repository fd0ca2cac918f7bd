// aggregation_swap on queries whose mutants are known.
#include "core/mutate/aggregation_mutations.h"

#include "tests/unit/mutate/mutation_fixtures.h"

namespace chokepoint::mutate {
namespace {
using testing::mutate_text;
using V = std::vector<std::string>;

TEST(AggregationSwap, SwapsEachAggregateOfSelectAndHaving) {
  EXPECT_EQ(
      mutate_text(aggregation_swap,
                  "SELECT country, avg(age), max(age), count(DISTINCT name) FROM singer GROUP BY country "
                  "HAVING sum(age) > 100"),
      (V{"SELECT country, sum(age), max(age), count(DISTINCT name) FROM singer GROUP BY country HAVING sum(age) > 100",
         "SELECT country, avg(age), min(age), count(DISTINCT name) FROM singer GROUP BY country HAVING sum(age) > 100",
         "SELECT country, avg(age), max(age), sum(DISTINCT name) FROM singer GROUP BY country HAVING sum(age) > 100",
         "SELECT country, avg(age), max(age), count(DISTINCT name) FROM singer GROUP BY country HAVING avg(age) > "
         "100"}));
}

TEST(AggregationSwap, KeepsTheNameCase) {
  EXPECT_EQ(mutate_text(aggregation_swap, "SELECT MAX(age) FROM singer"), (V{"SELECT MIN(age) FROM singer"}));
  EXPECT_EQ(swapped_aggregate("Count"), "SUM");
  EXPECT_EQ(swapped_aggregate("length"), "");
}

TEST(AggregationSwap, SkipsCountStarAndScalarMinMax) {
  EXPECT_TRUE(mutate_text(aggregation_swap, "SELECT count(*) FROM singer").empty());
  EXPECT_TRUE(mutate_text(aggregation_swap, "SELECT max(age, 30) FROM singer").empty());
}

TEST(AggregationSwap, ReachesAggregatesInsideExpressions) {
  EXPECT_EQ(mutate_text(aggregation_swap, "SELECT max(age) - 1 FROM singer"), (V{"SELECT min(age) - 1 FROM singer"}));
}

}  // namespace
}  // namespace chokepoint::mutate
