// BIRD-format writers.
#include "core/dataset/bird_writer.h"
#include "core/base/json_dump.h"

#include <algorithm>

#include <nlohmann/json.hpp>

namespace chokepoint {

std::string write_bird_dev_json(const EvalSet& set) {
  nlohmann::ordered_json arr = nlohmann::ordered_json::array();
  for (const auto& it : set.items) {
    nlohmann::ordered_json o;
    bool numeric = !it.key.empty() && it.key.size() < 19 &&
                   std::all_of(it.key.begin(), it.key.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (numeric)
      o["question_id"] = std::stoll(it.key);
    else
      o["question_id"] = it.key;
    o["db_id"] = it.db_id;
    o["question"] = it.question;
    o["evidence"] = it.evidence;
    o["SQL"] = it.sql;
    o["difficulty"] = it.difficulty;
    arr.push_back(std::move(o));
  }
  return dump_json(arr, 2) + "\n";
}

std::string write_bird_predictions(const EvalSet& set) {
  nlohmann::ordered_json o = nlohmann::ordered_json::object();
  for (size_t i = 0; i < set.items.size(); ++i)
    o[std::to_string(i)] = set.items[i].sql + "\t----- bird -----\t" + set.items[i].db_id;
  return dump_json(o, 4) + "\n";
}

}  // namespace chokepoint
