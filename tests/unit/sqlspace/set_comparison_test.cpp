// Benchmark comparison on two tiny matrices: prevalence over known cells, the chi-square test per feature, sorting,
// and the map's points.
#include "core/sqlspace/set_comparison.h"

#include <cmath>

#include <gtest/gtest.h>

#include "core/sqlspace/feature_vectors.h"

using namespace chokepoint::sqlspace;

namespace {

// Rows given as strings over features 1, 2, 3: '1', '0' or '?' (unknown).
FeatureMatrix matrix(const std::vector<std::string>& rows) {
  FeatureMatrix m;
  m.feature_ids = {1, 2, 3};
  for (size_t r = 0; r < rows.size(); ++r) {
    FeatureRow row = m.new_row(std::to_string(r), "db");
    for (size_t c = 0; c < 3; ++c)
      if (rows[r][c] != '?') row.set(c, rows[r][c] == '1');
    m.rows.push_back(std::move(row));
  }
  return m;
}

}  // namespace

TEST(FeatureVectors, UnknownReadsZeroAndUnknownColumnsAreDropped) {
  const FeatureMatrix m = matrix({"1??", "?1?"});
  const FeatureVectors v = feature_vectors({&m});
  EXPECT_EQ(v.feature_ids, (std::vector<int>{1, 2}));
  EXPECT_EQ(v.rows.cells, (std::vector<uint8_t>{1, 0, 0, 1}));
}

TEST(SetComparison, PrevalenceAndChiSquarePerFeature) {
  // Feature 1: A 3/4, B 1/4 -> table [[3, 1], [1, 3]]: expected 2 everywhere, χ² = 4 * 1/2 = 2, df 1.
  // Feature 2: 1 in every row of both: absent row empty, no test (p = 1). Feature 3: A knows 2 rows (1 one), B 4
  // (2 ones): equal prevalence, χ² = 0.
  const FeatureMatrix a = matrix({"111", "110", "11?", "01?"});
  const FeatureMatrix b = matrix({"111", "010", "010", "011"});
  const SetComparison c = compare_sets({{"A", &a}, {"B", &b}}, chokepoint::learn::Correction::Bonferroni);
  ASSERT_EQ(c.features.size(), 3u);
  EXPECT_EQ(c.features[0].id, 1);  // the smallest p first
  EXPECT_NEAR(c.features[0].test.statistic, 2.0, 1e-12);
  EXPECT_NEAR(c.features[0].test.p_value, std::erfc(1.0), 1e-12);
  EXPECT_NEAR(c.features[0].adjusted_p, 3 * std::erfc(1.0), 1e-12);
  EXPECT_DOUBLE_EQ(c.features[0].prevalence[0], 0.75);
  EXPECT_DOUBLE_EQ(c.features[0].prevalence[1], 0.25);
  const auto& f3 = c.features[1].id == 3 ? c.features[1] : c.features[2];
  EXPECT_EQ(f3.known, (std::vector<size_t>{2, 4}));
  EXPECT_DOUBLE_EQ(f3.prevalence[0], 0.5);
  EXPECT_NEAR(f3.test.statistic, 0.0, 1e-12);
  ASSERT_EQ(c.map.size(), 8u);
  EXPECT_EQ(c.map[4].set, 1u);
}
