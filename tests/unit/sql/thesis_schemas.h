// The two schemas of the thesis' running examples, built in code so the tests do not depend on assets/:
// toxicology (§3.1.1, CREATE statements before Figure 3.2) and movie (§4.1.1, before Figure 4.2).
#pragma once
#include "core/schema/schema.h"

namespace chokepoint::sql::testing {

inline Table make_table(std::string name, std::vector<std::string> cols, std::vector<std::string> pk,
                        std::vector<ForeignKey> fks = {}) {
  Table t;
  t.name = std::move(name);
  for (auto& c : cols) {
    Column col;
    col.name = c;
    col.type = "TEXT";
    t.columns.push_back(col);
  }
  t.primary_key = std::move(pk);
  t.foreign_keys = std::move(fks);
  return t;
}

inline Schema toxicology() {
  Schema s;
  s.db_id = "toxicology";
  s.tables.push_back(make_table("molecule", {"molecule_id", "label"}, {"molecule_id"}));
  s.tables.push_back(make_table("atom", {"atom_id", "molecule_id", "element"}, {"atom_id"},
                                {{{"molecule_id"}, "molecule", {"molecule_id"}}}));
  s.tables.push_back(make_table("bond", {"bond_id", "molecule_id", "bond_type"}, {"bond_id"},
                                {{{"molecule_id"}, "molecule", {"molecule_id"}}}));
  s.tables.push_back(make_table(
      "connected", {"atom_id", "atom_id2", "bond_id"}, {"atom_id", "atom_id2"},
      {{{"atom_id"}, "atom", {"atom_id"}}, {{"atom_id2"}, "atom", {"atom_id"}}, {{"bond_id"}, "bond", {"bond_id"}}}));
  return s;
}

inline Schema movies() {
  Schema s;
  s.db_id = "movie";
  s.tables.push_back(make_table("actor",
                                {"ActorID", "Name", "DateOfBirth", "BirthCity", "BirthCountry", "HeightInches",
                                 "Biography", "Gender", "Ethnicity", "NetWorth"},
                                {"ActorID"}));
  s.tables.push_back(make_table("movie",
                                {"MovieID", "Title", "MPAARating", "Budget", "Gross", "ReleaseDate", "Genre", "Runtime",
                                 "Rating", "RatingCount", "Summary"},
                                {"MovieID"}));
  s.tables.push_back(
      make_table("characters", {"MovieID", "ActorID", "CharacterName", "CreditOrder", "Pay", "Screentime"},
                 {"MovieID", "ActorID"}, {{{"MovieID"}, "movie", {"MovieID"}}, {{"ActorID"}, "actor", {"ActorID"}}}));
  return s;
}

}  // namespace chokepoint::sql::testing
