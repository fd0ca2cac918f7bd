// The Retrieval tab's cells in the workspace.
#include "web/panels/runner/retrieval_memory.h"

namespace chokepoint::web {
namespace {

nlohmann::json scores_retrieval_memory(const linking::RetrievalScores& s) {
  return {{"n", s.n},
          {"skipped", s.skipped},
          {"fpr_items", s.fpr_items},
          {"fpr", s.fpr},
          {"fpr_pooled", s.fpr_pooled},
          {"slr", s.slr},
          {"retrieved", s.retrieved}};
}

nlohmann::json row_retrieval_memory(const study::RetrievalItemRow& r) {
  nlohmann::json j = {{"setting", r.setting},    {"approach", r.approach}, {"id", r.id},
                      {"db_id", r.db_id},        {"outcome", r.outcome},   {"gold", r.gold},
                      {"retrieved", r.retrieved}};
  if (r.all_gold) j["all_gold"] = *r.all_gold;
  if (r.fpr) j["fpr"] = *r.fpr;
  return j;
}

bool has_retrieval_fields(const nlohmann::json& j, std::initializer_list<const char*> strings,
                          std::initializer_list<const char*> numbers) {
  if (!j.is_object()) return false;
  for (const char* k : strings)
    if (!j.contains(k) || !j[k].is_string()) return false;
  for (const char* k : numbers)
    if (!j.contains(k) || !j[k].is_number()) return false;
  return true;
}

}  // namespace

nlohmann::json retrieval_table_memory(const decltype(RetrievalView::table)& table) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& [key, cell] : table) {
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& r : cell.rows) rows.push_back(row_retrieval_memory(r));
    out.push_back({{"approach", key.first},
                   {"variant", key.second},
                   {"set", cell.set},
                   {"model", cell.model},
                   {"foreign_keys", cell.foreign_keys},
                   {"scores", scores_retrieval_memory(cell.scores)},
                   {"rows", rows}});
  }
  return out;
}

decltype(RetrievalView::table) restore_retrieval_table(const nlohmann::json& memory) {
  decltype(RetrievalView::table) table;
  if (!memory.is_array()) return table;
  for (const auto& c : memory) {
    if (!has_retrieval_fields(c, {"set", "model"}, {"approach", "variant"}) || !c.contains("scores") ||
        !has_retrieval_fields(c["scores"], {},
                              {"n", "skipped", "fpr_items", "fpr", "fpr_pooled", "slr", "retrieved"}) ||
        !c.contains("rows") || !c["rows"].is_array())
      continue;
    const int approach = c["approach"].get<int>(), variant = c["variant"].get<int>();
    if (approach < 0 || approach > 2 || variant < 0 || variant > 3) continue;
    RetrievalView::Cell cell;
    cell.set = c["set"].get<std::string>();
    cell.model = c["model"].get<std::string>();
    cell.foreign_keys = c.value("foreign_keys", false);
    const auto& s = c["scores"];
    cell.scores = {s["n"].get<size_t>(),        s["skipped"].get<size_t>(),    s["fpr_items"].get<size_t>(),
                   s["fpr"].get<double>(),      s["fpr_pooled"].get<double>(), s["slr"].get<double>(),
                   s["retrieved"].get<size_t>()};
    bool whole = true;
    for (const auto& r : c["rows"]) {
      if (!has_retrieval_fields(r, {"setting", "approach", "id", "db_id", "outcome"}, {"gold", "retrieved"})) {
        whole = false;
        break;
      }
      study::RetrievalItemRow row{r["setting"].get<std::string>(),
                                  r["approach"].get<std::string>(),
                                  r["id"].get<std::string>(),
                                  r["db_id"].get<std::string>(),
                                  r["outcome"].get<std::string>(),
                                  r["gold"].get<size_t>(),
                                  r["retrieved"].get<size_t>(),
                                  std::nullopt,
                                  std::nullopt};
      if (r.contains("all_gold") && r["all_gold"].is_boolean()) row.all_gold = r["all_gold"].get<bool>();
      if (r.contains("fpr") && r["fpr"].is_number()) row.fpr = r["fpr"].get<double>();
      cell.rows.push_back(std::move(row));
    }
    if (whole) table[{approach, variant}] = std::move(cell);
  }
  return table;
}

}  // namespace chokepoint::web
