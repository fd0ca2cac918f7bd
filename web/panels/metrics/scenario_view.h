// The Summary tab's scenario bar and the scores other evaluators report: a scenario filter over the gold queries'
// characteristics ("joins >= 2 && subqueries = 0", as `eval --where` takes it), Spider's exact match with both
// parsers, QVT (NL2SQL360), EX and EM by Spider hardness or BIRD difficulty, and EX per value of any characteristic.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace chokepoint::web {

struct MetricsRun;
struct MetricsPanel;

// Sets the panel's scenario from `text` ("" clears it); the error stays in panel.scenario_error.
void set_scenario(MetricsPanel& panel, const std::string& text);
// Positions of the run's evaluated items inside the scenario; nullopt when no scenario is set.
std::optional<std::vector<size_t>> scenario_items(const MetricsRun& run, const MetricsPanel& panel);
// The filter bar; returns scenario_items.
std::optional<std::vector<size_t>> draw_scenario_bar(const MetricsRun& run, MetricsPanel& panel);
// EM, QVT, the level table and the group-by table over `subset` (all items when nullopt).
void draw_evaluator_scores(const MetricsRun& run, MetricsPanel& panel,
                           const std::optional<std::vector<size_t>>& subset);
// {"scenario": {...}, "em": {...}, "qvt": {...}, "by_level": [...], "group_by": {...}} for the panel's JSON.
nlohmann::json evaluator_scores_json(const MetricsRun& run, const MetricsPanel& panel);

}  // namespace chokepoint::web
