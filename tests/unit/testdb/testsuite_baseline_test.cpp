// The test-suite baseline keeps a draw only when it tells some gold apart from one of its mutants: a gold with a
// strengthened-comparison mutant gets a database where the two differ; a gold whose only mutant is equivalent under
// BIRD's set semantics gets none. Draw seeds depend on the seed, the db_id and the attempt only.
#include "core/testdb/testsuite_baseline.h"

#include <gtest/gtest.h>

#include "core/schema/sqlite_schema.h"

namespace chokepoint::testdb {
namespace {

struct BaselineOriginal {
  Connection db;
  Schema schema;
};

BaselineOriginal baseline_original() {
  auto db = Connection::open_memory();
  EXPECT_TRUE(db.ok());
  EXPECT_TRUE(db->exec_script("CREATE TABLE singer(id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INT);"
                              "INSERT INTO singer VALUES (1, 'Joe', 52), (2, 'Tribal King', 25), (3, 'Rose', 41);")
                  .ok());
  auto schema = read_schema(*db, "concert", {false});
  EXPECT_TRUE(schema.ok());
  return {std::move(*db), std::move(*schema)};
}

TEST(TestSuiteBaseline, AKeptDatabaseTellsTheGoldFromAMutant) {
  const BaselineOriginal o = baseline_original();
  const std::string gold = "SELECT name FROM singer WHERE age > 40";
  const std::vector<SuiteItem> items = {{"0", gold, {"SELECT name FROM singer WHERE age >= 40"}},
                                        {"1", "SELECT count(*) FROM singer", {"SELECT count(*) FROM singer LIMIT 1"}}};
  auto built = build_test_database(o.db, o.schema, items, {});
  ASSERT_TRUE(built.ok()) << built.error();
  ASSERT_TRUE(built->kept);
  EXPECT_EQ(built->covered, 1u);
  EXPECT_GT(built->items[0].distinguished, 0u);
  EXPECT_EQ(built->items[1].distinguished, 0u);  // LIMIT 1 on one row changes nothing
  // On the kept database itself, the gold and its mutant return different results.
  const auto g = built->db.query(gold), m = built->db.query(items[0].mutants[0]);
  ASSERT_TRUE(g.ok() && m.ok());
  EXPECT_FALSE(bird_results_match(g.result, m.result));
}

TEST(TestSuiteBaseline, NoDatabaseIsKeptWhenNoGoldIsToldApart) {
  const BaselineOriginal o = baseline_original();
  TestSuiteOptions options;
  options.attempts = 3;
  auto built = build_test_database(o.db, o.schema,
                                   {{"0", "SELECT name FROM singer", {"SELECT DISTINCT name FROM singer"}}}, options);
  ASSERT_TRUE(built.ok()) << built.error();
  EXPECT_FALSE(built->kept);
  EXPECT_EQ(built->attempts_tried, 3u);
}

TEST(TestSuiteBaseline, SameSeedKeepsTheSameDraw) {
  const BaselineOriginal o = baseline_original();
  const std::vector<SuiteItem> items = {
      {"0", "SELECT name FROM singer WHERE age > 40", {"SELECT name FROM singer WHERE age >= 40"}}};
  auto a = build_test_database(o.db, o.schema, items, {});
  auto b = build_test_database(o.db, o.schema, items, {});
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(a->seed, b->seed);
  EXPECT_EQ(a->attempt, b->attempt);
  EXPECT_EQ(draw_seed(1, "concert", 0), draw_seed(1, "concert", 0));
  EXPECT_NE(draw_seed(1, "concert", 0), draw_seed(1, "concert", 1));
  EXPECT_NE(draw_seed(1, "concert", 0), draw_seed(2, "concert", 0));
}

}  // namespace
}  // namespace chokepoint::testdb
