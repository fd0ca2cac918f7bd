// Zhong et al.'s distilled test suite: the greedy cover on hand-made kill tables (the draw killing the most
// not-yet-killed mutants first, the earliest on a tie, until nothing is gained or k are kept), then a suite drawn for
// a one-table schema in memory, whose members are rebuilt from their seeds and written under Spider's file names.
#include "core/testdb/distilled_suite.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "core/testdb/distill_job.h"

#include "core/schema/sqlite_schema.h"

namespace chokepoint::testdb {
namespace {

// Draw 0 kills mutants {0, 1}, draw 1 {1, 2, 3}, draw 2 {3, 4}, draw 3 {0}.
const std::vector<std::vector<bool>> kKills = {{true, true, false, false, false},
                                               {false, true, true, true, false},
                                               {false, false, false, true, true},
                                               {true, false, false, false, false}};

TEST(GreedyCover, KeepsTheDrawKillingTheMostNotYetKilledMutants) {
  // Draw 1 kills 3; then {0, 4} are left: draws 0, 2 and 3 each kill one, draw 0 is the earliest; then draw 2 kills 4.
  const auto steps = greedy_cover(kKills, 0);
  ASSERT_EQ(steps.size(), 3u);
  EXPECT_EQ(steps[0].set, 1u);
  EXPECT_EQ(steps[0].gained, 3u);
  EXPECT_EQ(steps[1].set, 0u);
  EXPECT_EQ(steps[1].gained, 1u);
  EXPECT_EQ(steps[2].set, 2u);
  EXPECT_EQ(steps[2].gained, 1u);
}

TEST(GreedyCover, StopsAtKDatabases) {
  const auto steps = greedy_cover(kKills, 2);
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_EQ(steps[0].gained + steps[1].gained, 4u);  // mutant 4 is left
}

TEST(GreedyCover, StopsWhenNoDrawKillsAnotherMutant) {
  // Mutant 2 is never killed (an equivalent mutant); draw 1 adds nothing once draw 0 is kept.
  const std::vector<std::vector<bool>> kills = {{true, true, false}, {true, false, false}};
  const auto steps = greedy_cover(kills, 0);
  ASSERT_EQ(steps.size(), 1u);
  EXPECT_EQ(steps[0].set, 0u);
  EXPECT_TRUE(greedy_cover({}, 0).empty());
}

struct Original {
  Connection db;
  Schema schema;
};

Original original() {
  auto db = Connection::open_memory();
  EXPECT_TRUE(db.ok());
  EXPECT_TRUE(db->exec_script("CREATE TABLE singer(id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INT, country TEXT);"
                              "INSERT INTO singer VALUES (1, 'Joe', 52, 'France'), (2, 'Tribal King', 25, 'Spain'),"
                              " (3, 'Rose', 41, 'France');")
                  .ok());
  auto schema = read_schema(*db, "concert", {false});
  EXPECT_TRUE(schema.ok());
  return {std::move(*db), std::move(*schema)};
}

// Two golds with neighbours of the kinds core/mutate makes, and one mutant no database can kill under BIRD's set
// semantics (DISTINCT on a set).
std::vector<SuiteItem> suite_items() {
  return {{"0",
           "SELECT name FROM singer WHERE age > 40",
           {"SELECT name FROM singer WHERE age >= 40", "SELECT name FROM singer WHERE age < 40",
            "SELECT DISTINCT name FROM singer WHERE age > 40"}},
          {"1",
           "SELECT count(*) FROM singer WHERE country = 'France'",
           {"SELECT count(*) FROM singer WHERE country != 'France'", "SELECT count(*) FROM singer"}}};
}

DistilledSuiteOptions small_options() {
  DistilledSuiteOptions o;
  o.draws = 12;
  o.max_rows = 9;
  return o;
}

TEST(DistilledSuite, TheSuiteKillsAtLeastWhatItsBestSingleDatabaseKills) {
  const Original o = original();
  auto suite = distill_test_suite(o.db, o.schema, suite_items(), small_options());
  ASSERT_TRUE(suite.ok()) << suite.error();
  EXPECT_EQ(suite->mutants, 5u);
  EXPECT_EQ(suite->draws, 12u);
  ASSERT_FALSE(suite->members.empty());
  EXPECT_EQ(suite->killed_by_best_single, suite->members[0].killed_alone);
  EXPECT_GE(suite->killed_by_suite, suite->killed_by_best_single);
  size_t gained = 0;
  for (const auto& m : suite->members) gained += m.newly_killed;
  EXPECT_EQ(gained, suite->killed_by_suite);
  EXPECT_EQ(suite->item_killed.size(), 2u);
  EXPECT_EQ(suite->item_killed[0] + suite->item_killed[1], suite->killed_by_suite);
}

TEST(DistilledSuite, WithoutACapTheSuiteReachesEveryKillableMutantButNotTheEquivalentOne) {
  const Original o = original();
  DistilledSuiteOptions options = small_options();
  options.max_databases = 0;
  auto suite = distill_test_suite(o.db, o.schema, suite_items(), options);
  ASSERT_TRUE(suite.ok());
  EXPECT_EQ(suite->killed_by_suite, suite->killable);
  EXPECT_LE(suite->killable, 4u);  // SELECT DISTINCT name is the gold under set semantics
}

TEST(DistilledSuite, KOneKeepsOnlyTheBestSingleDatabase) {
  const Original o = original();
  DistilledSuiteOptions options = small_options();
  options.max_databases = 1;
  auto suite = distill_test_suite(o.db, o.schema, suite_items(), options);
  ASSERT_TRUE(suite.ok());
  ASSERT_EQ(suite->members.size(), 1u);
  EXPECT_EQ(suite->killed_by_suite, suite->killed_by_best_single);
}

TEST(DistilledSuite, AMemberRebuiltFromItsSeedKillsWhatWasRecorded) {
  const Original o = original();
  const auto its = suite_items();
  auto suite = distill_test_suite(o.db, o.schema, its, small_options());
  ASSERT_TRUE(suite.ok());
  for (const auto& m : suite->members) {
    EXPECT_EQ(m.seed, draw_seed(1, "concert", m.draw));
    size_t killed = 0;
    for (const auto& item : its)
      killed += discriminate_gold(m.db, item.gold_sql, item.mutants, ExSemantics::Bird, {}).distinguished;
    EXPECT_EQ(killed, m.killed_alone) << "draw " << m.draw;
  }
}

TEST(DistilledSuite, TheSameSeedKeepsTheSameDraws) {
  const Original o = original();
  auto a = distill_test_suite(o.db, o.schema, suite_items(), small_options());
  auto b = distill_test_suite(o.db, o.schema, suite_items(), small_options());
  ASSERT_TRUE(a.ok() && b.ok());
  ASSERT_EQ(a->members.size(), b->members.size());
  for (size_t i = 0; i < a->members.size(); ++i) EXPECT_EQ(a->members[i].draw, b->members[i].draw);
}

TEST(DistilledSuite, FilesAreNamedAsSpidersTestSuiteFolder) {
  EXPECT_EQ(suite_file_name("concert_singer", 0), "concert_singer.sqlite");
  EXPECT_EQ(suite_file_name("concert_singer", 1), "concert_singer_1.sqlite");
  EXPECT_EQ(suite_file_name("concert_singer", 12), "concert_singer_12.sqlite");
}

// The job a unit at a time: one unit per draw made, one per item run on it, one per member rebuilt.
TEST(DistillJob, StepsOneUnitAtATimeAndGivesTheSuiteOfTheWholeCall) {
  const Original o = original();
  const auto its = suite_items();
  DistillJob job(o.db, o.schema, its, small_options());
  EXPECT_EQ(job.draws_asked(), 12u);
  EXPECT_FALSE(job.take().ok());  // not finished
  size_t steps = 0;
  while (!job.finished()) {
    job.step();
    ++steps;
    ASSERT_LE(job.draws_made(), job.draws_asked());
  }
  ASSERT_TRUE(job.error().empty()) << job.error();
  EXPECT_EQ(job.members_kept(), job.members_chosen());
  EXPECT_EQ(steps, 12 * (its.size() + 1) + job.members_kept());
  auto stepped = job.take();
  auto whole = distill_test_suite(o.db, o.schema, its, small_options());
  ASSERT_TRUE(stepped.ok() && whole.ok());
  EXPECT_EQ(stepped->draws, 12u);
  EXPECT_EQ(stepped->killed_by_suite, whole->killed_by_suite);
  EXPECT_EQ(stepped->killable, whole->killable);
  EXPECT_EQ(stepped->item_killed, whole->item_killed);
  ASSERT_EQ(stepped->members.size(), whole->members.size());
  for (size_t i = 0; i < whole->members.size(); ++i) EXPECT_EQ(stepped->members[i].draw, whole->members[i].draw);
}

TEST(DistillJob, KillableIsWhatSomeDrawTellsApart) {
  // Independent of the job: each draw rebuilt from its seed and run here.
  const Original o = original();
  const auto its = suite_items();
  DistillJob job(o.db, o.schema, its, small_options());
  while (!job.finished()) job.step();
  auto suite = job.take();
  ASSERT_TRUE(suite.ok());
  auto source = draw_source(o.db, o.schema, its, small_options().values_per_column, small_options().limits);
  ASSERT_TRUE(source.ok());
  std::vector<bool> reach(5, false);
  for (size_t d = 0; d < 12; ++d) {
    RandomDatabaseOptions ro;
    ro.seed = draw_seed(1, "concert", d);
    ro.max_rows = 9;
    auto db = random_database(source->script, o.schema, source->uniques, source->pools, ro);
    ASSERT_TRUE(db.ok());
    size_t offset = 0;
    for (const auto& item : its) {
      std::vector<bool> told;
      discriminate_gold(db->db, item.gold_sql, item.mutants, ExSemantics::Bird, small_options().limits, 0, &told);
      for (size_t j = 0; j < told.size(); ++j) reach[offset + j] = reach[offset + j] || told[j];
      offset += item.mutants.size();
    }
  }
  EXPECT_EQ(suite->killable, static_cast<size_t>(std::count(reach.begin(), reach.end(), true)));
}

TEST(DistillJob, WithoutMutantsEveryDrawIsMadeAndNoneIsKept) {
  const Original o = original();
  DistillJob job(o.db, o.schema, {{"0", "SELECT name FROM singer", {}}}, small_options());
  size_t steps = 0;
  for (; !job.finished(); ++steps) job.step();
  EXPECT_EQ(steps, 12u * 2);  // a draw and its one item each; nothing to rebuild
  auto suite = job.take();
  ASSERT_TRUE(suite.ok()) << suite.error();
  EXPECT_EQ(suite->draws, 12u);
  EXPECT_TRUE(suite->members.empty());
  EXPECT_EQ(suite->killed_by_suite, 0u);
}

}  // namespace
}  // namespace chokepoint::testdb
