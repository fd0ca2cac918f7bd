// Shared by the TQA tests: the thesis' movie schema (§4.1.1) as a Schema value and its schema graph, plus the
// WordNet lexicon from the lexicon tests' fixture and the toxicology sample database.
#pragma once
#include <fstream>
#include <sstream>

#include "core/db/connection.h"
#include "core/graph/schema_graph.h"
#include "core/schema/schema.h"
#include "tests/unit/lexicon/wordnet_fixture.h"

namespace chokepoint::testing_support {

inline Schema movie_schema() {
  Schema s;
  s.db_id = "movie";
  Table actor{"actor", "", {}, {"ActorID"}, {}, -1};
  for (const char* c : {"ActorID", "Name", "DateOfBirth", "BirthCity", "BirthCountry", "HeightInches", "Biography",
                        "Gender", "Ethnicity", "NetWorth"})
    actor.columns.push_back({c, "TEXT", "", false});
  Table movie{"movie", "", {}, {"MovieID"}, {}, -1};
  for (const char* c : {"MovieID", "Title", "MPAARating", "Budget", "Gross", "ReleaseDate", "Genre", "Runtime",
                        "Rating", "RatingCount", "Summary"})
    movie.columns.push_back({c, "TEXT", "", false});
  Table characters{"characters", "", {}, {"MovieID", "ActorID"}, {}, -1};
  for (const char* c : {"MovieID", "ActorID", "CharacterName", "CreditOrder", "Pay", "Screentime"})
    characters.columns.push_back({c, "TEXT", "", false});
  characters.foreign_keys = {{{"MovieID"}, "movie", {"MovieID"}}, {{"ActorID"}, "actor", {"ActorID"}}};
  s.tables = {actor, movie, characters};
  return s;
}

inline const char* kMovieQuestion =
    "Who played the No.2 character in the credit list of the movie \"American Hustle\"?";
inline const char* kMovieSql =
    "SELECT T3.Name FROM movie AS T1 INNER JOIN characters AS T2 ON T1.MovieID = T2.MovieID "
    "INNER JOIN actor AS T3 ON T3.ActorID = T2.ActorID WHERE T1.Title = 'American Hustle' AND T2.creditOrder = '2'";

// The toxicology sample database (assets/db/toxicology.sql) in memory.
inline Result<Connection> toxicology_sample() {
  std::ifstream in(CHOKEPOINT_SOURCE_DIR "/assets/db/toxicology.sql");
  std::stringstream text;
  text << in.rdbuf();
  auto db = Connection::open_memory();
  if (!db.ok()) return db;
  if (auto st = db->exec_script(text.str()); !st.ok()) return Error{st.error()};
  return db;
}

}  // namespace chokepoint::testing_support
