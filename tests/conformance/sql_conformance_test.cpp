// Conformance of the SQL front end on real benchmark SQL: every Spider dev and BIRD dev gold query parses,
// round-trips to an identical tree, and the printed text prepares in SQLite (Spider: the real database when it is
// shipped, else an empty one built from tables.json; BIRD: from dev_tables.json). The bar is 100%.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/db/connection.h"
#include "core/schema/schema_ddl.h"
#include "core/schema/tables_json.h"
#include "core/sql/parser.h"
#include "core/sql/printer.h"

namespace chokepoint::sql {
namespace {

const std::string kData = CHOKEPOINT_SHARED_DATA;

struct GoldLine {
  int line;
  std::string sql, db_id;
};

std::vector<GoldLine> read_gold(const std::string& path) {
  std::vector<GoldLine> out;
  std::ifstream in(path);
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    auto tab = line.rfind('\t');
    if (tab == std::string::npos) continue;
    out.push_back({n, line.substr(0, tab), line.substr(tab + 1)});
  }
  return out;
}

bool file_exists(const std::string& path) { return std::ifstream(path).good(); }

// tables.json lists SQLite's own sqlite_sequence for some databases (Spider world_1); SQLite refuses to create it.
Schema without_internal_tables(Schema s) {
  std::vector<Table> kept;
  for (auto& t : s.tables)
    if (to_lower_ascii(t.name).rfind("sqlite_", 0) != 0) kept.push_back(std::move(t));
  s.tables = std::move(kept);
  return s;
}

// Opens each database once: the real file under `db_root` if present, else an empty one from the schema.
class Databases {
 public:
  Databases(const std::string& tables_json, std::string db_root) : db_root_(std::move(db_root)) {
    auto schemas = load_tables_json(tables_json);
    if (schemas.ok())
      for (auto& s : *schemas) schemas_.emplace(s.db_id, std::move(s));
  }
  const Connection* get(const std::string& db_id) {
    auto it = open_.find(db_id);
    if (it != open_.end()) return it->second.get();
    std::unique_ptr<Connection> conn;
    std::string file = db_root_.empty() ? "" : db_root_ + "/" + db_id + "/" + db_id + ".sqlite";
    if (!file.empty() && file_exists(file)) {
      auto c = Connection::open_read_only(file);
      if (c.ok()) conn = std::make_unique<Connection>(std::move(*c));
    }
    if (!conn) {
      auto s = schemas_.find(db_id);
      if (s != schemas_.end()) {
        auto c = create_schema_database(without_internal_tables(s->second));
        if (c.ok()) conn = std::make_unique<Connection>(std::move(*c));
      }
    }
    return open_.emplace(db_id, std::move(conn)).first->second.get();
  }

 private:
  std::string db_root_;
  std::map<std::string, Schema> schemas_;
  std::map<std::string, std::unique_ptr<Connection>> open_;
};

void check_gold_file(const std::string& gold, Databases& dbs, size_t expected_count) {
  auto lines = read_gold(gold);
  ASSERT_EQ(lines.size(), expected_count) << gold;
  size_t parsed = 0, identical = 0, prepared = 0;
  for (const auto& g : lines) {
    auto tree = parse_sql(g.sql);
    if (!tree.ok()) {
      ADD_FAILURE() << gold << ":" << g.line << " parse: " << tree.error() << "\n  " << g.sql;
      continue;
    }
    ++parsed;
    std::string printed = print_sql(**tree);
    auto again = parse_sql(printed);
    if (again.ok() && equal(**tree, **again))
      ++identical;
    else
      ADD_FAILURE() << gold << ":" << g.line << " round trip differs\n  " << g.sql << "\n  " << printed;
    const Connection* db = dbs.get(g.db_id);
    if (!db) {
      ADD_FAILURE() << gold << ":" << g.line << " no schema for " << g.db_id;
      continue;
    }
    auto st = db->prepare_check(printed);
    if (st.ok())
      ++prepared;
    else
      ADD_FAILURE() << gold << ":" << g.line << " prepare: " << st.error() << "\n  " << printed;
  }
  EXPECT_EQ(parsed, expected_count);
  EXPECT_EQ(identical, expected_count);
  EXPECT_EQ(prepared, expected_count);
}

TEST(SqlConformance, AllSpiderDevGoldQueriesParseRoundTripAndPrepare) {
  if (!file_exists(kData + "/spider/dev_gold.sql")) GTEST_SKIP() << "no shared data at " << kData;
  Databases dbs(kData + "/spider/tables.json", kData + "/spider/database");
  check_gold_file(kData + "/spider/dev_gold.sql", dbs, 1034);
}

TEST(SqlConformance, AllBirdDevGoldQueriesParseRoundTripAndPrepare) {
  if (!file_exists(kData + "/bird/dev_gold.sql")) GTEST_SKIP() << "no shared data at " << kData;
  Databases dbs(kData + "/bird/dev_tables.json", "");
  check_gold_file(kData + "/bird/dev_gold.sql", dbs, 1534);
}

}  // namespace
}  // namespace chokepoint::sql
