// The thesis' running example (000_b5d86d278fd47bd1 §3.1): the toxicology sample database from assets/, loaded
// into memory, with its schema and schema graph, plus the §3.1.2 seed query.
#pragma once
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "core/db/connection.h"
#include "core/graph/schema_graph.h"
#include "core/jqe/expansion.h"
#include "core/schema/sqlite_schema.h"

namespace chokepoint::jqe::testing {

inline const char* kToxicologySeed =
    "SELECT COUNT(DISTINCT molecule.molecule_id) FROM molecule "
    "JOIN atom ON atom.molecule_id = molecule.molecule_id "
    "WHERE molecule.label = \"-\" AND atom.element = \"cl\"";

struct Toxicology {
  Connection db;
  Schema schema;
  SchemaGraph graph;

  static Toxicology load() {
    std::ifstream in(std::string(CHOKEPOINT_SOURCE_DIR) + "/assets/db/toxicology.sql");
    std::stringstream text;
    text << in.rdbuf();
    auto db = Connection::open_memory();
    EXPECT_TRUE(db.ok());
    Status st = db->exec_script(text.str());
    EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error());
    auto schema = read_schema(*db, "toxicology");
    EXPECT_TRUE(schema.ok());
    Toxicology t{std::move(*db), std::move(*schema), {}};
    t.graph = build_schema_graph(t.schema);
    return t;
  }

  // Databases for run_jqe; with_data = false runs schema-only.
  std::map<std::string, JqeDatabase> databases(bool with_data) const {
    return {{"toxicology", JqeDatabase{&schema, &graph, with_data ? &db : nullptr}}};
  }
};

inline EvalItem seed(std::string sql, std::string id = "0", std::string db = "toxicology") {
  EvalItem s;
  s.key = std::move(id);
  s.db_id = std::move(db);
  s.question = "How many non-carcinogenic molecules contain chlorine?";
  s.sql = std::move(sql);
  return s;
}

// Six seeds of every kind the driver meets: the thesis seed, a join, single tables, an unknown table, a compound.
inline std::vector<EvalItem> several() {
  return {seed(kToxicologySeed, "0"),
          seed("SELECT T1.element FROM atom AS T1 JOIN molecule AS T2 ON T1.molecule_id = T2.molecule_id "
               "WHERE T2.label = '+'",
               "1"),
          seed("SELECT bond_type FROM bond WHERE bond_id = 'TR001_1_2'", "2"),
          seed("SELECT COUNT(*) FROM connected", "3"),
          seed("SELECT * FROM nowhere", "4"),
          seed("SELECT 1 UNION SELECT 2", "5")};
}

}  // namespace chokepoint::jqe::testing
