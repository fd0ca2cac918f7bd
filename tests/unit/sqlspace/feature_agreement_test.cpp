// Rule-versus-LLM agreement (003 Table 6 in our setting) on hand-made matrices: per-feature accuracy and Cohen's
// kappa, pooled per aspect and overall, only over cells both decided, LLM-only features skipped.
#include "core/sqlspace/feature_agreement.h"

#include <gtest/gtest.h>

namespace chokepoint::sqlspace {
namespace {

// Columns #39 (a Syntax rule), #80 (a SQL rule) and #9 (an LLM feature); one row per pair of answers.
FeatureMatrix matrix(const std::vector<std::vector<int>>& cells) {
  FeatureMatrix m;
  m.feature_ids = {9, 39, 80};
  for (size_t i = 0; i < cells.size(); ++i) {
    FeatureRow row = m.new_row(std::to_string(i), "db");
    for (size_t c = 0; c < 3; ++c)
      if (cells[i][c] >= 0) row.set(c, cells[i][c] == 1);
    m.rows.push_back(row);
  }
  return m;
}

TEST(FeatureAgreement, PerFeatureAccuracyAndKappaByHand) {
  const auto c = FeatureCatalogue::sqlspace();
  // #80 rule: 1 1 0 0 0 -; LLM: 1 0 0 0 1 1 → five cells: both yes 1, both no 2, rule only 1, LLM only 1.
  // #39 rule: 1 0 1 0 - 1; LLM: 1 0 1 0 1 - → four cells, all agree.
  const auto rules = matrix({{-1, 1, 1}, {-1, 0, 1}, {-1, 1, 0}, {-1, 0, 0}, {-1, -1, 0}, {-1, 1, -1}});
  const auto llm = matrix({{1, 1, 1}, {0, 0, 0}, {1, 1, 0}, {0, 0, 0}, {1, 1, 1}, {1, -1, 1}});
  const auto a = rule_llm_agreement(c, rules, llm);
  ASSERT_EQ(a.features.size(), 2u);  // #9 is an LLM feature: no rule to compare with
  EXPECT_EQ(a.features[0].id, 39);
  EXPECT_EQ(a.features[0].cell.n(), 4u);
  EXPECT_DOUBLE_EQ(*a.features[0].cell.accuracy(), 1.0);
  EXPECT_DOUBLE_EQ(*a.features[0].cell.kappa(), 1.0);
  const auto& f80 = a.features[1];
  EXPECT_EQ(f80.id, 80);
  EXPECT_EQ(f80.cell.n(), 5u);
  EXPECT_EQ(f80.cell.counts.both_yes, 1u);
  EXPECT_EQ(f80.cell.counts.both_no, 2u);
  EXPECT_EQ(f80.cell.counts.only_a, 1u);
  EXPECT_EQ(f80.cell.counts.only_b, 1u);
  EXPECT_DOUBLE_EQ(*f80.cell.accuracy(), 0.6);
  // p_o = 0.6, p_e = 0.4 * 0.4 + 0.6 * 0.6 = 0.52, kappa = 0.08 / 0.48 = 1/6.
  EXPECT_NEAR(*f80.cell.kappa(), 1.0 / 6.0, 1e-12);

  ASSERT_EQ(a.aspects.size(), 2u);
  EXPECT_EQ(a.aspects[0].aspect, Aspect::Syntax);
  EXPECT_EQ(a.aspects[1].aspect, Aspect::SqlSyntax);
  EXPECT_DOUBLE_EQ(*a.aspects[1].mean_accuracy, 0.6);
  EXPECT_EQ(a.overall.n(), 9u);
  EXPECT_DOUBLE_EQ(*a.overall.accuracy(), 7.0 / 9.0);
}

TEST(FeatureAgreement, KappaUndefinedWhenBothAlwaysSayNo) {
  const auto c = FeatureCatalogue::sqlspace();
  const auto rules = matrix({{-1, 0, -1}, {-1, 0, -1}});
  const auto a = rule_llm_agreement(c, rules, rules);
  ASSERT_EQ(a.features.size(), 1u);
  EXPECT_DOUBLE_EQ(*a.features[0].cell.accuracy(), 1.0);
  EXPECT_FALSE(a.features[0].cell.kappa().has_value());
}

TEST(FeatureAgreement, NothingInCommonGivesAnEmptyReport) {
  const auto c = FeatureCatalogue::sqlspace();
  const auto a = rule_llm_agreement(c, matrix({{-1, 1, 1}}), matrix({{1, -1, -1}}));
  EXPECT_TRUE(a.features.empty());
  EXPECT_TRUE(a.aspects.empty());
  EXPECT_FALSE(a.overall.accuracy().has_value());
}

}  // namespace
}  // namespace chokepoint::sqlspace
