// Our EX against Spider's test-suite evaluator, item by item, on the Codex few-shot predictions of Spider dev:
// ExSemantics::TestSuite must reproduce the evaluator's default mode and ExSemantics::Spider its --keep_distinct
// mode, on the 589 items whose database is in ../shared/data. The reference's verdicts were generated once and are
// checked in (data/spider_codex_test_suite_exec.tsv, whose header says how).
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

#include "core/dataset/eval_set_loader.h"
#include "core/db/database_pool.h"
#include "core/metrics/eval_pairs.h"
#include "core/metrics/pair_evaluation.h"

namespace chokepoint {
namespace {

std::string data(const std::string& rel) { return std::string(CHOKEPOINT_SHARED_DATA) + "/" + rel; }

struct Verdicts {
  std::string db_id;
  bool ex_default = false, ex_keep_distinct = false;
};

// index -> the reference's verdicts, from the checked-in table next to this file.
std::map<size_t, Verdicts> reference_table() {
  const std::string path =
      std::string(__FILE__).substr(0, std::string(__FILE__).rfind('/')) + "/data/spider_codex_test_suite_exec.tsv";
  std::ifstream in(path);
  EXPECT_TRUE(in) << path;
  std::map<size_t, Verdicts> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#' || line.rfind("index", 0) == 0) continue;
    std::istringstream fields(line);
    size_t index = 0;
    int d = 0, k = 0;
    Verdicts v;
    fields >> index >> v.db_id >> d >> k;
    v.ex_default = d == 1;
    v.ex_keep_distinct = k == 1;
    out[index] = v;
  }
  return out;
}

std::vector<EvalPair> codex_pairs() {
  auto gold = load_eval_set(data("spider/dev_gold.sql"));
  auto pred = load_eval_set(data("preds/spider_dev_codex_fewshot.csv"));
  EXPECT_TRUE(gold.ok() && pred.ok());
  if (!gold.ok() || !pred.ok()) return {};
  auto pairs = pair_gold_with_predictions(*gold, *pred);
  EXPECT_TRUE(pairs.ok()) << pairs.error();
  return pairs.ok() ? *pairs : std::vector<EvalPair>{};
}

// Our EX per reference item under `semantics`; fails the test on items we could not score.
std::map<size_t, bool> our_verdicts(const std::vector<EvalPair>& all, const std::map<size_t, Verdicts>& table,
                                    ExSemantics semantics) {
  std::vector<EvalPair> pairs;
  std::vector<size_t> index;
  for (const auto& [i, v] : table) {
    EXPECT_LT(i, all.size());
    if (i >= all.size()) continue;
    EXPECT_EQ(all[i].db_id, v.db_id) << i;
    pairs.push_back(all[i]);
    index.push_back(i);
  }
  DatabasePool pool(data("spider/database"));
  EvaluationOptions o;
  o.semantics = semantics;
  o.regimes = {};
  o.limits.timeout_ms = 60000;  // the reference's TIMEOUT
  const auto items = evaluate_pairs(pairs, pool, o);
  std::map<size_t, bool> out;
  for (size_t k = 0; k < items.size(); ++k) {
    EXPECT_EQ(items[k].status, ItemStatus::Scored) << index[k] << ": " << items[k].message;
    out[index[k]] = items[k].ex;
  }
  return out;
}

}  // namespace

TEST(TestSuiteConformance, CodexPredictionsItemByItem) {
  if (!std::ifstream(data("preds/spider_dev_codex_fewshot.csv")) || !std::ifstream(data("spider/dev_gold.sql")))
    GTEST_SKIP() << "shared data not found";
  const auto table = reference_table();
  ASSERT_EQ(table.size(), 589u);
  const auto all = codex_pairs();
  ASSERT_EQ(all.size(), 1034u);
  const auto test_suite = our_verdicts(all, table, ExSemantics::TestSuite);
  const auto spider = our_verdicts(all, table, ExSemantics::Spider);
  size_t agree_default = 0, agree_keep = 0, modes_differ = 0, ours_differ = 0;
  for (const auto& [i, v] : table) {
    const bool ts = test_suite.count(i) && test_suite.at(i), sp = spider.count(i) && spider.at(i);
    EXPECT_EQ(ts, v.ex_default) << "default mode, item " << i << ": " << all[i].pred_sql;
    EXPECT_EQ(sp, v.ex_keep_distinct) << "--keep_distinct, item " << i << ": " << all[i].pred_sql;
    agree_default += ts == v.ex_default;
    agree_keep += sp == v.ex_keep_distinct;
    modes_differ += v.ex_default != v.ex_keep_distinct;
    ours_differ += ts != sp;
  }
  EXPECT_EQ(modes_differ, 12u);  // the reference's two modes disagree on 12 items (the table's header)
  EXPECT_EQ(ours_differ, modes_differ);
  std::cout << "test-suite vs default: " << agree_default << "/" << table.size()
            << "; spider vs --keep_distinct: " << agree_keep << "/" << table.size()
            << "; items differing between the modes: " << modes_differ << "\n";
}

}  // namespace chokepoint

namespace chokepoint {

// Every gold rewritten both ways still matches itself, and with --test-suite on folders of one database the
// verdicts are the same as without.
TEST(TestSuiteConformance, GoldAgainstItselfAndSingleDatabaseSuites) {
  if (!std::ifstream(data("spider/dev_gold.sql"))) GTEST_SKIP() << "shared data not found";
  auto gold = load_eval_set(data("spider/dev_gold.sql"));
  ASSERT_TRUE(gold.ok()) << gold.error();
  std::vector<EvalPair> pairs;
  for (const auto& it : gold->items) pairs.push_back({it.key, it.db_id, it.sql, it.sql});
  for (bool suite : {false, true}) {
    DatabasePool pool(data("spider/database"));
    EvaluationOptions o;
    o.semantics = ExSemantics::TestSuite;
    o.regimes = {};
    o.test_suite = suite;
    const auto s = summarize(evaluate_pairs(pairs, pool, o), o.regimes);
    EXPECT_EQ(s.gold_errors, 0u);
    EXPECT_GT(s.scored, 500u);
    EXPECT_EQ(s.ex, 100.0) << "test_suite " << suite;
  }
}

}  // namespace chokepoint
