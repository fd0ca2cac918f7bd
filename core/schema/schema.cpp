// Lookups on the Schema value.
#include "core/schema/schema.h"

#include <cctype>

namespace chokepoint {

const Column* Table::find_column(const std::string& n) const {
  for (const auto& c : columns)
    if (iequals(c.name, n)) return &c;
  return nullptr;
}

size_t Schema::column_count() const {
  size_t n = 0;
  for (const auto& t : tables) n += t.columns.size();
  return n;
}

const Table* Schema::find_table(const std::string& n) const {
  for (const auto& t : tables)
    if (iequals(t.name, n)) return &t;
  return nullptr;
}

}  // namespace chokepoint
