// The Schema linking section's runs in the workspace (see linking_memory.h).
#include "web/panels/runner/linking_memory.h"

namespace chokepoint::web {
namespace {

const char* const kScoreFields[] = {"res",
                                    "subset_match",
                                    "exact_match",
                                    "column_recall",
                                    "column_precision",
                                    "column_recall_micro",
                                    "column_precision_micro"};

nlohmann::json scores_memory(const linking::LinkingScores& s) {
  return {{"n", s.n},
          {"skipped", s.skipped},
          {"column_items", s.column_items},
          {"res", s.res},
          {"subset_match", s.subset_match},
          {"exact_match", s.exact_match},
          {"column_recall", s.column_recall},
          {"column_precision", s.column_precision},
          {"column_recall_micro", s.column_recall_micro},
          {"column_precision_micro", s.column_precision_micro}};
}

bool is_count(const nlohmann::json& j, const char* key) { return j.contains(key) && j[key].is_number_unsigned(); }

std::optional<linking::LinkingScores> restore_scores(const nlohmann::json& j) {
  if (!j.is_object() || !is_count(j, "n") || !is_count(j, "skipped") || !is_count(j, "column_items"))
    return std::nullopt;
  for (const char* k : kScoreFields)
    if (!j.contains(k) || !j[k].is_number()) return std::nullopt;
  linking::LinkingScores s;
  s.n = j["n"].get<size_t>();
  s.skipped = j["skipped"].get<size_t>();
  s.column_items = j["column_items"].get<size_t>();
  s.res = j["res"].get<double>();
  s.subset_match = j["subset_match"].get<double>();
  s.exact_match = j["exact_match"].get<double>();
  s.column_recall = j["column_recall"].get<double>();
  s.column_precision = j["column_precision"].get<double>();
  s.column_recall_micro = j["column_recall_micro"].get<double>();
  s.column_precision_micro = j["column_precision_micro"].get<double>();
  return s;
}

std::optional<LinkingView::Retrieved> restore_retrieved(const nlohmann::json& j) {
  if (!j.is_object() || !j.contains("method") || !j["method"].is_string() || !j.contains("tables") ||
      !j["tables"].is_object())
    return std::nullopt;
  LinkingView::Retrieved r;
  r.method = j["method"].get<std::string>();
  for (const auto& [key, tables] : j["tables"].items()) {
    if (!tables.is_array()) return std::nullopt;
    auto& out = r.tables[key];
    for (const auto& t : tables) {
      if (!t.is_string()) return std::nullopt;
      out.push_back(t.get<std::string>());
    }
  }
  return r;
}

}  // namespace

nlohmann::json linking_memory(const LinkingView& view) {
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& r : view.rows)
    rows.push_back({{"set", r.set},
                    {"model", r.model},
                    {"method", r.method},
                    {"foreign_keys", r.foreign_keys},
                    {"top_k", r.top_k},
                    {"scores", scores_memory(r.scores)}});
  nlohmann::json retrieved = nlohmann::json::object();
  for (const auto& [set, r] : view.retrieved_by_set) retrieved[set] = {{"method", r.method}, {"tables", r.tables}};
  return {{"rows", rows}, {"retrieved", retrieved}};
}

void restore_linking(LinkingView& view, const nlohmann::json& memory) {
  if (!view.rows.empty() || !view.retrieved_by_set.empty() || !memory.is_object()) return;
  if (memory.contains("rows") && memory["rows"].is_array())
    for (const auto& r : memory["rows"]) {
      if (!r.is_object() || !r.contains("set") || !r["set"].is_string() || !r.contains("model") ||
          !r["model"].is_string() || !r.contains("method") || !r["method"].is_string() || !r.contains("top_k") ||
          !r["top_k"].is_number_integer() || !r.contains("scores"))
        continue;
      const auto scores = restore_scores(r["scores"]);
      if (!scores) continue;
      view.rows.push_back({r["set"].get<std::string>(), r["model"].get<std::string>(), r["method"].get<std::string>(),
                           r.value("foreign_keys", false), r["top_k"].get<int>(), *scores});
    }
  if (memory.contains("retrieved") && memory["retrieved"].is_object())
    for (const auto& [set, r] : memory["retrieved"].items())
      if (auto back = restore_retrieved(r)) view.retrieved_by_set[set] = std::move(*back);
}

}  // namespace chokepoint::web
