// Shared helpers for the mutation tests: parse a query, print an operator's mutants, and a small concert database
// (Spider's concert_singer, cut down) for prepare checks and scoring.
#pragma once
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/db/connection.h"
#include "core/mutate/mutant.h"
#include "core/sql/parser.h"
#include "core/sql/printer.h"

namespace chokepoint::mutate::testing {

inline sql::NodePtr parse(const std::string& text) {
  auto r = sql::parse_sql(text);
  EXPECT_TRUE(r.ok()) << text << ": " << r.error();
  return r.ok() ? std::move(*r) : sql::make_node(sql::Kind::Select);
}

inline std::vector<std::string> printed(const std::vector<Mutant>& mutants) {
  std::vector<std::string> out;
  for (const auto& m : mutants) out.push_back(sql::print_sql(*m.tree));
  return out;
}

// Applies `op` to `query` and prints the mutants.
inline std::vector<std::string> mutate_text(MutationOperator op, const std::string& query) {
  auto tree = parse(query);
  return printed(op(*tree));
}

// singer: Ann (France, 25), Bob (France, 35), Cid (Spain, 45), Dee (Spain, 55); concerts 1 and 2.
inline Connection concert_database() {
  auto db = Connection::open_memory();
  EXPECT_TRUE(db.ok()) << db.error();
  auto st = db->exec_script(
      "CREATE TABLE singer (singer_id INTEGER PRIMARY KEY, name TEXT, country TEXT, age INTEGER);"
      "CREATE TABLE concert (concert_id INTEGER PRIMARY KEY, concert_name TEXT, year INTEGER);"
      "CREATE TABLE singer_in_concert (concert_id INTEGER, singer_id INTEGER);"
      "INSERT INTO singer VALUES (1, 'Ann', 'France', 25), (2, 'Bob', 'France', 35), (3, 'Cid', 'Spain', 45),"
      " (4, 'Dee', 'Spain', 55);"
      "INSERT INTO concert VALUES (1, 'Spring', 2014), (2, 'Autumn', 2015);"
      "INSERT INTO singer_in_concert VALUES (1, 1), (1, 2), (2, 3);");
  EXPECT_TRUE(st.ok()) << st.error();
  return std::move(*db);
}

}  // namespace chokepoint::mutate::testing
