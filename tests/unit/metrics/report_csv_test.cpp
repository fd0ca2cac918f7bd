// The per-item CSV report: header, quoting, and a failed prediction marked as such.
#include "core/metrics/report_csv.h"

#include <gtest/gtest.h>

namespace chokepoint {

namespace {

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') {
      out.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  return out;
}

}  // namespace

TEST(ReportCsv, HeaderNamesEveryRegimeThreeTimes) {
  Regime r = table_xi_regimes()[0];
  const std::string csv = evaluation_csv({}, {}, {r});
  EXPECT_EQ(lines(csv).at(0), "id,db_id,difficulty,joins,status,prediction,ex," + r.name() + " EXP," + r.name() +
                                  " EXR," + r.name() + " F1,gold_sql,pred_sql,message");
}

TEST(ReportCsv, QuotesCommasQuotesAndNewlines) {
  EvalPair p{"7", "db", "SELECT a, b FROM t WHERE c = \"x\"", "SELECT a\nFROM t"};
  ItemEvaluation it;
  it.id = "7";
  it.db_id = "db";
  it.ex = true;
  it.scores.push_back({});
  it.scores[0].exp = it.scores[0].exr = it.scores[0].f1 = 1.0;
  const std::string csv = evaluation_csv({p}, {it}, {table_xi_regimes()[0]}, {{"simple"}, {0}});
  EXPECT_NE(csv.find("\"SELECT a, b FROM t WHERE c = \"\"x\"\"\""), std::string::npos);
  EXPECT_NE(csv.find("\"SELECT a\nFROM t\""), std::string::npos);
  EXPECT_NE(csv.find("\"7\",\"db\",\"simple\",0,scored,ok,1,1.000000,1.000000,1.000000,"), std::string::npos);
}

TEST(ReportCsv, FailedPredictionIsMarkedAndScoredZero) {
  EvalPair p{"1", "db", "SELECT 1", "SELECT nope"};
  ItemEvaluation it;
  it.id = "1";
  it.db_id = "db";
  it.pred_status = QueryStatus::Error;
  it.message = "prediction: no such column: nope";
  it.scores.assign(1, FineGrainedScore{});
  const std::string row = lines(evaluation_csv({p}, {it}, {table_xi_regimes()[0]})).at(1);
  EXPECT_EQ(row.rfind("\"1\",\"db\",\"\",,scored,error,0,0.000000,0.000000,0.000000,", 0), 0u) << row;
  EXPECT_NE(row.find("no such column"), std::string::npos);
}

TEST(ReportCsv, UnscoredItemHasEmptyScoresAndNoPredictionStatus) {
  ItemEvaluation it;
  it.id = "2";
  it.db_id = "gone";
  it.status = ItemStatus::NoDatabase;
  const std::string row =
      lines(evaluation_csv({{"2", "gone", "SELECT 1", "SELECT 1"}}, {it}, {table_xi_regimes()[0]})).at(1);
  EXPECT_EQ(row.rfind("\"2\",\"gone\",\"\",,no_database,,0,,,,", 0), 0u) << row;
}

TEST(ReportCsv, ACutResultIsNamedInTheMessage) {
  EvalPair p{"3", "db", "SELECT 1", "SELECT x FROM big"};
  ItemEvaluation it;
  it.id = "3";
  it.db_id = "db";
  it.truncated = true;
  it.truncation = "prediction: row cap of 100000 rows";
  it.scores.push_back({});
  const auto rows = lines(evaluation_csv({p}, {it}, {table_xi_regimes()[0]}));
  ASSERT_EQ(rows.size(), 2u);
  const std::string tail = ",\"truncated: prediction: row cap of 100000 rows\"";
  ASSERT_GE(rows[1].size(), tail.size());
  EXPECT_EQ(rows[1].substr(rows[1].size() - tail.size()), tail);
}

}  // namespace chokepoint
