// Random databases on a fixture with every constraint the generator must respect: a text primary key, a UNIQUE NOT
// NULL name, a child whose NOT NULL key references it, a composite primary key of a junction table, a table that
// references itself. Each table gets rows, no constraint is broken (SQLite's own foreign_key_check agrees), and the
// same seed gives the same bytes on disk.
#include "core/testdb/random_database.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include "core/schema/sqlite_schema.h"
#include "core/testdb/unique_keys.h"

namespace chokepoint::testdb {
namespace {

const char* kOriginal = R"(
CREATE TABLE country(code TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE);
CREATE TABLE city(id INTEGER PRIMARY KEY, name TEXT NOT NULL, country_code TEXT NOT NULL REFERENCES country(code),
  population INT);
CREATE TABLE visit(city_id INTEGER NOT NULL REFERENCES city(id), person TEXT NOT NULL, day DATE,
  PRIMARY KEY (city_id, person));
CREATE TABLE employee(id INTEGER PRIMARY KEY, boss INTEGER REFERENCES employee(id), salary REAL);
INSERT INTO country VALUES ('FR', 'France'), ('DE', 'Germany'), ('IT', 'Italy');
INSERT INTO city VALUES (1, 'Paris', 'FR', 2100000), (2, 'Berlin', 'DE', 3600000), (3, 'Rome', 'IT', 2800000);
INSERT INTO visit VALUES (1, 'Ann', '2020-01-02'), (2, 'Bob', '2021-03-04');
INSERT INTO employee VALUES (1, NULL, 10.5), (2, 1, 20.25);
)";

struct Original {
  Connection db;
  Schema schema;
  UniqueKeys uniques;
  ValuePools pools;
  std::string script;
};

Original original() {
  auto db = Connection::open_memory();
  EXPECT_TRUE(db.ok());
  EXPECT_TRUE(db->exec_script(kOriginal).ok());
  auto schema = read_schema(*db, "fixture", {false});
  EXPECT_TRUE(schema.ok());
  auto uniques = unique_keys_of(*db, *schema);
  EXPECT_TRUE(uniques.ok());
  auto script = schema_script(*db, *schema, *uniques);
  EXPECT_TRUE(script.ok());
  ValuePools pools = sample_value_pools(*db, *schema, 64, QueryLimits{});
  return {std::move(*db), std::move(*schema), std::move(*uniques), std::move(pools), std::move(*script)};
}

long long scalar(const Connection& db, const std::string& sql) {
  const auto out = db.query(sql);
  EXPECT_TRUE(out.ok()) << sql << ": " << out.message;
  return out.ok() && !out.result.rows.empty() ? out.result.rows[0][0].integer : -1;
}

std::string bytes_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(RandomDatabase, EveryTableGetsBoundedRows) {
  const Original o = original();
  RandomDatabaseOptions options;
  options.max_rows = 12;
  auto r = random_database(o.script, o.schema, o.uniques, o.pools, options);
  ASSERT_TRUE(r.ok()) << r.error();
  for (const char* t : {"country", "city", "visit", "employee"}) {
    const long long n = scalar(r->db, std::string("SELECT count(*) FROM ") + t);
    EXPECT_GE(n, 1) << t;
    EXPECT_LE(n, 12) << t;
  }
}

TEST(RandomDatabase, RespectsKeysUniqueNotNullAndForeignKeys) {
  const Original o = original();
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    RandomDatabaseOptions options;
    options.seed = seed;
    auto r = random_database(o.script, o.schema, o.uniques, o.pools, options);
    ASSERT_TRUE(r.ok()) << r.error();
    const Connection& db = r->db;
    EXPECT_EQ(scalar(db, "SELECT count(*) - count(DISTINCT code) FROM country"), 0);
    EXPECT_EQ(scalar(db, "SELECT count(*) - count(DISTINCT name) FROM country"), 0);
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM country WHERE code IS NULL OR name IS NULL"), 0);
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM city WHERE name IS NULL OR country_code IS NULL"), 0);
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM (SELECT city_id, person FROM visit GROUP BY 1, 2 HAVING count(*) > 1)"),
              0);
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM city WHERE country_code NOT IN (SELECT code FROM country)"), 0);
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM visit WHERE city_id NOT IN (SELECT id FROM city)"), 0);
    EXPECT_EQ(scalar(db,
                     "SELECT count(*) FROM employee WHERE boss IS NOT NULL AND boss NOT IN (SELECT id FROM "
                     "employee)"),
              0);
    EXPECT_EQ(scalar(db, "SELECT count(*) FROM pragma_foreign_key_check"), 0);
    EXPECT_EQ(r->stats.fk_unsatisfied, 0u);
  }
}

TEST(RandomDatabase, BreaksAForeignKeyCycleAtTheNullableKey) {
  // a.b_id is NOT NULL and b.a_id nullable: b is filled first with NULL there, then a draws b's ids.
  auto db = Connection::open_memory();
  ASSERT_TRUE(db.ok());
  ASSERT_TRUE(db->exec_script("CREATE TABLE a(id INTEGER PRIMARY KEY, b_id INT NOT NULL REFERENCES b(id));"
                              "CREATE TABLE b(id INTEGER PRIMARY KEY, a_id INT REFERENCES a(id));")
                  .ok());
  auto schema = read_schema(*db, "cycle", {false});
  ASSERT_TRUE(schema.ok());
  auto script = schema_script(*db, *schema, {});
  ASSERT_TRUE(script.ok());
  auto r = random_database(*script, *schema, {}, {}, {});
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->stats.fk_unsatisfied, 0u);
  EXPECT_EQ(scalar(r->db, "SELECT count(*) FROM pragma_foreign_key_check"), 0);
  EXPECT_GE(scalar(r->db, "SELECT count(*) FROM a"), 1);
}

TEST(RandomDatabase, DrawsValuesFromTheOriginalsColumns) {
  const Original o = original();
  auto r = random_database(o.script, o.schema, o.uniques, o.pools, {});
  ASSERT_TRUE(r.ok()) << r.error();
  // country has three codes in the original, so at least one of them appears among the draws' codes.
  EXPECT_GE(scalar(r->db, "SELECT count(*) FROM country WHERE code IN ('FR', 'DE', 'IT')"), 1);
}

TEST(RandomDatabase, SameSeedGivesIdenticalBytes) {
  const Original o = original();
  const auto dir = std::filesystem::temp_directory_path() / ("chokepoint-random-db-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  RandomDatabaseOptions options;
  options.seed = 42;
  std::vector<std::string> files;
  for (const char* name : {"a.sqlite", "b.sqlite"}) {
    auto r = random_database(o.script, o.schema, o.uniques, o.pools, options);
    ASSERT_TRUE(r.ok()) << r.error();
    files.push_back((dir / name).string());
    ASSERT_TRUE(save_database(r->db, files.back()).ok());
  }
  options.seed = 43;
  auto other = random_database(o.script, o.schema, o.uniques, o.pools, options);
  ASSERT_TRUE(other.ok());
  files.push_back((dir / "c.sqlite").string());
  ASSERT_TRUE(save_database(other->db, files.back()).ok());
  EXPECT_FALSE(bytes_of(files[0]).empty());
  EXPECT_EQ(bytes_of(files[0]), bytes_of(files[1]));
  EXPECT_NE(bytes_of(files[0]), bytes_of(files[2]));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace chokepoint::testdb
