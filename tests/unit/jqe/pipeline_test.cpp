// Preferences, lazy enumeration, execution check, budget, rounds and determinism of the JQE driver.
#include <gtest/gtest.h>

#include "core/jqe/combinations.h"
#include "core/jqe/execution_check.h"
#include "core/jqe/report.h"
#include "core/sql/parser.h"
#include "tests/unit/jqe/toxicology_fixture.h"

namespace chokepoint::jqe {
namespace {

using testing::kToxicologySeed;
using testing::several;
using testing::Toxicology;

TEST(Preferences, ParseOrder) {
  auto o = parse_order("complexity:desc,centrality:asc");
  ASSERT_TRUE(o.ok());
  ASSERT_EQ(o->size(), 2u);
  EXPECT_EQ((*o)[1].key, SortKey::centrality);
  EXPECT_EQ((*o)[1].direction, Direction::ascending);
  EXPECT_EQ(order_to_string(*o), "complexity:desc,centrality:asc");
  EXPECT_FALSE(parse_order("size:asc").ok());
  EXPECT_FALSE(parse_order("complexity:up").ok());
  EXPECT_FALSE(parse_order("complexity,complexity").ok());
}

std::vector<std::pair<int, std::vector<int>>> all(const std::vector<CandidateSpec>& specs, const Preferences& p) {
  CombinationEnumerator e(specs, p);
  std::vector<std::pair<int, std::vector<int>>> out;
  Combination c;
  while (e.next(c)) out.push_back({c.candidate, c.conditions});
  return out;
}

TEST(Combinations, CentralityFirstThenComplexity) {
  // B is more central than A; order centrality:desc, complexity:asc puts all of B before A.
  std::vector<CandidateSpec> specs = {{"A", 0.2, {0, 1}}, {"B", 0.9, {0, 0}}};
  Preferences p;
  p.order = *parse_order("centrality:desc,complexity:asc");
  using V = std::vector<std::pair<int, std::vector<int>>>;
  EXPECT_EQ(all(specs, p), (V{{1, {0}}, {1, {1}}, {1, {0, 1}}, {0, {0}}, {0, {1}}, {0, {0, 1}}}));
  p.max_conditions_per_pair = 1;  // B's two conditions join the same instance
  EXPECT_EQ(all(specs, p), (V{{1, {0}}, {1, {1}}, {0, {0}}, {0, {1}}, {0, {0, 1}}}));
}

TEST(Combinations, CountsWithoutEnumerating) {
  CandidateSpec big{"Match", 0, std::vector<int>(22, 0)};  // BIRD's Match–Player edge: 22 labels, one instance
  EXPECT_EQ(combination_count(big, 0), (1ull << 22) - 1);
  EXPECT_EQ(combination_count(big, 2), 22u + 231u);
  EXPECT_EQ(combination_count(big, 1), 22u);
  // Lazy: the first combination (complexity desc, cap 2) comes without visiting the 4M subsets.
  Preferences p;
  CombinationEnumerator e({big}, p);
  Combination c;
  ASSERT_TRUE(e.next(c));
  EXPECT_EQ(c.conditions, (std::vector<int>{0, 1}));
}

// The enumerator builds admissible subsets directly; a brute force over every subset, filtered by the cap and
// sorted as documented (unit order, then lexicographic), must list exactly the same combinations.
TEST(Combinations, DirectAdmissibleSubsetsEqualFilteredBruteForce) {
  uint64_t seed = 7;
  auto rnd = [&](int n) {
    return static_cast<int>((seed = seed * 6364136223846793005ULL + 1442695040888963407ULL) >> 33) % n;
  };
  for (int round = 0; round < 40; ++round) {
    CandidateSpec c{"T", 0.5, {}};
    const int m = 1 + rnd(9);
    for (int i = 0; i < m; ++i) c.condition_nodes.push_back(rnd(3));
    Preferences p;
    p.max_conditions_per_pair = rnd(4);  // 0 = unlimited
    p.order = *parse_order(round % 2 ? "complexity:asc" : "complexity:desc");
    std::vector<std::pair<int, std::vector<int>>> expected;
    for (uint32_t mask = 1; mask < (1u << m); ++mask) {
      std::vector<int> subset, per_node(3, 0);
      bool ok = true;
      for (int i = 0; i < m; ++i)
        if (mask & (1u << i)) {
          subset.push_back(i);
          ok = ok && (p.max_conditions_per_pair == 0 ||
                      ++per_node[static_cast<size_t>(c.condition_nodes[i])] <= p.max_conditions_per_pair);
        }
      if (ok) expected.push_back({0, subset});
    }
    const bool asc = round % 2 == 1;
    std::sort(expected.begin(), expected.end(), [&](const auto& a, const auto& b) {
      if (a.second.size() != b.second.size())
        return asc ? a.second.size() < b.second.size() : a.second.size() > b.second.size();
      return a.second < b.second;
    });
    EXPECT_EQ(all({c}, p), expected) << "round " << round;
    EXPECT_EQ(expected.size(), combination_count(c, p.max_conditions_per_pair)) << "round " << round;
  }
}

TEST(ExecutionCheck, LoneZeroOrNullAggregateIsEmpty) {
  Toxicology t = Toxicology::load();
  auto check = [&](const std::string& sql) {
    auto tree = sql::parse_sql(sql);
    EXPECT_TRUE(tree.ok());
    return check_execution(t.db, sql, **tree, 1000);
  };
  EXPECT_EQ(check("SELECT COUNT(*) FROM atom WHERE element = 'xx'").verdict, ExecutionVerdict::empty_result);
  EXPECT_EQ(check("SELECT MAX(element) FROM atom WHERE element = 'xx'").verdict, ExecutionVerdict::empty_result);
  EXPECT_EQ(check("SELECT element FROM atom WHERE element = 'xx'").verdict, ExecutionVerdict::empty_result);
  EXPECT_EQ(check("SELECT COUNT(*) FROM atom").verdict, ExecutionVerdict::ok);
  EXPECT_EQ(check("SELECT 0 FROM atom LIMIT 1").verdict, ExecutionVerdict::ok);  // a real 0, not an aggregate's
  EXPECT_EQ(check("SELECT nope FROM atom").verdict, ExecutionVerdict::error);
}

TEST(Driver, BudgetStopsKeepingAndSaysSo) {
  Toxicology t = Toxicology::load();
  JqeOptions o;
  o.per_pattern = 0;
  o.budget = 2;
  JqeRun run = run_jqe(several(), t.databases(true), o);
  EXPECT_EQ(run.expansions.size(), 2u);
  size_t budget = 0;
  for (const auto& d : run.discards) budget += d.reason == DiscardReason::budget;
  EXPECT_GT(budget, 0u);
  EXPECT_EQ(run.seeds[5].skipped, "compound query (UNION/INTERSECT/EXCEPT)");
}

TEST(Driver, RoundsExpandTheExpansions) {
  Toxicology t = Toxicology::load();
  JqeOptions o;
  o.rounds = 2;
  o.per_pattern = 0;
  o.preferences.max_conditions_per_pair = 1;
  JqeRun run = run_jqe({testing::seed("SELECT COUNT(*) FROM bond")}, t.databases(true), o);
  int round2 = 0;
  for (const auto& x : run.expansions) {
    EXPECT_EQ(x.shape.nodes, x.round + 1);
    round2 += x.round == 2;
  }
  EXPECT_GT(round2, 0);
  auto set = expansion_set_json(run);
  for (const auto& item : set) {
    EXPECT_EQ(item["question_status"], "pending");
    EXPECT_EQ(item["jqe"]["root_seed_id"], "0");
  }
}

TEST(Driver, TwoRunsAreByteIdentical) {
  Toxicology t = Toxicology::load();
  JqeOptions o;
  o.rounds = 2;
  o.per_pattern = 2;
  auto once = [&] {
    JqeRun run = run_jqe(several(), t.databases(true), o);
    return jqe_report(run).dump() + expansion_set_json(run).dump() + pruned_set_json(run).dump();
  };
  const std::string a = once(), b = once();
  EXPECT_GT(a.size(), 1000u);
  EXPECT_EQ(a, b);
}

}  // namespace
}  // namespace chokepoint::jqe
