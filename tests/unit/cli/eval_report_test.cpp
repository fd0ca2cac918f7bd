// eval's report and summary (cli/eval_report.h) from hand-made evaluated items: how many items there were, how many
// were scored, how many had no database, and EX over the scored items beside EX over all of them.
#include "cli/eval_report.h"

#include <gtest/gtest.h>

namespace chokepoint::cli {
namespace {

enum class Kind { Right, Wrong, NoDatabase, GoldError };

// A run of items of the given kinds: every gold and prediction "SELECT 1" on database "db" (under a folder that does
// not exist, so no schema is read and no exact match is scored), no fine-grained regimes.
struct EvalRun {
  EvalSet gold, pred;
  std::vector<EvalPair> pairs;
  std::vector<size_t> positions;
  std::vector<std::optional<sql::Characteristics>> characteristics;
  EvaluationOptions options;
  SchemaCache schemas{"/nonexistent/chokepoint-test-db-root"};
  std::vector<ItemEvaluation> items;

  explicit EvalRun(const std::vector<Kind>& kinds) {
    options.regimes = {};
    for (size_t i = 0; i < kinds.size(); ++i) {
      const std::string id = std::to_string(i);
      gold.items.push_back({id, "db", "question " + id, "", "SELECT 1", ""});
      pred.items.push_back({id, "db", "", "", "SELECT 1", ""});
      pairs.push_back({id, "db", "SELECT 1", "SELECT 1"});
      positions.push_back(i);
      characteristics.emplace_back();
      ItemEvaluation it;
      it.id = id;
      it.db_id = "db";
      it.status = kinds[i] == Kind::NoDatabase  ? ItemStatus::NoDatabase
                  : kinds[i] == Kind::GoldError ? ItemStatus::GoldError
                                                : ItemStatus::Scored;
      it.ex = kinds[i] == Kind::Right;
      items.push_back(it);
    }
  }

  EvalReport report() {
    EvalReportInputs in;
    in.gold = &gold;
    in.pred = &pred;
    in.gold_file = "gold.json";
    in.pred_file = "pred.json";
    in.pairs = &pairs;
    in.positions = &positions;
    in.characteristics = &characteristics;
    in.options = &options;
    in.schemas = &schemas;
    return build_eval_report(in, items);
  }
};

TEST(EvalReport, MissingDatabasesCountInNButNotInScored) {
  const auto s = EvalRun({Kind::Right, Kind::Right, Kind::Wrong, Kind::NoDatabase, Kind::NoDatabase}).report().summary;
  EXPECT_EQ(s["n"], 5);
  EXPECT_EQ(s["scored"], 3);
  EXPECT_EQ(s["skipped_no_database"], 2);
}

TEST(EvalReport, ExIsOverTheScoredItemsAndExOverNOverAllItems) {
  // 2 right of 3 scored: 66.67; 2 right of 5 given: 40.
  const auto s = EvalRun({Kind::Right, Kind::Right, Kind::Wrong, Kind::NoDatabase, Kind::NoDatabase}).report().summary;
  EXPECT_DOUBLE_EQ(s["ex"].get<double>(), 66.67);
  EXPECT_DOUBLE_EQ(s["ex_over_n"].get<double>(), 40.0);
}

TEST(EvalReport, WithEveryItemScoredBothFiguresAgree) {
  const auto s = EvalRun({Kind::Right, Kind::Wrong, Kind::Wrong, Kind::Wrong}).report().summary;
  EXPECT_EQ(s["skipped_no_database"], 0);
  EXPECT_DOUBLE_EQ(s["ex"].get<double>(), 25.0);
  EXPECT_DOUBLE_EQ(s["ex_over_n"].get<double>(), 25.0);
}

TEST(EvalReport, AFailedGoldIsNeitherScoredNorASkippedDatabase) {
  const auto s = EvalRun({Kind::Right, Kind::GoldError}).report().summary;
  EXPECT_EQ(s["n"], 2);
  EXPECT_EQ(s["scored"], 1);
  EXPECT_EQ(s["gold_errors"], 1);
  EXPECT_EQ(s["skipped_no_database"], 0);
  EXPECT_DOUBLE_EQ(s["ex"].get<double>(), 100.0);
  EXPECT_DOUBLE_EQ(s["ex_over_n"].get<double>(), 50.0);
}

TEST(EvalReport, ExOverNIsRoundedToTwoDecimals) {
  // 1 right of 3 given: 33.333... -> 33.33.
  const auto s = EvalRun({Kind::Right, Kind::NoDatabase, Kind::NoDatabase}).report().summary;
  EXPECT_DOUBLE_EQ(s["ex_over_n"].get<double>(), 33.33);
  EXPECT_DOUBLE_EQ(s["ex"].get<double>(), 100.0);
}

TEST(EvalReport, NoItemsGiveZeroes) {
  const auto s = EvalRun({}).report().summary;
  EXPECT_EQ(s["n"], 0);
  EXPECT_EQ(s["scored"], 0);
  EXPECT_DOUBLE_EQ(s["ex"].get<double>(), 0.0);
  EXPECT_DOUBLE_EQ(s["ex_over_n"].get<double>(), 0.0);
}

TEST(EvalReport, TheReportHoldsTheSameCountsAndEveryItem) {
  const auto built = EvalRun({Kind::Right, Kind::Wrong, Kind::NoDatabase}).report();
  const auto& r = built.report;
  EXPECT_EQ(r["summary"]["n"], 3);
  EXPECT_EQ(r["summary"]["scored"], 2);
  EXPECT_EQ(r["summary"]["skipped_no_database"], 1);
  EXPECT_DOUBLE_EQ(r["summary"]["ex"].get<double>(), 50.0);
  EXPECT_DOUBLE_EQ(r["summary"]["ex_over_n"].get<double>(), 33.33);
  ASSERT_EQ(r["items"].size(), 3u);
  EXPECT_EQ(r["items"][2]["status"], "no_database");
  EXPECT_EQ(r["gold_file"], "gold.json");
}

TEST(EvalReport, SummarySaysTheSemantics) {
  EvalRun run({Kind::Right});
  run.options.semantics = ExSemantics::Spider;
  EXPECT_EQ(run.report().summary["semantics"], "spider");
}

}  // namespace
}  // namespace chokepoint::cli
