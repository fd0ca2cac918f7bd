// Lookups on the Schema value.
#include "core/schema/schema.h"

#include <cctype>

namespace chokepoint {

bool iequals(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  }
  return true;
}

std::string to_lower_ascii(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

const Column* Table::find_column(const std::string& n) const {
  for (const auto& c : columns)
    if (iequals(c.name, n)) return &c;
  return nullptr;
}

const Table* Schema::find_table(const std::string& n) const {
  for (const auto& t : tables)
    if (iequals(t.name, n)) return &t;
  return nullptr;
}

}  // namespace chokepoint
