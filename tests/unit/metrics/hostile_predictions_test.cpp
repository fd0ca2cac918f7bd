// Hostile predictions: values, results and scoring that a prediction can make arbitrarily large are bounded by the
// limits, and each such item says why (size cap, row cap, time limit) instead of taking minutes or gigabytes.
// Time is not asserted here beyond "stopped": bench/hostile_bench measures wall time and peak memory.
#include <gtest/gtest.h>

#include "core/base/deadline.h"
#include "core/metrics/execution_accuracy.h"
#include "core/metrics/explanation.h"
#include "core/metrics/fine_grained_metrics.h"
#include "core/metrics/pair_evaluation.h"
#include "tests/unit/metrics/result_builders.h"

namespace chokepoint {
using namespace testing_support;

namespace {

const char* kSingers =
    "CREATE TABLE singer(id INTEGER PRIMARY KEY, name TEXT, country TEXT, age INT);"
    "INSERT INTO singer VALUES (1,'Joe','France',52),(2,'Ann','Netherlands',32),(3,'Tim','France',41);";
const char* kGold = "SELECT name FROM singer";

EvaluationOptions options_all_regimes(int timeout_ms = 3000) {
  EvaluationOptions o;
  o.regimes = all_regimes();
  o.limits.timeout_ms = timeout_ms;
  return o;
}

}  // namespace

TEST(HostilePredictions, AHugePrintfValueIsRefusedBySizeNotComputed) {
  Connection db = memory_db(kSingers);
  auto item = evaluate_pair(db, {"0", "s", kGold, "SELECT printf('%.*c', 900000000, 'x')"}, options_all_regimes());
  EXPECT_EQ(item.status, ItemStatus::Scored);
  EXPECT_EQ(item.pred_status, QueryStatus::Error);
  EXPECT_FALSE(item.ex);
  EXPECT_NE(item.message.find("too big"), std::string::npos) << item.message;
  EXPECT_NE(item.message.find("16 MiB"), std::string::npos) << item.message;  // names the limit that refused it
  for (const auto& s : item.scores) EXPECT_EQ(s.f1, 0.0);
}

TEST(HostilePredictions, AHugeRandomBlobIsRefusedUnderEveryRegime) {
  Connection db = memory_db(kSingers);
  auto item = evaluate_pair(db, {"0", "s", kGold, "SELECT randomblob(900000000)"}, options_all_regimes());
  EXPECT_EQ(item.pred_status, QueryStatus::Error);
  EXPECT_NE(item.message.find("too big"), std::string::npos) << item.message;
  ASSERT_EQ(item.scores.size(), all_regimes().size());
}

TEST(HostilePredictions, TheValueLimitIsSettable) {
  Connection db = memory_db(kSingers);
  EvaluationOptions o = options_all_regimes();
  o.limits.max_value_bytes = 1000;
  EXPECT_EQ(evaluate_pair(db, {"0", "s", kGold, "SELECT zeroblob(999)"}, o).pred_status, QueryStatus::Ok);
  auto big = evaluate_pair(db, {"1", "s", kGold, "SELECT zeroblob(1001)"}, o);
  EXPECT_EQ(big.pred_status, QueryStatus::Error);
  EXPECT_NE(big.message.find("1000 bytes"), std::string::npos) << big.message;
  // The limit applies while the query runs only: the connection is back to SQLite's own limit afterwards.
  EXPECT_TRUE(db.query("SELECT zeroblob(2000)", QueryLimits{0, 10, 0, 0}).ok());
}

TEST(HostilePredictions, AnEndlessRecursiveQueryIsCutAtTheRowCapAndMarkedTruncated) {
  Connection db = memory_db(kSingers);
  EvaluationOptions o = options_all_regimes();
  o.limits.max_rows = 1000;
  auto item = evaluate_pair(
      db, {"0", "s", kGold, "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c"}, o);
  EXPECT_EQ(item.pred_status, QueryStatus::Ok);
  EXPECT_TRUE(item.truncated);
  EXPECT_NE(item.truncation.find("row cap of 1000 rows"), std::string::npos) << item.truncation;
  auto j = item_to_json(item, o.regimes);
  EXPECT_EQ(j["truncated"], true);
  EXPECT_EQ(j["truncation"], item.truncation);
}

TEST(HostilePredictions, ManyLargeValuesAreCutAtTheResultSizeCap) {
  Connection db = memory_db(kSingers);
  EvaluationOptions o = options_all_regimes();
  o.limits.max_result_bytes = 1 << 20;
  auto item = evaluate_pair(db,
                            {"0", "s", kGold,
                             "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000) "
                             "SELECT x, zeroblob(100000) FROM c"},
                            o);
  EXPECT_EQ(item.pred_status, QueryStatus::Ok);
  EXPECT_TRUE(item.truncated);
  EXPECT_NE(item.truncation.find("size cap of 1 MiB"), std::string::npos) << item.truncation;
}

TEST(HostilePredictions, ResultSizeIsCountedAsStored) {
  Connection db = memory_db(kSingers);
  QueryLimits lim;
  lim.max_result_bytes = 1 << 20;
  auto out = db.query(
      "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000) SELECT zeroblob(100000) FROM c",
      lim);
  ASSERT_TRUE(out.ok()) << out.message;
  ASSERT_TRUE(out.result.truncated);
  // Ten 100,000-byte values fit in 1 MiB (1,048,576 bytes) with their overhead; the eleventh does not.
  EXPECT_EQ(out.result.rows.size(), 10u);
  EXPECT_LE(result_bytes(out.result), lim.max_result_bytes);
}

TEST(HostilePredictions, TheItemTimeLimitCoversGoldAndPrediction) {
  // The gold takes a noticeable share of the limit; the runaway prediction gets only what is left, so the item as
  // a whole stops near its limit rather than at twice it.
  Connection db = memory_db(
      "CREATE TABLE t(a); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n WHERE i<1000) "
      "INSERT INTO t SELECT i FROM n;");
  EvaluationOptions o;
  o.limits.timeout_ms = 400;
  auto item =
      evaluate_pair(db, {"0", "t", "SELECT count(*) FROM t a, t b", "SELECT count(*) FROM t a, t b, t c, t d"}, o);
  EXPECT_EQ(item.status, ItemStatus::Scored);
  EXPECT_EQ(item.pred_status, QueryStatus::Timeout);
  EXPECT_NE(item.message.find("item's time limit of 400 ms"), std::string::npos) << item.message;
}

TEST(HostilePredictions, ScoringStopsAtAPassedDeadline) {
  ResultSet gold = result({"a", "b"}, {});
  ResultSet pred = result({"a", "b"}, {});
  for (int i = 0; i < 20000; ++i) {
    gold.rows.push_back({I(i), T("g" + std::to_string(i))});
    pred.rows.push_back({I(i + 1), T("p" + std::to_string(i))});
  }
  Deadline passed = Deadline::after_ms(1e-9);
  while (!passed.passed()) {
  }
  auto cmp = compare_results_for_regimes(gold, pred, all_regimes(), false, {}, true, passed);
  ASSERT_FALSE(cmp.ok());
  EXPECT_NE(cmp.error().find("time limit"), std::string::npos) << cmp.error();
  // Without a deadline the same comparison completes.
  EXPECT_TRUE(compare_results_for_regimes(gold, pred, all_regimes(), false, {}, true).ok());
}

TEST(HostilePredictions, DescriptorsUseACappedPrefixOfEachValue) {
  ResultSet r = result({"v"}, {{T(std::string(5'000'000, 'x'))}, {T("short")}});
  std::string d = column_descriptor(r, 0, 10);
  EXPECT_LT(d.size(), 2000u);
  EXPECT_NE(d.find("short"), std::string::npos);
}

TEST(HostilePredictions, ManyColumnsAreMatchedWithinTheAssignmentCap) {
  // SQLite allows 2000 output columns; Hungarian assignment is cubic, so SC matches at most the cap's columns of
  // each side and says so.
  ResultSet gold = result({}, {{}});
  ResultSet pred = result({}, {{}});
  for (int i = 0; i < 1500; ++i) {
    gold.column_names.push_back("c" + std::to_string(i));
    pred.column_names.push_back("c" + std::to_string(i));
    gold.declared_types.push_back("");
    pred.declared_types.push_back("");
    gold.rows[0].push_back(I(i));
    pred.rows[0].push_back(I(i));
  }
  Regime sc{ColumnRegime::Semantic, CellRegime::Exact, ExtraColumns::Ignore};
  auto cmp = compare_results(gold, pred, sc, false);
  ASSERT_TRUE(cmp.ok()) << cmp.error();
  EXPECT_TRUE(cmp->columns_capped);
  EXPECT_LE(cmp->columns.size(), kMaxSemanticColumns);
}

TEST(HostilePredictions, ThePermutationSearchIsExactWhereEnumerationGaveUp) {
  // Eight columns with the same value set: every permutation is a candidate (8! = 40,320). None matches, since a gold
  // row has seven 1s and a predicted row six; plain enumeration stopped at its cap, the pruned search says no.
  ResultSet gold = result({"a", "b", "c", "d", "e", "f", "g", "h"}, {});
  ResultSet pred = gold;
  gold.rows = {{I(1), I(1), I(1), I(1), I(1), I(1), I(1), I(2)}, {I(2), I(2), I(2), I(2), I(2), I(2), I(2), I(1)}};
  pred.rows = {{I(1), I(1), I(1), I(1), I(1), I(1), I(2), I(2)}, {I(2), I(2), I(2), I(2), I(2), I(2), I(1), I(1)}};
  bool capped = true;
  EXPECT_FALSE(spider_results_match(gold, pred, false, Deadline::never(), &capped));
  EXPECT_FALSE(capped) << "an exact no, not a search that gave up";
  EXPECT_TRUE(spider_results_match(gold, gold, false, Deadline::never(), &capped));
  EXPECT_FALSE(capped);

  // An 8x8 Latin square (cell = (row + column) mod 8) against itself with the columns reversed: every column holds
  // the values 0-7, so every order is a candidate, and only the reversal matches (the test-suite evaluator
  // finds it). With one cell changed, no order matches.
  ResultSet square = result({"a", "b", "c", "d", "e", "f", "g", "h"}, {});
  ResultSet reversed = square;
  for (int r = 0; r < 8; ++r) {
    Row row, back;
    for (int c = 0; c < 8; ++c) row.push_back(I((r + c) % 8));
    for (int c = 7; c >= 0; --c) back.push_back(I((r + c) % 8));
    square.rows.push_back(row);
    reversed.rows.push_back(back);
  }
  EXPECT_TRUE(spider_results_match(square, reversed, false, Deadline::never(), &capped));
  EXPECT_FALSE(capped);
  EXPECT_TRUE(spider_results_match(square, reversed, true, Deadline::never(), &capped)) << "rows in the same order";
  ResultSet broken = reversed;
  std::swap(broken.rows[0][0], broken.rows[0][1]);  // two cells of one row swapped
  EXPECT_FALSE(spider_results_match(square, broken, false, Deadline::never(), &capped));
  EXPECT_FALSE(capped);
}

}  // namespace chokepoint
