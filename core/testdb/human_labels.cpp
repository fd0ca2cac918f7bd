// Reading a human label file for Table 3 (see human_labels.h).
#include "core/testdb/human_labels.h"

#include <set>

#include <nlohmann/json.hpp>

namespace chokepoint::testdb {
namespace {

// "a", "b", "c" and 4 more: up to five names of a kind.
std::string named(const std::vector<std::string>& names) {
  std::string s;
  const size_t shown = names.size() < 5 ? names.size() : 5;
  for (size_t i = 0; i < shown; ++i) s += (i ? ", " : "") + names[i];
  if (names.size() > shown) s += " and " + std::to_string(names.size() - shown) + " more";
  return s;
}

std::string json_string(const std::string& id) { return nlohmann::json(id).dump(); }

}  // namespace

const bool* HumanLabels::find(const std::string& id) const {
  auto it = prediction_right.find(id);
  return it == prediction_right.end() ? nullptr : &it->second;
}

Result<HumanLabels> parse_human_labels(const std::string& json_text, const std::vector<std::string>& item_ids) {
  // Keys of the top-level object as written, so that an id given twice is seen (the parsed object keeps one).
  std::vector<std::string> keys;
  auto doc = nlohmann::json::parse(
      json_text,
      [&](int depth, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
        if (depth == 1 && event == nlohmann::json::parse_event_t::key) keys.push_back(parsed.get<std::string>());
        return true;
      },
      false);
  if (doc.is_discarded()) return Error{"human labels: not valid JSON"};
  if (!doc.is_object())
    return Error{"human labels: expected one JSON object {\"<item id>\": true | false}, found " +
                 std::string(doc.type_name())};
  const std::set<std::string> known(item_ids.begin(), item_ids.end());
  std::vector<std::string> unknown, bad_values, twice;
  std::set<std::string> seen;
  for (const auto& k : keys)
    if (!seen.insert(k).second) twice.push_back(json_string(k));
  HumanLabels labels;
  for (auto it = doc.begin(); it != doc.end(); ++it) {
    if (!known.count(it.key())) unknown.push_back(json_string(it.key()));
    if (!it.value().is_boolean())
      bad_values.push_back(json_string(it.key()) + ": " + it.value().dump());
    else
      labels.prediction_right[it.key()] = it.value().get<bool>();
  }
  std::string why;
  auto add = [&](const std::vector<std::string>& names, const std::string& what) {
    if (names.empty()) return;
    why += (why.empty() ? "" : "; ") + std::to_string(names.size()) + " " + what + ": " + named(names);
  };
  add(unknown, "ids the run does not have");
  add(bad_values, "values that are not true or false");
  add(twice, "ids given twice");
  if (!why.empty()) return Error{"human labels: " + why};
  return labels;
}

}  // namespace chokepoint::testdb
