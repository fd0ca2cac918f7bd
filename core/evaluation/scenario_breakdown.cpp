// Scenario selection and characteristic breakdowns on evaluated items.
#include "core/evaluation/scenario_breakdown.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

#include "core/sql/printer.h"

namespace chokepoint::evaluation {
namespace {
double round_hundredths(double v) { return std::round(v * 100.0) / 100.0; }
}  // namespace

std::optional<sql::Characteristics> gold_characteristics_of(const EvalPair& pair) {
  auto c = sql::sql_characteristics(pair.gold_sql);
  return c.ok() ? std::optional<sql::Characteristics>(*c) : std::nullopt;
}

ScenarioSelection select_scenario(const std::vector<std::optional<sql::Characteristics>>& characteristics,
                                  const sql::ScenarioFilter& filter) {
  ScenarioSelection s;
  for (size_t i = 0; i < characteristics.size(); ++i) {
    if (!characteristics[i])
      ++s.unparsed;
    else if (filter.matches(*characteristics[i]))
      s.kept.push_back(i);
  }
  return s;
}

std::vector<CharacteristicGroup> group_by_characteristic(
    const std::vector<std::optional<sql::Characteristics>>& characteristics, const std::vector<ItemEvaluation>& items,
    sql::Characteristic c, const std::vector<Regime>& regimes) {
  std::map<int, std::vector<size_t>> by_value;
  for (size_t i = 0; i < items.size() && i < characteristics.size(); ++i)
    by_value[characteristics[i] ? (*characteristics[i])[static_cast<size_t>(c)] : -1].push_back(i);
  std::vector<CharacteristicGroup> out;
  for (auto& [value, idx] : by_value) {
    CharacteristicGroup g;
    g.value = value;
    g.summary = summarize(items, regimes, idx);
    g.items = std::move(idx);
    out.push_back(std::move(g));
  }
  return out;
}

nlohmann::json characteristic_groups_json(const std::vector<CharacteristicGroup>& groups) {
  auto arr = nlohmann::json::array();
  for (const auto& g : groups)
    arr.push_back({{"value", g.value},
                   {"n", g.summary.n},
                   {"scored", g.summary.scored},
                   {"ex", round_hundredths(g.summary.ex)},
                   {"soft_f1", round_hundredths(g.summary.soft_f1)}});
  return arr;
}

nlohmann::json ex_em_by_level(const std::vector<std::string>& labels, const std::vector<ItemEvaluation>& items,
                              const std::vector<std::optional<bool>>& em, const std::vector<std::string>& order) {
  struct Counts {
    size_t n = 0, right = 0, em_n = 0, em_right = 0;
  };
  std::map<std::string, Counts> by_label;
  for (size_t i = 0; i < labels.size() && i < items.size(); ++i) {
    auto& c = by_label[labels[i].empty() ? "(none)" : labels[i]];
    if (items[i].status == ItemStatus::Scored) {
      ++c.n;
      if (items[i].ex) ++c.right;
    }
    if (i < em.size() && em[i]) {
      ++c.em_n;
      if (*em[i]) ++c.em_right;
    }
  }
  auto pct = [](size_t k, size_t n) { return n == 0 ? 0.0 : round_hundredths(100.0 * static_cast<double>(k) / n); };
  auto row = [&](const std::string& level, const Counts& c) {
    return nlohmann::json{
        {"level", level}, {"n", c.n}, {"ex", pct(c.right, c.n)}, {"em_n", c.em_n}, {"em", pct(c.em_right, c.em_n)}};
  };
  auto arr = nlohmann::json::array();
  for (const auto& level : order) {
    auto found = by_label.find(level);
    if (found == by_label.end()) continue;
    arr.push_back(row(level, found->second));
    by_label.erase(found);
  }
  for (const auto& [level, c] : by_label)
    if (c.n > 0 || c.em_n > 0) arr.push_back(row(level, c));  // items of no database have neither
  return arr;
}

std::string qvt_key(const EvalPair& pair) { return sql::normalized_sql(pair.gold_sql); }

QvtReport qvt_of_keys(std::vector<std::string> keys, const std::vector<ItemEvaluation>& items) {
  keys.resize(std::min(keys.size(), items.size()));
  std::vector<std::optional<bool>> ex;
  for (size_t i = 0; i < keys.size(); ++i)
    ex.push_back(items[i].status == ItemStatus::Scored ? std::optional<bool>(items[i].ex) : std::nullopt);
  return query_variance_testing(keys, ex);
}

nlohmann::json qvt_json(const QvtReport& report) {
  return {{"qvt", round_hundredths(report.qvt)}, {"groups", report.groups.size()}, {"items", report.items}};
}

}  // namespace chokepoint::evaluation
