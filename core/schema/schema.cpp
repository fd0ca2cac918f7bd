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

bool operator==(const Column& a, const Column& b) {
  return a.name == b.name && a.type == b.type && a.natural_name == b.natural_name && a.not_null == b.not_null &&
         a.collation == b.collation;
}
bool operator==(const ForeignKey& a, const ForeignKey& b) {
  return a.from_columns == b.from_columns && a.to_table == b.to_table && a.to_columns == b.to_columns;
}
bool operator==(const Table& a, const Table& b) {
  return a.name == b.name && a.natural_name == b.natural_name && a.columns == b.columns &&
         a.primary_key == b.primary_key && a.foreign_keys == b.foreign_keys && a.row_count == b.row_count;
}
bool operator==(const Schema& a, const Schema& b) { return a.db_id == b.db_id && a.tables == b.tables; }

}  // namespace chokepoint
