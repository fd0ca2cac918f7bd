// Distilled test suites: a db_id folder with two databases, built here. A wrong prediction that happens to match
// the gold on the first database is caught on the second (exec_eval.py eval_exec_match's rule).
#include "core/metrics/test_suite_evaluation.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdio>
#include <fstream>

namespace chokepoint {
namespace {

// ROOT/s/s.sqlite (ages 52, 32, 41, 29) and ROOT/s/s_1.sqlite (a fuzzed copy with an age of 38), plus a file
// that is not a database and must be ignored.
std::string make_suite_root() {
  const std::string root = ::testing::TempDir() + "/chokepoint_test_suite";
  ::mkdir(root.c_str(), 0755);
  ::mkdir((root + "/s").c_str(), 0755);
  const char* schema = "CREATE TABLE singer(id INTEGER PRIMARY KEY, name TEXT, age INT);";
  const std::pair<const char*, const char*> dbs[] = {
      {"s.sqlite", "INSERT INTO singer VALUES (1,'Joe',52),(2,'Ann',32),(3,'Tim',41),(4,'Liz',29);"},
      {"s_1.sqlite", "INSERT INTO singer VALUES (1,'Ola',38),(2,'Bo',45),(3,'Eve',20);"}};
  for (const auto& [file, rows] : dbs) {
    const std::string path = root + "/s/" + file;
    std::remove(path.c_str());
    auto c = Connection::open_read_write(path);
    EXPECT_TRUE(c.ok()) << c.error();
    if (c.ok()) {
      EXPECT_TRUE(c->exec_script(std::string(schema) + rows).ok());
    }
  }
  std::ofstream(root + "/s/README.txt") << "not a database\n";
  return root;
}

const std::string kSuiteGold = "SELECT name FROM singer WHERE age > 40";

}  // namespace

TEST(TestSuiteEvaluation, PoolListsTheFolderMainDatabaseFirst) {
  DatabasePool pool(make_suite_root());
  auto suite = pool.get_suite("s");
  ASSERT_TRUE(suite.ok()) << suite.error();
  ASSERT_EQ(suite->size(), 2u);
  EXPECT_EQ((*suite)[0].name, "s.sqlite");
  EXPECT_EQ((*suite)[1].name, "s_1.sqlite");
  auto main = pool.get("s");  // what existing callers get is unchanged
  ASSERT_TRUE(main.ok());
  EXPECT_EQ(*main, (*suite)[0].connection);
  EXPECT_FALSE(pool.get_suite("missing").ok());
}

TEST(TestSuiteEvaluation, AnAddedDatabaseIsASuiteOfOne) {
  DatabasePool pool("");
  auto c = Connection::open_memory();
  ASSERT_TRUE(c.ok());
  pool.add("mem", std::move(*c));
  auto suite = pool.get_suite("mem");
  ASSERT_TRUE(suite.ok()) << suite.error();
  EXPECT_EQ(suite->size(), 1u);
}

// age > 35 returns the same names as age > 40 on the first database (nobody is 36-40) but not on the second.
TEST(TestSuiteEvaluation, WrongPredictionMatchingOnlyTheFirstDatabaseFails) {
  DatabasePool pool(make_suite_root());
  const std::vector<EvalPair> pairs{{"0", "s", kSuiteGold, "SELECT name FROM singer WHERE age > 35"}};
  EvaluationOptions o;
  o.semantics = ExSemantics::Spider;
  const auto single = evaluate_pairs(pairs, pool, o);
  ASSERT_EQ(single.size(), 1u);
  EXPECT_TRUE(single[0].ex);
  EXPECT_EQ(single[0].suite_databases, 0u);
  o.test_suite = true;
  const auto suite = evaluate_pairs(pairs, pool, o);
  ASSERT_EQ(suite.size(), 1u);
  EXPECT_EQ(suite[0].status, ItemStatus::Scored);
  EXPECT_FALSE(suite[0].ex);
  EXPECT_EQ(suite[0].suite_databases, 2u);
  EXPECT_EQ(suite[0].suite_failed_database, "s_1.sqlite");
}

TEST(TestSuiteEvaluation, RightPredictionMatchesEveryDatabase) {
  DatabasePool pool(make_suite_root());
  EvaluationOptions o;
  o.semantics = ExSemantics::TestSuite;
  o.test_suite = true;
  const auto items = evaluate_pairs({{"0", "s", kSuiteGold, "SELECT name FROM singer WHERE age >= 41"}}, pool, o);
  ASSERT_EQ(items.size(), 1u);
  EXPECT_TRUE(items[0].ex);
  EXPECT_EQ(items[0].suite_databases, 2u);
  EXPECT_TRUE(items[0].suite_failed_database.empty());
}

// The evaluator stops at the first mismatch: a prediction failing on the first database never runs on the second.
TEST(TestSuiteEvaluation, StopsAtTheFirstMismatch) {
  DatabasePool pool(make_suite_root());
  EvaluationOptions o;
  o.semantics = ExSemantics::Spider;
  o.test_suite = true;
  const auto items = evaluate_pairs({{"0", "s", kSuiteGold, "SELECT nope FROM singer"}}, pool, o);
  ASSERT_EQ(items.size(), 1u);
  EXPECT_FALSE(items[0].ex);
  EXPECT_EQ(items[0].pred_status, QueryStatus::Error);
  EXPECT_EQ(items[0].suite_databases, 1u);
  EXPECT_EQ(items[0].suite_failed_database, "s.sqlite");
}

TEST(TestSuiteEvaluation, MissingDatabaseIsReportedNotScored) {
  DatabasePool pool(make_suite_root());
  EvaluationOptions o;
  o.test_suite = true;
  const auto items = evaluate_pairs({{"0", "absent", kSuiteGold, kSuiteGold}}, pool, o);
  ASSERT_EQ(items.size(), 1u);
  EXPECT_EQ(items[0].status, ItemStatus::NoDatabase);
  EXPECT_FALSE(items[0].message.empty());
}

}  // namespace chokepoint
