// BIRD and Spider JSON loaders.
#include "core/dataset/json_sets.h"

#include <algorithm>

#include "core/dataset/json_text.h"

namespace chokepoint {
namespace {

// A field as text: strings as is, numbers in their JSON form, null/missing as "".
std::string text_of(const nlohmann::json& obj, const char* key) {
  auto it = obj.find(key);
  if (it == obj.end() || it->is_null()) return "";
  if (it->is_string()) return it->get<std::string>();
  return it->dump();
}

Result<EvalSet> parse_array(const std::string& text, DatasetFormat format, const char* sql_key, const char* label) {
  auto doc = parse_json_text(text);
  if (!doc.ok()) return Error{doc.error()};
  if (!doc->is_array()) return Error{std::string(label) + ": expected a JSON array of questions"};
  EvalSet set;
  set.format = format;
  for (size_t i = 0; i < doc->size(); ++i) {
    const auto& o = (*doc)[i];
    if (!o.is_object()) return Error{std::string(label) + ": item " + std::to_string(i) + " is not an object"};
    // The SQL field is a string, or a non-empty list of strings: alternative gold answers, the first one `sql`.
    const bool list = o.contains(sql_key) && o[sql_key].is_array() && !o[sql_key].empty() &&
                      std::all_of(o[sql_key].begin(), o[sql_key].end(), [](const auto& v) { return v.is_string(); });
    if (!list && (!o.contains(sql_key) || !o[sql_key].is_string()))
      return Error{std::string(label) + ": item " + std::to_string(i) + " has no \"" + sql_key +
                   "\" string (or list of strings)"};
    EvalItem it;
    it.key = o.contains("question_id") ? text_of(o, "question_id") : std::to_string(i);
    it.db_id = text_of(o, "db_id");
    it.question = text_of(o, "question");
    it.evidence = text_of(o, "evidence");
    if (list) {
      it.sql = o[sql_key][0].get<std::string>();
      for (size_t k = 1; k < o[sql_key].size(); ++k) it.sql_alternatives.push_back(o[sql_key][k].get<std::string>());
    } else {
      it.sql = o[sql_key].get<std::string>();
    }
    it.difficulty = text_of(o, "difficulty");
    set.items.push_back(std::move(it));
  }
  return set;
}

bool all_digits(const std::string& s) {
  return !s.empty() && s.size() < 19 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

Result<EvalSet> parse_bird_dev_json(const std::string& text) {
  return parse_array(text, DatasetFormat::BirdDevJson, "SQL", "BIRD dev.json");
}

Result<EvalSet> parse_spider_dev_json(const std::string& text) {
  return parse_array(text, DatasetFormat::SpiderDevJson, "query", "Spider dev.json");
}

Result<EvalSet> parse_bird_predictions(const std::string& text) {
  static const std::string kSep = "\t----- bird -----\t";
  auto doc = parse_json_text(text);
  if (!doc.ok()) return Error{doc.error()};
  if (!doc->is_object())
    return Error{"BIRD predictions: expected a JSON object {\"0\": \"SQL\\t----- bird -----\\tdb_id\"}"};
  EvalSet set;
  set.format = DatasetFormat::BirdPredictionJson;
  for (auto it = doc->begin(); it != doc->end(); ++it) {
    EvalItem item;
    item.key = it.key();
    if (!it.value().is_string()) {
      // Published prediction files hold 0 (or null) where a system produced nothing (bird_dev_chatgpt.json: 54 of
      // 1,534). BIRD's evaluation.py (package_sqls) runs such a value as the query " " on database "financial";
      // we take it as an empty prediction on the item's own database, which fails and scores 0. (BIRD's way would
      // count it correct whenever financial's empty result equals the gold's, i.e. when the gold result is empty.)
      set.items.push_back(std::move(item));
      continue;
    }
    std::string v = it.value().get<std::string>();
    auto cut = v.rfind(kSep);
    if (cut == std::string::npos) {
      item.sql = v;
    } else {
      item.sql = v.substr(0, cut);
      item.db_id = v.substr(cut + kSep.size());
    }
    set.items.push_back(std::move(item));
  }
  std::stable_sort(set.items.begin(), set.items.end(), [](const EvalItem& a, const EvalItem& b) {
    bool da = all_digits(a.key), db = all_digits(b.key);
    if (da != db) return da;
    if (da) return std::stoll(a.key) < std::stoll(b.key);
    return a.key < b.key;
  });
  return set;
}

}  // namespace chokepoint
