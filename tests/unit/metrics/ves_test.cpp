// Efficiency scores (ves.h) against BIRD's evaluation_ves.py and mini-dev's, the timing harness (query_timing.h) on a
// deterministic clock that SQL itself advances, and on a real database where one query is provably slower.
#include "core/metrics/ves.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <cmath>

#include "core/metrics/efficiency_evaluation.h"
#include "core/metrics/query_timing.h"

namespace chokepoint {
namespace {

// --- The ±3σ filter (clean_abnormal) ---

TEST(CleanAbnormal, OneOutlierAmongTwentyOneIsDropped) {
  // Twenty 1s and one 100: mean 5.714, σ 21.2; 100 lies 4.47σ above the mean.
  std::vector<double> ratios(20, 1.0);
  ratios.push_back(100.0);
  EXPECT_EQ(clean_abnormal(ratios), std::vector<double>(20, 1.0));
}

TEST(CleanAbnormal, TheSameOutlierAmongNineIsKept) {
  // With n values and one outlier, the outlier lies sqrt(n - 1) σ from the mean: 2.83σ for n = 9.
  std::vector<double> ratios(8, 1.0);
  ratios.push_back(100.0);
  EXPECT_EQ(clean_abnormal(ratios).size(), 9u);
}

TEST(CleanAbnormal, AValueExactlyAtMeanPlusThreeSigmaIsDroppedWithPopulationSigma) {
  // Nine 1s and one 11: mean 2, np.std (ddof 0) 3, so 11 is exactly mean + 3σ and BIRD's strict test drops it.
  // (With the sample σ, 3.16, it would be kept.)
  std::vector<double> ratios(9, 1.0);
  ratios.push_back(11.0);
  EXPECT_EQ(clean_abnormal(ratios), std::vector<double>(9, 1.0));
}

TEST(CleanAbnormal, EqualRatiosAreAllKept) {
  // BIRD keeps none here (σ = 0, strict test) and then fails on a division by zero; we keep all (ves.h).
  EXPECT_EQ(clean_abnormal({2.0, 2.0, 2.0}), (std::vector<double>{2.0, 2.0, 2.0}));
}

TEST(RatioSummary, ConstantRatiosScoreTheirSquareRootTimesHundred) {
  const auto s = summarize_ratios(std::vector<double>(100, 4.0));
  EXPECT_EQ(s.kept, 100u);
  EXPECT_DOUBLE_EQ(s.mean, 4.0);
  EXPECT_DOUBLE_EQ(s.score, 200.0);
  EXPECT_DOUBLE_EQ(s.cv, 0.0);
  EXPECT_DOUBLE_EQ(s.reward, 1.25);
}

TEST(RatioSummary, MeanAndCvAreOfTheKeptRatios) {
  std::vector<double> ratios(20, 1.0);
  ratios[0] = 0.5;
  ratios[1] = 1.5;
  ratios.push_back(100.0);  // dropped
  const auto s = summarize_ratios(ratios);
  EXPECT_EQ(s.runs, 21u);
  EXPECT_EQ(s.kept, 20u);
  EXPECT_DOUBLE_EQ(s.mean, 1.0);
  EXPECT_NEAR(s.cv, std::sqrt(0.5 / 20), 1e-12);  // two deviations of 0.5 among 20
}

// --- R-VES rewards (mini-dev's iterated_execute_sql) ---

TEST(Reward, StepsAtEachThreshold) {
  EXPECT_EQ(ves_reward(3.0), 1.25);
  EXPECT_EQ(ves_reward(2.0), 1.25);
  EXPECT_EQ(ves_reward(1.999), 1.0);
  EXPECT_EQ(ves_reward(1.0), 1.0);
  EXPECT_EQ(ves_reward(0.999), 0.75);
  EXPECT_EQ(ves_reward(0.5), 0.75);
  EXPECT_EQ(ves_reward(0.499), 0.5);
  EXPECT_EQ(ves_reward(0.25), 0.5);
  EXPECT_EQ(ves_reward(0.249), 0.25);
  EXPECT_EQ(ves_reward(0.001), 0.25);
  EXPECT_EQ(ves_reward(0.0), 0.0);  // wrong, error or timeout
}

TEST(Reward, RVesIsTheMeanOfSquareRootRewardTimesHundredOverAllItems) {
  const auto s = efficiency_scores({{true, 2.0}, {true, 1.0}, {true, 0.3}, {false, 5.0}});
  EXPECT_NEAR(s.r_ves, (std::sqrt(1.25) * 100 + 100 + std::sqrt(0.5) * 100 + 0) / 4, 1e-9);
}

// --- VES and C-VES (BIRD's compute_ves; 004 Eq. 3-4) ---

TEST(EfficiencyScores, VesOfConstantRatios) {
  const auto s = efficiency_scores({{true, 4.0}, {true, 4.0}, {true, 4.0}});
  EXPECT_DOUBLE_EQ(s.ves, 200.0);
  EXPECT_DOUBLE_EQ(s.c_ves, 200.0);
}

TEST(EfficiencyScores, WrongItemsScoreZeroInVesAndLeaveCVes) {
  // t_gold = 4, t_pred = 1: R = 2, 200 on the x100 scale (notes §6.9); one item as fast as gold; two wrong.
  const auto s = efficiency_scores({{true, 4.0}, {true, 1.0}, {false, 9.0}, {false, 0.0}});
  EXPECT_EQ(s.n, 4u);
  EXPECT_EQ(s.correct, 2u);
  EXPECT_DOUBLE_EQ(s.ves, 75.0);
  EXPECT_DOUBLE_EQ(s.c_ves, 150.0);
  EXPECT_DOUBLE_EQ(s.ves, s.c_ves * static_cast<double>(s.correct) / static_cast<double>(s.n));  // VES = EX x C-VES
}

TEST(EfficiencyScores, NoCorrectItemGivesZeros) {
  const auto s = efficiency_scores({{false, 0.0}});
  EXPECT_EQ(s.ves, 0.0);
  EXPECT_EQ(s.c_ves, 0.0);
  EXPECT_EQ(s.r_ves, 0.0);
}

// --- The harness on a clock that SQL advances: tick(ms) moves the fake clock forward by ms milliseconds ---

struct FakeTime {
  int64_t now_ns = 0;
};

void tick(sqlite3_context* ctx, int, sqlite3_value** argv) {
  static_cast<FakeTime*>(sqlite3_user_data(ctx))->now_ns += sqlite3_value_int64(argv[0]) * 1000000;
  sqlite3_result_int(ctx, 1);
}

struct FakeClockDb {
  FakeTime time;
  Connection db = Connection::open_memory().value();
  FakeClockDb() {
    sqlite3_create_function(db.handle(), "tick", 1, SQLITE_UTF8, &time, tick, nullptr, nullptr);
    db.allow_function("tick");
  }
  TimingOptions options(int iterations = 5, int64_t min_span_ms = 1) {
    TimingOptions o;
    o.iterations = iterations;
    o.min_span_ns = min_span_ms * 1000000;
    o.clock = [this] { return time.now_ns; };
    return o;
  }
};

TEST(TimePair, RatioIsGoldTimeOverPredictionTime) {
  FakeClockDb f;
  const auto t = time_pair(f.db, "SELECT tick(4)", "SELECT tick(1)", f.options());
  ASSERT_TRUE(t.ok()) << t.message;
  EXPECT_EQ(t.ratios, std::vector<double>(5, 4.0));
  EXPECT_EQ(t.gold.run_ns, std::vector<double>(5, 4e6));
  EXPECT_EQ(t.pred.run_ns, std::vector<double>(5, 1e6));
  EXPECT_DOUBLE_EQ(t.summary.score, 200.0);
  EXPECT_GT(t.pred.vm_steps, 0);
}

TEST(TimePair, ShortQueriesAreRepeatedWithinOneSpanUntilItIsLongEnough) {
  FakeClockDb f;
  const auto t = time_pair(f.db, "SELECT tick(4)", "SELECT tick(1)", f.options(3, 10));
  ASSERT_TRUE(t.ok()) << t.message;
  EXPECT_EQ(t.pred.repetitions, 16);                 // 1, 2, 4, 8 ms are under 10 ms
  EXPECT_EQ(t.gold.repetitions, 4);                  // 4, 8 ms are under; 16 ms is not
  EXPECT_EQ(t.ratios, std::vector<double>(3, 4.0));  // each span divided by its repetitions
}

TEST(TimePair, StepModeTimesEveryRowBirdExecuteOnlyTheFirst) {
  FakeClockDb f;
  const std::string three_rows = "SELECT tick(1) FROM (SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3)";
  auto step = time_pair(f.db, three_rows, "SELECT tick(1)", f.options());
  ASSERT_TRUE(step.ok()) << step.message;
  EXPECT_DOUBLE_EQ(step.summary.mean, 3.0);
  auto o = f.options();
  o.mode = TimingMode::BirdExecute;
  auto bird = time_pair(f.db, three_rows, "SELECT tick(1)", o);
  ASSERT_TRUE(bird.ok()) << bird.message;
  EXPECT_DOUBLE_EQ(bird.summary.mean, 1.0);
}

TEST(TimePair, AFailingPredictionIsAnError) {
  FakeClockDb f;
  const auto t = time_pair(f.db, "SELECT 1", "SELECT abs(-9223372036854775807 - 1)", f.options());
  EXPECT_EQ(t.status, QueryStatus::Error);
  EXPECT_NE(t.message.find("prediction: integer overflow"), std::string::npos) << t.message;
}

TEST(TimePair, AnEndlessPredictionStopsAtTheLimit) {
  FakeClockDb f;
  auto o = f.options();
  o.timeout_ms = 100;
  const auto t =
      time_pair(f.db, "SELECT 1", "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c", o);
  EXPECT_EQ(t.status, QueryStatus::Timeout);
  EXPECT_EQ(t.message, "timing exceeded the time limit of 100 ms");
}

// --- A real database: a full scan against an index lookup, on the steady clock ---

class IndexedTable : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    db_ = new Connection(Connection::open_memory().value());
    auto st = db_->exec_script(
        "CREATE TABLE t(id INTEGER PRIMARY KEY, k INTEGER, v TEXT);"
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200000)"
        "  INSERT INTO t SELECT i, i * 7 % 200003, 'row ' || i FROM n;"
        "CREATE INDEX t_k ON t(k);");
    ASSERT_TRUE(st.ok()) << st.error();
  }
  static void TearDownTestSuite() { delete db_; }
  static Connection* db_;
  // A full scan: `k + 0` hides the column from the index. The same row as the lookup.
  static constexpr const char* kScan = "SELECT id, v FROM t WHERE k + 0 = 700";
  static constexpr const char* kLookup = "SELECT id, v FROM t WHERE k = 700";
  static TimingOptions options() {
    TimingOptions o;
    o.iterations = 10;
    o.timeout_ms = 60000;
    return o;
  }
};
Connection* IndexedTable::db_ = nullptr;

TEST_F(IndexedTable, PlansShowTheScanAndTheIndexSideBySide) {
  const auto plans = pair_plans(*db_, kScan, kLookup);
  ASSERT_EQ(plans.gold.size(), 1u);
  ASSERT_EQ(plans.pred.size(), 1u);
  EXPECT_EQ(plans.gold[0], "SCAN t");
  EXPECT_EQ(plans.pred[0], "SEARCH t USING INDEX t_k (k=?)");
  EXPECT_NE(pair_plans(*db_, "SELECT 1", "SELECT nope FROM t").pred_error.find("no such column"), std::string::npos);
}

TEST_F(IndexedTable, TheFasterPredictionScoresAboveHundred) {
  const auto t = time_pair(*db_, kScan, kLookup, options());
  ASSERT_TRUE(t.ok()) << t.message;
  // The scan reads 200,000 rows, the lookup a few pages: the ratio is in the hundreds or more on any machine.
  EXPECT_GT(t.summary.mean, 5.0);
  EXPECT_GT(t.summary.score, 100.0);
  EXPECT_GT(t.pred.repetitions, 1);  // a lookup takes microseconds: repeated to fill a span
  EXPECT_GT(t.gold.vm_steps, 100 * t.pred.vm_steps);
}

TEST_F(IndexedTable, GoldAgainstItselfLandsWithinItsSpreadOfHundred) {
  const auto t = time_pair(*db_, kScan, kScan, options());
  ASSERT_TRUE(t.ok()) << t.message;
  // One run's ratio varies by cv; the score is the square root of a mean of ten, so it strays far less. Generous
  // bounds: a loaded two-core machine must not fail this.
  const double spread = std::max(25.0, 200 * t.summary.cv);
  EXPECT_NEAR(t.summary.score, 100.0, spread) << "cv " << t.summary.cv;
}

TEST_F(IndexedTable, AWrongPredictionScoresZeroAndACorrectOneCounts) {
  EfficiencyOptions o;
  o.timing = options();
  EvaluationOptions ex;
  ex.regimes = {};
  const auto right = evaluate_efficiency(*db_, {"1", "t", kScan, kLookup}, ex, o);
  const auto wrong = evaluate_efficiency(*db_, {"2", "t", kScan, "SELECT id, v FROM t WHERE k = 701"}, ex, o);
  EXPECT_TRUE(right.correct());
  EXPECT_FALSE(wrong.correct());
  EXPECT_FALSE(wrong.timed);
  EXPECT_TRUE(wrong.self_timed);  // the gold is timed against itself either way
  const auto s = summarize_efficiency({right, wrong});
  EXPECT_EQ(s.scores.correct, 1u);
  EXPECT_NEAR(s.scores.ves, right.timing.summary.score / 2, 1e-9);
  EXPECT_NEAR(s.scores.c_ves, right.timing.summary.score, 1e-9);
  EXPECT_GT(s.scores.c_ves, 100.0);
  EXPECT_EQ(s.self_items, 2u);
  EXPECT_NEAR(s.self_ves, 100.0, std::max(25.0, 200 * s.self_cv));
}

}  // namespace
}  // namespace chokepoint
