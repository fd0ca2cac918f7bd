// Bit-packed rows and their two file forms. Readers check what a writer guarantees (known column names, increasing
// ids, one cell per column, cells 0/1/empty) and name the line of the first thing that is not.
#include "core/sqlspace/feature_matrix.h"

#include <algorithm>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "core/base/csv_text.h"
#include "core/base/json_dump.h"
#include "core/dataset/json_text.h"

namespace chokepoint::sqlspace {
namespace {

size_t popcount64(uint64_t x) {
  size_t n = 0;
  for (; x; x &= x - 1) ++n;
  return n;
}

// Columns from their names, checked: known form, increasing ids.
Result<std::vector<int>> columns_from_names(const std::vector<std::string>& names, const std::string& where) {
  std::vector<int> ids;
  for (const auto& n : names) {
    auto id = feature_id_of_column(n);
    if (!id) return Error{where + ": '" + n + "' is not a feature column (f001, f002, ...)"};
    if (!ids.empty() && *id <= ids.back()) return Error{where + ": feature columns must increase ('" + n + "')"};
    ids.push_back(*id);
  }
  return ids;
}

}  // namespace

void FeatureBits::set(size_t i, bool value) {
  const uint64_t bit = uint64_t{1} << (i % 64);
  if (value)
    words_[i / 64] |= bit;
  else
    words_[i / 64] &= ~bit;
}

size_t FeatureBits::count() const {
  size_t n = 0;
  for (uint64_t w : words_) n += popcount64(w);
  return n;
}

std::optional<bool> FeatureRow::get(size_t column) const {
  if (!known.test(column)) return std::nullopt;
  return values.test(column);
}

void FeatureRow::set(size_t column, bool value) {
  known.set(column);
  values.set(column, value);
}

int FeatureMatrix::column_of(int id) const {
  auto it = std::lower_bound(feature_ids.begin(), feature_ids.end(), id);
  return it != feature_ids.end() && *it == id ? static_cast<int>(it - feature_ids.begin()) : -1;
}

FeatureRow FeatureMatrix::new_row(std::string key, std::string db_id) const {
  return {std::move(key), std::move(db_id), FeatureBits(feature_ids.size()), FeatureBits(feature_ids.size())};
}

void FeatureMatrix::set(FeatureRow& row, const FeatureDecision& d) const {
  const int c = column_of(d.id);
  if (c >= 0) row.set(static_cast<size_t>(c), d.value);
}

std::string feature_column_name(int id) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "f%03d", id);
  return buf;
}

std::optional<int> feature_id_of_column(const std::string& name) {
  if (name.size() < 2 || name.size() > 7 || name[0] != 'f') return std::nullopt;
  int id = 0;
  for (size_t i = 1; i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9') return std::nullopt;
    id = id * 10 + (name[i] - '0');
  }
  if (id <= 0 || feature_column_name(id) != name) return std::nullopt;
  return id;
}

std::string matrix_to_csv(const FeatureMatrix& m) {
  std::string out = "key,db_id";
  for (int id : m.feature_ids) out += "," + feature_column_name(id);
  out += '\n';
  for (const auto& row : m.rows) {
    out += csv_field(row.key) + ',' + csv_field(row.db_id);
    for (size_t c = 0; c < m.feature_ids.size(); ++c) {
      out += ',';
      if (row.known.test(c)) out += row.values.test(c) ? '1' : '0';
    }
    out += '\n';
  }
  return out;
}

Result<FeatureMatrix> matrix_from_csv(const std::string& text) {
  auto records = read_csv_records(text);
  if (!records.ok()) return Error{records.error()};
  if (records->empty()) return Error{"empty file: expected a header key,db_id,f001,..."};
  const auto& header = (*records)[0].fields;
  if (header.size() < 2 || header[0] != "key" || header[1] != "db_id")
    return Error{"line 1: the header must start with key,db_id"};
  FeatureMatrix m;
  auto ids = columns_from_names({header.begin() + 2, header.end()}, "line 1");
  if (!ids.ok()) return Error{ids.error()};
  m.feature_ids = std::move(*ids);
  for (size_t r = 1; r < records->size(); ++r) {
    const auto& rec = (*records)[r];
    const std::string where = "line " + std::to_string(rec.line);
    if (rec.fields.size() != header.size())
      return Error{where + ": " + std::to_string(rec.fields.size()) + " fields, the header has " +
                   std::to_string(header.size())};
    FeatureRow row = m.new_row(rec.fields[0], rec.fields[1]);
    for (size_t c = 0; c < m.feature_ids.size(); ++c) {
      const std::string& cell = rec.fields[c + 2];
      if (cell == "1" || cell == "0")
        row.set(c, cell == "1");
      else if (!cell.empty())
        return Error{where + ": " + header[c + 2] + " is '" + cell + "'; cells are 1, 0 or empty (unknown)"};
    }
    m.rows.push_back(std::move(row));
  }
  return m;
}

std::string matrix_to_jsonl(const FeatureMatrix& m) {
  nlohmann::json columns = nlohmann::json::array();
  for (int id : m.feature_ids) columns.push_back(feature_column_name(id));
  std::string out = dump_json(nlohmann::json{{"columns", columns}}) + "\n";
  for (const auto& row : m.rows) {
    nlohmann::ordered_json cells = nlohmann::ordered_json::object();
    for (size_t c = 0; c < m.feature_ids.size(); ++c)
      if (row.known.test(c)) cells[feature_column_name(m.feature_ids[c])] = row.values.test(c) ? 1 : 0;
    nlohmann::ordered_json j;
    j["key"] = row.key;
    j["db_id"] = row.db_id;
    j["features"] = std::move(cells);
    out += dump_json(j) + "\n";
  }
  return out;
}

Result<FeatureMatrix> matrix_from_jsonl(const std::string& text) {
  FeatureMatrix m;
  bool header = false;
  size_t line = 0, start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string content = text.substr(start, end - start);
    start = end + 1;
    ++line;
    if (content.find_first_not_of(" \t\r") == std::string::npos) continue;
    const std::string where = "line " + std::to_string(line);
    auto j = parse_json_text(content);
    if (!j.ok()) return Error{where + ": " + j.error()};
    if (!j->is_object()) return Error{where + ": expected a JSON object"};
    if (!header) {
      if (!j->contains("columns") || !(*j)["columns"].is_array())
        return Error{where + ": the first line must be {\"columns\": [\"f001\", ...]}"};
      std::vector<std::string> names;
      for (const auto& c : (*j)["columns"]) {
        if (!c.is_string()) return Error{where + ": column names are strings"};
        names.push_back(c.get<std::string>());
      }
      auto ids = columns_from_names(names, where);
      if (!ids.ok()) return Error{ids.error()};
      m.feature_ids = std::move(*ids);
      header = true;
      continue;
    }
    const auto& key = (*j)["key"];
    const auto& db = (*j)["db_id"];
    const auto& cells = (*j)["features"];
    if (!key.is_string() || !db.is_string() || !cells.is_object())
      return Error{where + ": a row is {\"key\": \"...\", \"db_id\": \"...\", \"features\": {...}}"};
    FeatureRow row = m.new_row(key.get<std::string>(), db.get<std::string>());
    for (const auto& [name, value] : cells.items()) {
      auto id = feature_id_of_column(name);
      const int c = id ? m.column_of(*id) : -1;
      if (c < 0) return Error{where + ": '" + name + "' is not a column of the header"};
      if (!value.is_number_integer() || (value.get<int>() != 0 && value.get<int>() != 1))
        return Error{where + ": " + name + " must be 0 or 1"};
      row.set(static_cast<size_t>(c), value.get<int>() == 1);
    }
    m.rows.push_back(std::move(row));
  }
  if (!header) return Error{"empty file: expected a header line {\"columns\": [...]}"};
  return m;
}

}  // namespace chokepoint::sqlspace
