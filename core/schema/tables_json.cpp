// tables.json reader. Column indices in primary_keys/foreign_keys refer to column_names_original, whose entry 0 is
// the pseudo-column "*" (table index -1). Each [from, to] pair of foreign_keys becomes one single-column foreign key:
// the format does not say which pairs form a composite key, so we do not guess.
#include "core/schema/tables_json.h"

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace chokepoint {
namespace {

using nlohmann::json;

Result<Schema> schema_from_entry(const json& e, size_t index) {
  const std::string where = "tables.json entry " + std::to_string(index);
  if (!e.is_object()) return Error{where + " is not an object"};
  for (const char* key : {"db_id", "table_names_original", "column_names_original"}) {
    if (!e.contains(key)) return Error{where + " lacks \"" + std::string(key) + "\""};
  }
  Schema s;
  s.db_id = e.at("db_id").get<std::string>();
  const auto& tnames = e.at("table_names_original");
  const json natural_t = e.value("table_names", json::array());
  for (size_t i = 0; i < tnames.size(); ++i) {
    Table t;
    t.name = tnames[i].get<std::string>();
    if (i < natural_t.size()) t.natural_name = natural_t[i].get<std::string>();
    s.tables.push_back(std::move(t));
  }
  const auto& cols = e.at("column_names_original");
  const json natural_c = e.value("column_names", json::array());
  const json types = e.value("column_types", json::array());
  // Global column index -> (table index, column index within table).
  std::vector<std::pair<int, int>> where_col(cols.size(), {-1, -1});
  for (size_t i = 0; i < cols.size(); ++i) {
    int ti = cols[i].at(0).get<int>();
    if (ti < 0) continue;
    if (static_cast<size_t>(ti) >= s.tables.size())
      return Error{where + ": column " + std::to_string(i) + " names a missing table"};
    Column c;
    c.name = cols[i].at(1).get<std::string>();
    if (i < types.size()) c.type = types[i].get<std::string>();
    if (i < natural_c.size()) c.natural_name = natural_c[i].at(1).get<std::string>();
    auto& t = s.tables[static_cast<size_t>(ti)];
    where_col[i] = {ti, static_cast<int>(t.columns.size())};
    t.columns.push_back(std::move(c));
  }
  auto column_at = [&](const json& idx) -> Result<std::pair<int, int>> {
    if (!idx.is_number_integer()) return Error{where + ": key index is not an integer"};
    long long k = idx.get<long long>();
    if (k < 0 || static_cast<size_t>(k) >= where_col.size() || where_col[static_cast<size_t>(k)].first < 0)
      return Error{where + ": key index " + std::to_string(k) + " is out of range"};
    return where_col[static_cast<size_t>(k)];
  };
  for (const auto& pk : e.value("primary_keys", json::array())) {
    std::vector<json> parts = pk.is_array() ? pk.get<std::vector<json>>() : std::vector<json>{pk};
    for (const auto& p : parts) {
      auto c = column_at(p);
      if (!c.ok()) return Error{c.error()};
      auto& t = s.tables[static_cast<size_t>(c->first)];
      t.primary_key.push_back(t.columns[static_cast<size_t>(c->second)].name);
    }
  }
  for (const auto& fk : e.value("foreign_keys", json::array())) {
    if (!fk.is_array() || fk.size() != 2) return Error{where + ": foreign key is not a [from, to] pair"};
    auto from = column_at(fk[0]);
    auto to = column_at(fk[1]);
    if (!from.ok()) return Error{from.error()};
    if (!to.ok()) return Error{to.error()};
    auto& ft = s.tables[static_cast<size_t>(from->first)];
    const auto& tt = s.tables[static_cast<size_t>(to->first)];
    ft.foreign_keys.push_back(ForeignKey{{ft.columns[static_cast<size_t>(from->second)].name},
                                         tt.name,
                                         {tt.columns[static_cast<size_t>(to->second)].name}});
  }
  return s;
}

}  // namespace

Result<std::vector<Schema>> parse_tables_json(const std::string& text) {
  try {
    json doc = json::parse(text);
    if (!doc.is_array()) return Error{"tables.json must hold a JSON array of schemas"};
    std::vector<Schema> out;
    for (size_t i = 0; i < doc.size(); ++i) {
      auto s = schema_from_entry(doc[i], i);
      if (!s.ok()) return Error{s.error()};
      out.push_back(std::move(s).value());
    }
    return out;
  } catch (const std::exception& e) {
    return Error{std::string("malformed tables.json: ") + e.what()};
  }
}

Result<std::vector<Schema>> load_tables_json(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{"cannot read '" + path + "'"};
  std::stringstream ss;
  ss << in.rdbuf();
  auto r = parse_tables_json(ss.str());
  if (!r.ok()) return Error{path + ": " + r.error()};
  return r;
}

}  // namespace chokepoint
