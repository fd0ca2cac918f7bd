// The jqe-delta study on hand-made evaluations: several expansions per seed, a seed without expansions, a seed whose
// gold failed, and the four (V, E) groups of thesis Table 3.8. Expected values are counted by hand in each test.
#include "core/study/jqe_delta_study.h"

#include <gtest/gtest.h>

namespace chokepoint::study {
namespace {

ItemEvaluation scored(const std::string& id, bool ex) {
  ItemEvaluation it;
  it.id = id;
  it.db_id = "toxicology";
  it.status = ItemStatus::Scored;
  it.ex = ex;
  return it;
}

ItemEvaluation gold_failed(const std::string& id) {
  ItemEvaluation it = scored(id, false);
  it.status = ItemStatus::GoldError;
  return it;
}

// Seeds s1 (right), s2 (wrong), s3 (right, never expanded), s4 (gold failed).
// Expansions: s1 -> right, wrong, right; s2 -> right, wrong; s4 -> right.
JqeDeltaInputs thesis_like_inputs() {
  JqeDeltaInputs in;
  in.system = "toy";
  in.seed_ids = {"s1", "s2", "s3", "s4"};
  in.seeds = {scored("s1", true), scored("s2", false), scored("s3", true), gold_failed("s4")};
  in.seed_edges = {1, 0, 2, 1};
  const struct {
    const char* seed;
    bool ex;
    int nodes, edges;
  } expansions[] = {{"s1", true, 3, 2}, {"s1", false, 3, 2}, {"s1", true, 2, 1},
                    {"s2", true, 2, 1}, {"s2", false, 3, 3}, {"s4", true, 3, 2}};
  for (size_t i = 0; i < 6; ++i) {
    in.expansions.push_back(scored("e" + std::to_string(i), expansions[i].ex));
    in.shapes.push_back({expansions[i].seed, expansions[i].nodes, expansions[i].edges});
  }
  return in;
}

TEST(JqeDeltaStudy, TransitionsCompareEachExpansionWithItsOwnSeed) {
  auto study = jqe_delta_study(thesis_like_inputs());
  ASSERT_TRUE(study.ok()) << study.error();
  const auto& t = study->numbers.transitions;
  // s1 (EX 1): right -> 0|EX=1, wrong -> -1, right -> 0|EX=1. s2 (EX 0): right -> +1, wrong -> 0|EX=0.
  // s4's expansion is left out: its seed was not scored.
  EXPECT_EQ(t.n, 5u);
  EXPECT_EQ(t.improved, 1u);
  EXPECT_EQ(t.degraded, 1u);
  EXPECT_EQ(t.kept_correct, 2u);
  EXPECT_EQ(t.kept_wrong, 1u);
  EXPECT_EQ(study->numbers.pairs_skipped, 1u);
}

TEST(JqeDeltaStudy, ExDevOriAndExpAreOverTheirOwnSets) {
  auto study = jqe_delta_study(thesis_like_inputs());
  ASSERT_TRUE(study.ok()) << study.error();
  const auto& n = study->numbers;
  // EX_dev: s1, s2, s3 scored, s1 and s3 right: 2/3.
  EXPECT_EQ(n.seeds_scored, 3u);
  EXPECT_NEAR(n.ex_dev, 200.0 / 3.0, 1e-9);
  // EX_ori: seeds with an expansion are s1, s2, s4; s4 is not scored; s1 right: 1/2.
  EXPECT_EQ(n.originals, 3u);
  EXPECT_EQ(n.originals_scored, 2u);
  EXPECT_NEAR(n.ex_ori, 50.0, 1e-9);
  // EX_exp: 6 expansions, 4 right (e0, e2, e3, e5).
  EXPECT_EQ(n.expansions_scored, 6u);
  EXPECT_NEAR(n.ex_exp, 400.0 / 6.0, 1e-9);
}

TEST(JqeDeltaStudy, ShapeGroupsAndTheBalancedSample) {
  auto in = thesis_like_inputs();
  const auto buckets = shape_buckets(in.expansions, in.shapes);
  ASSERT_EQ(buckets.size(), 4u);
  // (2,1): e2 (right), e3 (right). (3,2): e0 (right), e1 (wrong), e5 (right). (3,3) belongs to no group.
  EXPECT_EQ(buckets[0].nodes, 2);
  EXPECT_EQ(buckets[0].edges, 1);
  EXPECT_EQ(buckets[0].available, 2u);
  EXPECT_EQ(buckets[0].correct, 2u);
  EXPECT_EQ(buckets[1].available, 3u);
  EXPECT_EQ(buckets[1].correct, 2u);
  EXPECT_EQ(buckets[2].available, 0u);
  EXPECT_EQ(buckets[3].available, 0u);
  // The smallest non-empty group has 2: (2,1) keeps both, (3,2) its first two in file order (e0 right, e1 wrong).
  EXPECT_EQ(buckets[0].sample, 2u);
  EXPECT_EQ(buckets[0].sample_correct, 2u);
  EXPECT_EQ(buckets[1].sample, 2u);
  EXPECT_EQ(buckets[1].sample_correct, 1u);
  EXPECT_EQ(buckets[2].sample, 0u);
}

TEST(JqeDeltaStudy, AnExpansionOfAnUnknownSeedIsAnError) {
  auto in = thesis_like_inputs();
  in.shapes[2].seed_id = "s9";
  auto study = jqe_delta_study(in);
  ASSERT_FALSE(study.ok());
  EXPECT_NE(study.error().find("'s9'"), std::string::npos) << study.error();
}

TEST(JqeDeltaStudy, ASeedKeyGivenTwiceIsAnError) {
  auto in = thesis_like_inputs();
  in.seed_ids[1] = "s1";
  EXPECT_FALSE(jqe_delta_study(in).ok());
}

TEST(JqeDeltaStudy, TheReportHoldsEveryTableWithThePublishedRows) {
  auto study = jqe_delta_study(thesis_like_inputs());
  ASSERT_TRUE(study.ok()) << study.error();
  const auto& r = study->report;
  EXPECT_EQ(report_problem(r), "");
  std::vector<std::string> ids;
  for (const auto& t : r.tables) ids.push_back(t.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"ex_sets", "transitions", "ex_by_joins", "shape_sample"}));
  // Thesis Table 3.6: three systems; CHESS's EX_exp is 44.83.
  ASSERT_EQ(r.tables[0].published.size(), 3u);
  EXPECT_EQ(cell_text(r.tables[0].published[0].cells[0]), "CHESS");
  EXPECT_EQ(cell_text(r.tables[0].published[0].cells[6]), "44.83");
  // EX by joins: seeds with 0 joins (s2), 1 (s1), 2 (s3); expansions with 1, 2 and 3 joins.
  std::vector<std::string> joins;
  for (const auto& row : r.tables[2].rows) joins.push_back(cell_text(row[0]));
  EXPECT_EQ(joins, (std::vector<std::string>{"0", "1", "2", "3"}));
  // One item row per seed and per expansion.
  EXPECT_EQ(r.items.rows.size(), 10u);
  // What was left out, and why: s4's gold failed, and its one expansion has no scored seed.
  const auto has_note = [&r](const std::string& text) {
    for (const auto& n : r.notes)
      if (n == text) return true;
    return false;
  };
  EXPECT_TRUE(has_note("1 of 4 seeds not scored: 1 gold failed, 0 no database."));
  EXPECT_TRUE(has_note("1 scored expansions left out of ΔEX because their seed was not scored."));
}

}  // namespace
}  // namespace chokepoint::study
