// Dispatch over formats, file reading and prediction alignment.
#include "core/dataset/eval_set_loader.h"

#include "core/base/file_text.h"

#include <fstream>
#include <map>
#include <sstream>

#include "core/dataset/csv_set.h"
#include "core/dataset/format_detection.h"
#include "core/dataset/json_sets.h"
#include "core/dataset/text_sets.h"

namespace chokepoint {

Result<EvalSet> parse_eval_set(const std::string& text, DatasetFormat format) {
  switch (format) {
    case DatasetFormat::BirdDevJson:
      return parse_bird_dev_json(text);
    case DatasetFormat::SpiderDevJson:
      return parse_spider_dev_json(text);
    case DatasetFormat::GoldTsv:
      return parse_gold_tsv(text);
    case DatasetFormat::BirdPredictionJson:
      return parse_bird_predictions(text);
    case DatasetFormat::SqlLines:
      return parse_sql_lines(text);
    case DatasetFormat::Csv:
      return parse_csv_set(text);
  }
  return Error{"unknown format"};
}

Result<EvalSet> parse_eval_set_auto(const std::string& text) {
  auto f = detect_format(text);
  if (!f.ok()) return Error{f.error()};
  return parse_eval_set(text, *f);
}

Result<EvalSet> load_eval_set(const std::string& path) {
  if (!std::ifstream(path, std::ios::binary)) return Error{"cannot read '" + path + "'"};
  auto text = read_file(path, kMaxSetFileBytes);
  if (!text.ok()) return Error{text.error()};
  auto set = parse_eval_set_auto(*text);
  if (!set.ok()) return Error{path + ": " + set.error()};
  return set;
}

Result<std::vector<std::string>> align_predictions(const EvalSet& gold, const EvalSet& predictions) {
  std::vector<std::string> out(gold.items.size());
  if (predictions.format == DatasetFormat::BirdPredictionJson) {
    std::map<std::string, const EvalItem*> by_key;
    for (const auto& p : predictions.items) by_key[p.key] = &p;
    for (size_t i = 0; i < gold.items.size(); ++i) {
      auto it = by_key.find(std::to_string(i));
      if (it == by_key.end()) continue;
      const EvalItem& p = *it->second;
      if (!p.db_id.empty() && !gold.items[i].db_id.empty() && p.db_id != gold.items[i].db_id)
        return Error{"prediction \"" + p.key + "\" is for database '" + p.db_id + "' but gold item " +
                     std::to_string(i) + " is on '" + gold.items[i].db_id + "': the files are not aligned"};
      out[i] = p.sql;
    }
    return out;
  }
  if (predictions.items.size() != gold.items.size())
    return Error{"the prediction file has " + std::to_string(predictions.items.size()) + " items, the gold file " +
                 std::to_string(gold.items.size()) + ": they must be aligned line by line"};
  for (size_t i = 0; i < gold.items.size(); ++i) {
    const auto& p = predictions.items[i];
    if (!p.db_id.empty() && !gold.items[i].db_id.empty() && p.db_id != gold.items[i].db_id)
      return Error{"prediction " + std::to_string(i + 1) + " is for database '" + p.db_id + "' but gold item " +
                   std::to_string(i + 1) + " is on '" + gold.items[i].db_id + "': the files are not aligned"};
    out[i] = p.sql;
  }
  return out;
}

}  // namespace chokepoint
