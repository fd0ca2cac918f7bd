// Zhong et al.'s distilled test suites (core/testdb/distilled_suite.h) on the Spider dev databases of the shared data:
// per database present, the golds' single-error mutants (core/mutate, as `chokepoint testsuite` makes them) against
// 32 random draws, distilled to at most 10 databases. The suite must kill at least as many mutants as any one of its
// databases; both counts are printed, and the suite is written as DIR/<db_id>/*.sqlite and read back the way
// Spider's test-suite evaluator reads a folder (DatabasePool::get_suite).
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>

#include "core/dataset/eval_set_loader.h"
#include "core/db/database_pool.h"
#include "core/mutate/mutant_generation.h"
#include "core/schema/sqlite_schema.h"
#include "core/testdb/discrimination.h"
#include "core/testdb/distilled_suite.h"

namespace chokepoint {
namespace {

std::string data(const std::string& rel) { return std::string(CHOKEPOINT_SHARED_DATA) + "/" + rel; }

TEST(DistilledSuiteSpider, TheSuiteKillsAtLeastAsManyMutantsAsAnyOfItsDatabases) {
  const std::string gold_path = data("spider/dev_gold.sql");
  if (!std::ifstream(gold_path)) GTEST_SKIP() << "shared data not found";
  auto gold = load_eval_set(gold_path);
  ASSERT_TRUE(gold.ok()) << gold.error();
  std::map<std::string, std::vector<const EvalItem*>> by_db;
  for (const auto& it : gold->items) by_db[it.db_id].push_back(&it);

  const std::filesystem::path out = std::filesystem::path(::testing::TempDir()) / "chokepoint_distilled_suite";
  std::filesystem::remove_all(out);
  DatabasePool pool(data("spider/database"));
  testdb::DistilledSuiteOptions options;
  options.draws = 32;
  options.max_databases = 10;
  options.semantics = ExSemantics::Spider;
  size_t databases = 0, mutants = 0, suite_killed = 0, best_killed = 0, killable = 0, members = 0;
  for (const auto& [db_id, items] : by_db) {
    auto original = pool.get(db_id);
    if (!original.ok()) continue;  // only some Spider databases are in the shared data
    auto schema = read_schema(**original, db_id, {false});
    ASSERT_TRUE(schema.ok()) << schema.error();
    std::vector<testdb::SuiteItem> suite_items;
    for (const EvalItem* it : items) {
      testdb::SuiteItem s{it->key, it->sql, {}};
      if (auto m = mutate::generate_mutants(it->sql, **original); m.ok())
        for (const auto& k : m->kept) s.mutants.push_back(k.sql);
      suite_items.push_back(std::move(s));
    }
    auto suite = testdb::distill_test_suite(**original, *schema, suite_items, options);
    ASSERT_TRUE(suite.ok()) << db_id << ": " << suite.error();
    ASSERT_FALSE(suite->members.empty()) << db_id;
    for (const auto& m : suite->members) EXPECT_GE(suite->killed_by_suite, m.killed_alone) << db_id;
    EXPECT_EQ(suite->killed_by_best_single, suite->members.front().killed_alone);
    EXPECT_LE(suite->killed_by_suite, suite->killable);
    EXPECT_LE(suite->members.size(), options.max_databases);

    // Written as Spider's evaluator reads a suite, and read back.
    std::filesystem::create_directories(out / db_id);
    for (size_t i = 0; i < suite->members.size(); ++i) {
      auto st = testdb::save_database(suite->members[i].db, (out / db_id / testdb::suite_file_name(db_id, i)).string());
      ASSERT_TRUE(st.ok()) << st.error();
    }
    std::printf("%-30s golds %3zu mutants %4zu killable %4zu suite %4zu (%zu databases) best single %4zu\n",
                db_id.c_str(), items.size(), suite->mutants, suite->killable, suite->killed_by_suite,
                suite->members.size(), suite->killed_by_best_single);
    ++databases;
    mutants += suite->mutants;
    killable += suite->killable;
    suite_killed += suite->killed_by_suite;
    best_killed += suite->killed_by_best_single;
    members += suite->members.size();
  }
  if (databases == 0) GTEST_SKIP() << "no Spider dev database in the shared data";
  std::printf(
      "%zu databases, %zu mutants: the suites (%zu databases) kill %zu (%.1f%%), their best single databases "
      "%zu (%.1f%%); %zu killable by some draw\n",
      databases, mutants, members, suite_killed, 100.0 * suite_killed / mutants, best_killed,
      100.0 * best_killed / mutants, killable);
  EXPECT_GE(suite_killed, best_killed);

  DatabasePool written(out.string());
  for (const auto& entry : std::filesystem::directory_iterator(out)) {
    const std::string db_id = entry.path().filename().string();
    auto read = written.get_suite(db_id);
    ASSERT_TRUE(read.ok()) << read.error();
    size_t files = 0;
    for (const auto& f : std::filesystem::directory_iterator(entry.path())) files += f.path().extension() == ".sqlite";
    EXPECT_EQ(read->size(), files) << db_id;
    EXPECT_EQ(read->front().name, db_id + ".sqlite");
  }
  std::filesystem::remove_all(out);
}

}  // namespace
}  // namespace chokepoint
