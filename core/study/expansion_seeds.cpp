// EXPANDED.json's seed ids and the join-graph shapes of jqe-delta's inputs (see expansion_seeds.h).
#include "core/study/expansion_seeds.h"

#include <nlohmann/json.hpp>

#include "core/sql/query_shape.h"

namespace chokepoint::study {

Result<std::vector<std::string>> expansion_seed_ids(const std::string& text, const std::string& name) {
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_array()) return Error{name + ": not a JSON array (chokepoint jqe's EXPANDED.json)"};
  std::vector<std::string> ids;
  for (size_t i = 0; i < j.size(); ++i) {
    const auto& item = j[i];
    if (!item.is_object() || !item.contains("jqe") || !item["jqe"].is_object() || !item["jqe"].contains("seed_id"))
      return Error{name + ": item " + std::to_string(i) + " has no jqe.seed_id (is it chokepoint jqe's output?)"};
    const auto& id = item["jqe"]["seed_id"];
    if (id.is_string())
      ids.push_back(id.get<std::string>());
    else if (id.is_number_integer())
      ids.push_back(id.dump());
    else
      return Error{name + ": item " + std::to_string(i) + "'s jqe.seed_id is neither text nor a whole number"};
  }
  return ids;
}

Result<JqeDeltaInputs> jqe_delta_inputs(std::string system, const std::vector<EvalPair>& seeds,
                                        const std::vector<std::string>& seed_keys,
                                        const std::vector<EvalPair>& expansions,
                                        const std::vector<std::string>& expansion_seed_ids, const SchemaOf& schema_of) {
  if (expansion_seed_ids.size() != expansions.size())
    return Error{std::to_string(expansion_seed_ids.size()) + " items with jqe.seed_id, " +
                 std::to_string(expansions.size()) + " read as a set"};
  JqeDeltaInputs in;
  in.system = std::move(system);
  in.seed_ids = seed_keys;
  for (const auto& id : expansion_seed_ids) in.shapes.push_back({id, -1, -1});
  if (auto origin = seeds_of_expansions(in.seed_ids, in.shapes); !origin.ok()) return Error{origin.error()};
  auto picture = [&](const EvalPair& p) {
    const Schema* schema = schema_of(p.db_id);
    return schema ? sql::query_graph_picture(p.gold_sql, *schema) : sql::QueryGraphPicture{};
  };
  for (const auto& p : seeds) {
    const auto g = picture(p);
    in.seed_edges.push_back(g.nodes.empty() ? -1 : static_cast<int>(g.edges.size()));
  }
  for (size_t i = 0; i < expansions.size(); ++i) {
    const auto g = picture(expansions[i]);
    if (!g.nodes.empty()) {
      in.shapes[i].nodes = static_cast<int>(g.nodes.size());
      in.shapes[i].edges = static_cast<int>(g.edges.size());
    }
  }
  return in;
}

}  // namespace chokepoint::study
