// Small schemas written out in test code (the thesis' toxicology example and hand-made corner cases).
#pragma once
#include <string>
#include <vector>

#include "core/schema/schema.h"

namespace chokepoint::testing_schemas {

inline Table table(std::string name, std::vector<std::string> columns, std::vector<std::string> pk = {}) {
  Table t;
  t.name = std::move(name);
  for (auto& c : columns) {
    Column col;
    col.name = std::move(c);
    col.type = "TEXT";
    t.columns.push_back(std::move(col));
  }
  t.primary_key = std::move(pk);
  return t;
}

inline void fk(Table& t, std::vector<std::string> from, std::string to_table, std::vector<std::string> to) {
  t.foreign_keys.push_back(ForeignKey{std::move(from), std::move(to_table), std::move(to)});
}

// Thesis §3.1.1, the four CREATE TABLE statements of the toxicology running example.
inline Schema toxicology() {
  Table molecule = table("molecule", {"molecule_id", "label"}, {"molecule_id"});
  Table atom = table("atom", {"atom_id", "molecule_id", "element"}, {"atom_id"});
  fk(atom, {"molecule_id"}, "molecule", {"molecule_id"});
  Table bond = table("bond", {"bond_id", "molecule_id", "bond_type"}, {"bond_id"});
  fk(bond, {"molecule_id"}, "molecule", {"molecule_id"});
  Table connected = table("connected", {"atom_id", "atom_id2", "bond_id"}, {"atom_id", "atom_id2"});
  fk(connected, {"atom_id"}, "atom", {"atom_id"});
  fk(connected, {"atom_id2"}, "atom", {"atom_id"});
  fk(connected, {"bond_id"}, "bond", {"bond_id"});
  Schema s;
  s.db_id = "toxicology";
  s.tables = {molecule, atom, bond, connected};
  return s;
}

}  // namespace chokepoint::testing_schemas
