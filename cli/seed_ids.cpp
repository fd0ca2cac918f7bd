#include "cli/seed_ids.h"

#include <nlohmann/json.hpp>

#include "core/base/file_text.h"

namespace chokepoint::cli {

Result<std::vector<std::string>> read_seed_ids(const std::string& path) {
  auto text = read_file(path);
  if (!text.ok()) return Error{text.error()};
  const auto j = nlohmann::json::parse(*text, nullptr, false);
  if (j.is_discarded() || !j.is_array()) return Error{path + ": not a JSON array (chokepoint jqe's EXPANDED.json)"};
  std::vector<std::string> ids;
  for (size_t i = 0; i < j.size(); ++i) {
    const auto& item = j[i];
    if (!item.is_object() || !item.contains("jqe") || !item["jqe"].is_object() || !item["jqe"].contains("seed_id"))
      return Error{path + ": item " + std::to_string(i) + " has no jqe.seed_id (is it chokepoint jqe's output?)"};
    const auto& id = item["jqe"]["seed_id"];
    if (id.is_string())
      ids.push_back(id.get<std::string>());
    else if (id.is_number_integer())
      ids.push_back(id.dump());
    else
      return Error{path + ": item " + std::to_string(i) + "'s jqe.seed_id is neither text nor a whole number"};
  }
  return ids;
}

}  // namespace chokepoint::cli
