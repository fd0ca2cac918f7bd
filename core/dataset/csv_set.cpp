// Evaluation sets from CSV files: the records (core/base/csv_text.h), then the columns by their header names.
#include "core/dataset/csv_set.h"

#include <cctype>
#include <map>
#include <vector>

#include "core/base/csv_text.h"

namespace chokepoint {

std::string csv_column_key(const std::string& name) {
  std::string out;
  for (char c : name)
    if (!std::isspace(static_cast<unsigned char>(c)) && c != '"' && c != '_')
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

const std::vector<std::string>& csv_sql_column_keys() {
  static const std::vector<std::string> keys = {"sql", "query", "predictedsql", "goldsql", "predsql"};
  return keys;
}

Result<EvalSet> parse_csv_set(const std::string& text) {
  auto records = read_csv_records(text);
  if (!records.ok()) return Error{records.error()};
  if (records->empty()) return Error{"CSV file is empty (expected a header with a sql column)"};
  const auto& header = (*records)[0].fields;
  std::map<std::string, size_t> col;
  for (size_t i = 0; i < header.size(); ++i) col.emplace(csv_column_key(header[i]), i);
  auto find = [&](const std::vector<std::string>& names) -> long {
    for (const auto& n : names) {
      auto it = col.find(n);
      if (it != col.end()) return static_cast<long>(it->second);
    }
    return -1;
  };
  long sql = find(csv_sql_column_keys());
  if (sql < 0) return Error{"CSV line 1: the header has no sql column (one of sql, query, predicted_sql, gold_sql)"};
  long db = find({"dbid", "db", "database"}), q = find({"question"}), ev = find({"evidence"}),
       diff = find({"difficulty"}), id = find({"questionid", "id"});
  EvalSet set;
  set.format = DatasetFormat::Csv;
  for (size_t r = 1; r < records->size(); ++r) {
    auto& rec = (*records)[r];
    if (rec.fields.size() != header.size())
      return Error{"CSV line " + std::to_string(rec.line) + ": " + std::to_string(rec.fields.size()) +
                   " fields, the header has " + std::to_string(header.size())};
    auto get = [&](long c) { return c < 0 ? std::string() : std::move(rec.fields[static_cast<size_t>(c)]); };
    EvalItem it;
    it.key = id >= 0 ? get(id) : std::to_string(set.items.size());
    it.sql = get(sql);
    it.db_id = get(db);
    it.question = get(q);
    it.evidence = get(ev);
    it.difficulty = get(diff);
    set.items.push_back(std::move(it));
  }
  return set;
}

}  // namespace chokepoint
