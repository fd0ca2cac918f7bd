// Content-based format detection.
#include "core/dataset/format_detection.h"

#include <algorithm>
#include <cctype>

#include "core/dataset/csv_set.h"
#include "core/dataset/json_text.h"

namespace chokepoint {

const char* dataset_format_name(DatasetFormat f) {
  switch (f) {
    case DatasetFormat::BirdDevJson:
      return "bird-json";
    case DatasetFormat::SpiderDevJson:
      return "spider-json";
    case DatasetFormat::GoldTsv:
      return "gold-tsv";
    case DatasetFormat::BirdPredictionJson:
      return "bird-predictions";
    case DatasetFormat::SqlLines:
      return "sql-lines";
    case DatasetFormat::Csv:
      return "csv";
  }
  return "";
}

bool holds_predictions(const EvalSet& set) {
  switch (set.format) {
    case DatasetFormat::BirdPredictionJson:
    case DatasetFormat::SqlLines:
      return true;
    case DatasetFormat::Csv:
      for (const auto& item : set.items)
        if (!item.question.empty()) return false;
      return true;
    default:
      return false;
  }
}

namespace {

bool looks_like_csv_header(const std::string& line) {
  if (line.find(',') == std::string::npos) return false;
  std::string field;
  auto check = [](const std::string& f) {
    const auto& keys = csv_sql_column_keys();
    return std::find(keys.begin(), keys.end(), csv_column_key(f)) != keys.end();
  };
  for (char c : line) {
    if (c == ',') {
      if (check(field)) return true;
      field.clear();
    } else {
      field += c;
    }
  }
  return check(field);
}

}  // namespace

Result<DatasetFormat> detect_format(const std::string& text) {
  size_t i = 0;
  if (text.size() >= 3 && static_cast<unsigned char>(text[0]) == 0xEF) i = 3;  // BOM
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  if (i == text.size()) return Error{"the file is empty"};
  if (text[i] == '{') return DatasetFormat::BirdPredictionJson;
  if (text[i] == '[') {
    auto doc = parse_json_text(text);
    if (!doc.ok()) return Error{doc.error()};
    if (doc->empty() || !(*doc)[0].is_object()) return Error{"JSON array without question objects"};
    const auto& first = (*doc)[0];
    if (first.contains("SQL")) return DatasetFormat::BirdDevJson;
    if (first.contains("query")) return DatasetFormat::SpiderDevJson;
    return Error{"JSON array whose first object has neither \"SQL\" (BIRD) nor \"query\" (Spider)"};
  }
  size_t e = text.find('\n', i);
  std::string first_line = text.substr(i, e == std::string::npos ? std::string::npos : e - i);
  if (looks_like_csv_header(first_line)) return DatasetFormat::Csv;
  if (first_line.find('\t') != std::string::npos) return DatasetFormat::GoldTsv;
  return DatasetFormat::SqlLines;
}

}  // namespace chokepoint
