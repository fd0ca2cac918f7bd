// Gold validation catches each defect of a fixture: error, slow, missing database, empty, non-deterministic and
// a LIMIT that cuts through a tie; clean golds are achievable and set the ceiling.
#include "core/evaluation/gold_validation.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "tests/unit/metrics/result_builders.h"

namespace chokepoint::evaluation {
namespace {
using namespace testing_support;

const char* kScores =
    "CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, score INT);"
    "INSERT INTO t VALUES (1,'a',10),(2,'b',9),(3,'c',9),(4,'d',5);";

GoldValidation run(const std::vector<EvalPair>& pairs, int timeout_ms = 3000) {
  static Connection db = memory_db(kScores);
  QueryLimits limits;
  limits.timeout_ms = timeout_ms;
  return validate_golds(
      pairs,
      [](const std::string& id) -> Result<const Connection*> {
        if (id == "scores") return &db;
        return Error{"no database " + id};
      },
      ExSemantics::Bird, limits);
}

std::vector<std::string> defects_of(const GoldCheck& c) {
  std::vector<std::string> out;
  for (auto d : c.defects) out.push_back(gold_defect_name(d));
  return out;
}

using Names = std::vector<std::string>;

TEST(GoldValidation, EachDefectOfTheFixtureIsCaught) {
  const auto v = run({
      {"clean", "scores", "SELECT name FROM t ORDER BY score DESC LIMIT 1", ""},
      {"tie", "scores", "SELECT name FROM t ORDER BY score DESC LIMIT 2", ""},
      {"tie-alias", "scores", "SELECT name AS n, score AS s FROM t ORDER BY s DESC LIMIT 2", ""},
      {"error", "scores", "SELECT nope FROM t", ""},
      {"empty", "scores", "SELECT name FROM t WHERE score > 100", ""},
      {"random", "scores", "SELECT abs(random()) % 1000000000 FROM t", ""},
      {"gone", "elsewhere", "SELECT 1", ""},
  });
  ASSERT_EQ(v.items.size(), 7u);
  EXPECT_EQ(defects_of(v.items[0]), Names{});
  EXPECT_TRUE(v.items[0].tie_checked);
  EXPECT_EQ(defects_of(v.items[1]), Names{"tie_dependent"});
  EXPECT_EQ(defects_of(v.items[2]), Names{"tie_dependent"});
  EXPECT_EQ(defects_of(v.items[3]), Names{"error"});
  EXPECT_NE(v.items[3].message.find("nope"), std::string::npos);
  EXPECT_EQ(defects_of(v.items[4]), Names{"empty"});
  EXPECT_EQ(defects_of(v.items[5]), Names{"non_deterministic"});
  EXPECT_EQ(defects_of(v.items[6]), Names{"no_database"});
  // Achievable: clean, both ties (their result repeats), empty. Not: error, random, gone.
  EXPECT_EQ(v.achievable, 4u);
  EXPECT_NEAR(v.ceiling, 100.0 * 4 / 7, 1e-9);
  EXPECT_EQ(v.counts[static_cast<size_t>(GoldDefect::TieDependent)], 2u);
}

TEST(GoldValidation, AGoldOverTheTimeLimitIsSlow) {
  const auto v = run({{"slow", "scores",
                       "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c", ""}},
                     150);
  ASSERT_EQ(v.items.size(), 1u);
  EXPECT_EQ(defects_of(v.items[0]), Names{"slow"});
  EXPECT_FALSE(v.items[0].achievable);
}

TEST(GoldValidation, TheJsonListsOnlyDefectiveItemsWithCounts) {
  const auto v = run({{"clean", "scores", "SELECT 1", ""}, {"error", "scores", "SELECT nope", ""}});
  const auto j = gold_validation_json(v);
  EXPECT_EQ(j["n"], 2);
  EXPECT_EQ(j["ceiling"], 50.0);
  EXPECT_EQ(j["defects"]["error"], 1);
  ASSERT_EQ(j["items"].size(), 1u);
  EXPECT_EQ(j["items"][0]["id"], "error");
}

}  // namespace
}  // namespace chokepoint::evaluation
