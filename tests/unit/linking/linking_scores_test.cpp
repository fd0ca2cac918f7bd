// Schema-linking and retrieval scores on hand-built sets with hand-computed values (RES, Subset and Exact Match of
// 004 §4.5.1 and Appendix B.1; column recall and precision, macro and micro; FPR and SLR of 001 Table VIII), and the
// consistency ExactMatch ≤ RES ≤ SubsetMatch over many random cases.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "core/linking/linking_scores.h"

namespace chokepoint::linking {
namespace {

using Names = std::vector<std::string>;

TEST(RetrievalEfficiency, OneWhenExactZeroWhenAGoldTableIsMissing) {
  EXPECT_DOUBLE_EQ(retrieval_efficiency({"a", "b"}, {"b", "a"}), 1.0);
  EXPECT_DOUBLE_EQ(retrieval_efficiency({"a", "b"}, {"a"}), 0.0);
  EXPECT_DOUBLE_EQ(retrieval_efficiency({"a"}, {}), 0.0);
  EXPECT_DOUBLE_EQ(retrieval_efficiency({}, {"a"}), 0.0);
}

TEST(RetrievalEfficiency, ExtraTablesCostTheSquareRootOfTheRatio) {
  EXPECT_DOUBLE_EQ(retrieval_efficiency({"a"}, {"a", "b", "c", "d"}), 0.5);  // sqrt(1/4)
  EXPECT_DOUBLE_EQ(retrieval_efficiency({"a", "b"}, {"a", "b", "c", "d"}), std::sqrt(0.5));
  EXPECT_DOUBLE_EQ(retrieval_efficiency({"a", "b", "c"}, {"a", "b", "c", "d"}), std::sqrt(0.75));
}

TEST(RetrievalEfficiency, NamesCompareCaseInsensitivelyAndDuplicatesCountOnce) {
  EXPECT_DOUBLE_EQ(retrieval_efficiency({"Movies"}, {"MOVIES", "movies"}), 1.0);
  EXPECT_TRUE(is_subset({"Player", "player_attributes"}, {"player", "Player_Attributes", "Team"}));
  EXPECT_TRUE(same_set({"a", "B"}, {"b", "A", "a"}));
  EXPECT_FALSE(same_set({"a"}, {"a", "b"}));
}

std::vector<LinkingCase> four_items() {
  return {
      {{"a"}, {"a"}, {"a.x"}, {"a.x", "a.y"}},                      // RES 1, exact; column R 1, P 1/2
      {{"a", "b"}, {"A", "b", "c", "d"}, {"a.x", "b.y"}, {"A.X"}},  // RES sqrt(2/4), subset; R 1/2, P 1
      {{"a", "b"}, {"a"}, {}, {"a.x"}},                             // RES 0; no gold column: out of column scores
      {{"c"}, {"a", "b", "c", "d"}, {"c.z"}, {}},                   // RES sqrt(1/4), subset; R 0, P 0
      {{}, {"a"}, {}, {}},                                          // no gold table: skipped
  };
}

TEST(ScoreLinking, ResSubsetAndExactMatchOnAHandBuiltSet) {
  const auto s = score_linking(four_items());
  EXPECT_EQ(s.n, 4u);
  EXPECT_EQ(s.skipped, 1u);
  EXPECT_NEAR(s.res, (1 + std::sqrt(0.5) + 0 + 0.5) / 4, 1e-12);  // 0.55177...
  EXPECT_DOUBLE_EQ(s.subset_match, 0.75);
  EXPECT_DOUBLE_EQ(s.exact_match, 0.25);
}

TEST(ScoreLinking, ColumnRecallAndPrecisionMacroAndMicro) {
  const auto s = score_linking(four_items());
  EXPECT_EQ(s.column_items, 3u);
  EXPECT_DOUBLE_EQ(s.column_recall, (1 + 0.5 + 0) / 3);
  EXPECT_DOUBLE_EQ(s.column_precision, (0.5 + 1 + 0) / 3);
  EXPECT_DOUBLE_EQ(s.column_recall_micro, 2.0 / 4);     // hits 1 + 1 + 0 of gold 1 + 2 + 1
  EXPECT_DOUBLE_EQ(s.column_precision_micro, 2.0 / 3);  // of retrieved 2 + 1 + 0
}

TEST(ScoreLinking, EmptyInputScoresZero) {
  const auto s = score_linking({});
  EXPECT_EQ(s.n, 0u);
  EXPECT_EQ(s.res, 0.0);
  EXPECT_EQ(s.subset_match, 0.0);
}

TEST(ScoreLinking, ExactMatchAtMostResAtMostSubsetMatchOverRandomCases) {
  std::mt19937 rng(20240601);
  const Names pool = {"a", "b", "c", "d", "e", "f"};
  auto draw = [&](bool non_empty) {
    Names out;
    do {
      out.clear();
      for (const auto& t : pool)
        if (rng() % 3 == 0) out.push_back(t);
    } while (non_empty && out.empty());
    return out;
  };
  for (int round = 0; round < 500; ++round) {
    std::vector<LinkingCase> cases;
    const int n = 1 + static_cast<int>(rng() % 20);
    for (int i = 0; i < n; ++i) {
      LinkingCase c;
      c.gold_tables = draw(true);
      // Half the time the retrieval contains the gold (so subset, exact and RES all get exercised).
      c.retrieved_tables = draw(false);
      if (rng() % 2) c.retrieved_tables.insert(c.retrieved_tables.end(), c.gold_tables.begin(), c.gold_tables.end());
      const double r = retrieval_efficiency(c.gold_tables, c.retrieved_tables);
      EXPECT_LE(same_set(c.gold_tables, c.retrieved_tables) ? 1.0 : 0.0, r + 1e-12);
      EXPECT_LE(r, is_subset(c.gold_tables, c.retrieved_tables) ? 1.0 : 0.0);
      cases.push_back(std::move(c));
    }
    const auto s = score_linking(cases);
    ASSERT_EQ(s.n, static_cast<size_t>(n));
    EXPECT_LE(s.exact_match, s.res + 1e-12);
    EXPECT_LE(s.res, s.subset_match + 1e-12);
  }
}

TEST(ScoreRetrieval, FprAndSlrOnAHandBuiltExample) {
  const std::vector<LinkingCase> cases = {
      {{}, {}, {"t.a", "t.b"}, {"t.a", "t.b", "t.c", "t.d"}},         // 2 of 4 irrelevant; all required
      {{}, {}, {"t.a"}, {"t.b"}},                                     // 1 of 1 irrelevant; t.a missing
      {{}, {}, {"u.x"}, {"u.x", "u.y", "u.z", "u.w", "u.v", "U.X"}},  // 4 of 5 irrelevant; all required
      {{}, {}, {}, {"t.a"}},                                          // no required column: skipped
      {{}, {}, {"t.a"}, {}},                                          // nothing retrieved: no FPR, not all
  };
  const auto s = score_retrieval(cases);
  EXPECT_EQ(s.n, 4u);
  EXPECT_EQ(s.skipped, 1u);
  EXPECT_EQ(s.fpr_items, 3u);
  EXPECT_EQ(s.retrieved, 10u);
  EXPECT_NEAR(s.fpr, 100.0 * (0.5 + 1.0 + 0.8) / 3, 1e-9);  // per query, averaged: 76.67 %
  EXPECT_NEAR(s.fpr_pooled, 100.0 * 7 / 10, 1e-9);          // pooled: 70 %
  EXPECT_NEAR(s.slr, 50.0, 1e-9);                           // 2 of 4 queries have every required column
}

TEST(ScoreRetrieval, FullSchemaHasFullRecall) {
  // Full-Schema retrieves every column: SLR 100 whenever the gold columns are in the schema.
  const Names all = {"t.a", "t.b", "t.c", "u.x"};
  const auto s = score_retrieval({{{}, {}, {"t.a"}, all}, {{}, {}, {"t.b", "u.x"}, all}});
  EXPECT_DOUBLE_EQ(s.slr, 100.0);
  EXPECT_NEAR(s.fpr, 100.0 * (0.75 + 0.5) / 2, 1e-9);
}

}  // namespace
}  // namespace chokepoint::linking
