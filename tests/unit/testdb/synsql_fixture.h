// The formula_1 schema of SynSQL's A.9 example (circuits and races) with two tables the question does not need
// (drivers, results), read from real DDL so keys and types are as SQLite declares them; shared by the SynSQL tests.
#pragma once
#include <gtest/gtest.h>

#include <string>

#include "core/db/connection.h"
#include "core/schema/schema.h"
#include "core/schema/sqlite_schema.h"

namespace chokepoint::testdb::fixture {

inline const char* kFormula1Ddl =
    "CREATE TABLE circuits(circuitId INTEGER PRIMARY KEY, name TEXT NOT NULL, location TEXT, country TEXT);"
    "CREATE TABLE races(raceId INTEGER PRIMARY KEY, year INTEGER, circuitId INTEGER REFERENCES circuits(circuitId),"
    " name TEXT, date TEXT);"
    "CREATE TABLE drivers(driverId INTEGER PRIMARY KEY, forename TEXT, surname TEXT, nationality TEXT);"
    "CREATE TABLE results(resultId INTEGER PRIMARY KEY, raceId INTEGER REFERENCES races(raceId),"
    " driverId INTEGER REFERENCES drivers(driverId), position INTEGER);";

inline Schema formula_1() {
  auto db = Connection::open_memory();
  EXPECT_TRUE(db.ok());
  EXPECT_TRUE(db->exec_script(kFormula1Ddl).ok());
  auto s = read_schema(*db, "formula_1", {false});
  EXPECT_TRUE(s.ok()) << s.error();
  return *s;
}

// A.9's question and evidence (BIRD dev 1000) and its gold query.
inline const char* kQuestion = "Which racetrack hosted the most recent race? Indicate the full location.";
inline const char* kEvidence = "full location refers to location+country; most recent race = MAX(date)";
inline const char* kGold =
    "SELECT T1.location FROM circuits AS T1 INNER JOIN races AS T2 ON T1.circuitId = T2.circuitId "
    "ORDER BY T2.date DESC LIMIT 1";

// The paper's Fig. 17 and Fig. 16 rows as one-line INSERTs (what a synthesizer answer looks like).
inline std::string a9_inserts() {
  std::string s =
      "INSERT INTO circuits (circuitId, name, location, country) VALUES (1, 'Silverstone Circuit', 'Silverstone', "
      "'United Kingdom');\n"
      "INSERT INTO circuits (circuitId, name, location, country) VALUES (2, 'Circuit de Monaco', 'Monte Carlo', "
      "'Monaco');\n"
      "INSERT INTO circuits (circuitId, name, location, country) VALUES (3, 'Suzuka Circuit', 'Suzuka', 'Japan');\n"
      "INSERT INTO circuits (circuitId, name, location, country) VALUES (4, 'Circuit of the Americas', 'Austin', "
      "'USA');\n"
      "INSERT INTO circuits (circuitId, name, location, country) VALUES (5, 'Autodromo Nazionale Monza', 'Monza', "
      "'Italy');\n";
  const char* names[] = {"British Grand Prix", "Monaco Grand Prix", "Japanese Grand Prix", "United States Grand Prix",
                         "Italian Grand Prix"};
  const char* dates[3][5] = {{"2022-07-03", "2022-05-29", "2022-10-09", "2022-10-23", "2022-09-11"},
                             {"2023-07-09", "2023-05-28", "2023-10-08", "2023-10-22", "2023-09-10"},
                             {"2024-07-07", "2024-05-26", "2024-10-13", "2024-10-27", "2024-09-08"}};
  for (int y = 0; y < 3; ++y)
    for (int c = 0; c < 5; ++c)
      s += "INSERT INTO races (raceId, year, circuitId, name, date) VALUES (" + std::to_string(101 + 5 * y + c) + ", " +
           std::to_string(2022 + y) + ", " + std::to_string(c + 1) + ", '" + names[c] + "', '" + dates[y][c] + "');\n";
  return s;
}

}  // namespace chokepoint::testdb::fixture
