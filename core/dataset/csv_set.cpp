// RFC 4180 CSV reader for evaluation sets.
#include "core/dataset/csv_set.h"

#include <cctype>
#include <map>
#include <vector>

namespace chokepoint {
namespace {

struct CsvRow {
  size_t line = 0;  // line where the record starts
  std::vector<std::string> fields;
};

// Runs of ordinary characters are appended whole (a character at a time, reading Spider's 1,000 Codex predictions,
// 290 KB, took 1.5 ms, as long as the rest of the run's start) and records move into the list.
Result<std::vector<CsvRow>> read_records(const std::string& text) {
  std::vector<CsvRow> rows;
  CsvRow cur;
  std::string field;
  bool in_quotes = false, field_started = false;
  size_t line = 1, quote_line = 0;
  cur.line = 1;
  size_t i = 0;
  const size_t n = text.size();
  if (n >= 3 && static_cast<unsigned char>(text[0]) == 0xEF && static_cast<unsigned char>(text[1]) == 0xBB &&
      static_cast<unsigned char>(text[2]) == 0xBF)
    i = 3;  // UTF-8 byte order mark
  auto end_record = [&]() {
    cur.fields.push_back(std::move(field));
    field.clear();
    field_started = false;
    bool empty = cur.fields.size() == 1 && cur.fields[0].empty();
    if (!empty) rows.push_back(std::move(cur));
    cur = CsvRow{};
  };
  while (i < n) {
    if (in_quotes) {
      // Up to the next quote, counting the lines inside the field.
      size_t q = text.find('"', i);
      if (q == std::string::npos) q = n;
      for (size_t k = i; k < q; ++k) line += text[k] == '\n';
      field.append(text, i, q - i);
      i = q;
      if (i == n) break;
      if (i + 1 < n && text[i + 1] == '"') {
        field += '"';
        i += 2;
      } else {
        in_quotes = false;
        ++i;
      }
      continue;
    }
    const char c = text[i];
    if (c == '"') {
      if (field_started && !field.empty())
        return Error{"CSV line " + std::to_string(line) + ": a quote inside an unquoted field"};
      in_quotes = true;
      field_started = true;
      quote_line = line;
      ++i;
    } else if (c == ',') {
      cur.fields.push_back(std::move(field));
      field.clear();
      field_started = false;
      ++i;
    } else if (c == '\n' || c == '\r') {
      if (c == '\r' && i + 1 < n && text[i + 1] == '\n') ++i;
      end_record();
      ++line;
      cur.line = line;
      ++i;
    } else {
      size_t e = i + 1;
      while (e < n && text[e] != '"' && text[e] != ',' && text[e] != '\n' && text[e] != '\r') ++e;
      field.append(text, i, e - i);
      field_started = true;
      i = e;
    }
  }
  if (in_quotes) return Error{"CSV line " + std::to_string(quote_line) + ": quoted field is never closed"};
  if (!field.empty() || !cur.fields.empty()) end_record();
  return rows;
}

}  // namespace

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
  auto records = read_records(text);
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
