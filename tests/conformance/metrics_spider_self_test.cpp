// Spider dev gold against itself on the 10 shared databases: EX must be 100% under BIRD and Spider semantics, and
// EXP = EXR = F1 = 100 in every regime, also when the matching runs without the EX = 1 shortcut.
#include <gtest/gtest.h>

#include <fstream>

#include "core/dataset/eval_set_loader.h"
#include "core/db/database_pool.h"
#include "core/metrics/fine_grained_metrics.h"
#include "core/metrics/pair_evaluation.h"

namespace chokepoint {
namespace {

std::string spider_dir() { return std::string(CHOKEPOINT_SHARED_DATA) + "/spider"; }

std::vector<EvalPair> gold_pairs() {
  auto gold = load_eval_set(spider_dir() + "/dev_gold.sql");
  EXPECT_TRUE(gold.ok()) << gold.error();
  std::vector<EvalPair> pairs;
  if (!gold.ok()) return pairs;
  for (const auto& it : gold->items) pairs.push_back({it.key, it.db_id, it.sql, it.sql});
  return pairs;
}

}  // namespace

TEST(MetricsSpiderSelf, GoldAgainstItselfScoresOneHundred) {
  if (!std::ifstream(spider_dir() + "/dev_gold.sql")) GTEST_SKIP() << "shared data not found";
  auto pairs = gold_pairs();
  ASSERT_EQ(pairs.size(), 1034u);
  for (ExSemantics sem : {ExSemantics::Bird, ExSemantics::Spider}) {
    DatabasePool pool(spider_dir() + "/database");
    EvaluationOptions o;
    o.semantics = sem;
    o.regimes = all_regimes();
    auto items = evaluate_pairs(pairs, pool, o);
    auto s = summarize(items, o.regimes);
    EXPECT_EQ(s.gold_errors, 0u);
    EXPECT_EQ(s.pred_errors, 0u);
    EXPECT_EQ(s.n - s.no_database, s.scored);
    EXPECT_GT(s.scored, 500u);  // items on the 10 shared databases
    EXPECT_EQ(s.ex, 100.0) << ex_semantics_name(sem);
    for (const auto& m : s.regimes) {
      EXPECT_EQ(m.exp, 100.0) << m.regime.name();
      EXPECT_EQ(m.exr, 100.0) << m.regime.name();
      EXPECT_EQ(m.f1, 100.0) << m.regime.name();
    }
  }
}

TEST(MetricsSpiderSelf, MatchingAloneRecoversEveryCell) {
  if (!std::ifstream(spider_dir() + "/dev_gold.sql")) GTEST_SKIP() << "shared data not found";
  DatabasePool pool(spider_dir() + "/database");
  size_t checked = 0;
  for (const auto& p : gold_pairs()) {
    auto db = pool.get(p.db_id);
    if (!db.ok()) continue;
    auto out = (*db)->query(p.gold_sql);
    ASSERT_TRUE(out.ok()) << p.gold_sql << ": " << out.message;
    for (const auto& regime : all_regimes()) {
      auto c = compare_results(out.result, out.result, regime, /*ex=*/false);
      ASSERT_TRUE(c.ok());
      EXPECT_EQ(c->score.exp, 1.0) << regime.name() << " " << p.gold_sql;
      EXPECT_EQ(c->score.exr, 1.0) << regime.name() << " " << p.gold_sql;
    }
    ++checked;
  }
  EXPECT_GT(checked, 500u);
}

}  // namespace chokepoint
