// Scenario bar and other evaluators' scores, computed from the run's items and its gold facts each frame (a few
// thousand items: sums and one QVT grouping, no parse; the parses happened in the facts' slices).
#include "web/panels/metrics/scenario_view.h"

#include <imgui.h>

#include <cmath>
#include <cstdio>

#include "core/evaluation/scenario_breakdown.h"
#include "core/metrics/explanation.h"
#include "core/metrics/qvt.h"
#include "web/panels/metrics/group_cells.h"
#include "web/panels/metrics/metric_glossary.h"
#include "web/panels/metrics/metrics_panel.h"
#include "web/widgets/item_places.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {
namespace {

std::vector<size_t> all_items(const MetricsRun& run) {
  std::vector<size_t> out;
  for (size_t i = 0; i < run.items().size(); ++i) out.push_back(i);
  return out;
}

struct EmCounts {
  size_t n = 0, right = 0, spider_n = 0, spider_right = 0, rejected = 0;
  double pct(size_t k, size_t of) const { return of ? 100.0 * static_cast<double>(k) / of : 0.0; }
};

EmCounts em_counts(const MetricsRun& run, const std::vector<size_t>& subset) {
  EmCounts c;
  const auto& f = run.facts;
  for (size_t i : subset) {
    if (i >= f.em.size()) continue;
    if (f.em[i]) {
      ++c.n;
      if (*f.em[i]) ++c.right;
    }
    if (f.em_spider[i]) {
      ++c.spider_n;
      if (*f.em_spider[i]) ++c.spider_right;
      if (f.spider_rejected[i]) ++c.rejected;
    }
  }
  return c;
}

QvtReport qvt_over(const MetricsRun& run, const std::vector<size_t>& subset) {
  std::vector<std::string> keys;
  std::vector<std::optional<bool>> ex;
  for (size_t i : subset) {
    if (i >= run.facts.normalized_gold.size() || i >= run.items().size()) continue;
    keys.push_back(run.facts.normalized_gold[i]);
    const auto& it = run.items()[i];
    ex.push_back(it.status == ItemStatus::Scored ? std::optional<bool>(it.ex) : std::nullopt);
  }
  return query_variance_testing(keys, ex);
}

bool has_difficulty(const MetricsRun& run) {
  for (const auto& d : run.difficulty)
    if (!d.empty()) return true;
  return false;
}

// EX and EM per Spider hardness (or BIRD difficulty) over the subset, as `eval` reports by_level.
nlohmann::json levels_over(const MetricsRun& run, const std::vector<size_t>& subset) {
  const bool difficulty = has_difficulty(run);
  std::vector<std::string> labels;
  std::vector<ItemEvaluation> items;
  std::vector<std::optional<bool>> em;
  for (size_t i : subset) {
    if (i >= run.items().size()) continue;
    labels.push_back(difficulty ? (i < run.difficulty.size() ? run.difficulty[i] : "")
                                : (i < run.facts.hardness.size() ? run.facts.hardness[i] : ""));
    items.push_back(run.items()[i]);
    em.push_back(i < run.facts.em.size() ? run.facts.em[i] : std::nullopt);
  }
  return evaluation::ex_em_by_level(labels, items, em,
                                    difficulty ? std::vector<std::string>{"simple", "moderate", "challenging"}
                                               : std::vector<std::string>{"easy", "medium", "hard", "extra"});
}

// Items grouped by the value of the panel's characteristic, as `eval --group-by` reports them.
std::vector<evaluation::CharacteristicGroup> groups_over(const MetricsRun& run, const MetricsPanel& panel,
                                                         const std::vector<size_t>& subset) {
  std::vector<std::optional<sql::Characteristics>> characteristics;
  std::vector<ItemEvaluation> items;
  for (size_t i : subset) {
    if (i >= run.items().size() || i >= run.facts.characteristics.size()) continue;
    characteristics.push_back(run.facts.characteristics[i]);
    items.push_back(run.items()[i]);
  }
  return evaluation::group_by_characteristic(characteristics, items, static_cast<sql::Characteristic>(panel.group_by),
                                             run.options().regimes);
}

const char* kScenarioHelp =
    "Score only the items whose gold query fits, e.g. joins >= 2 && subqueries = 0\n"
    "&&, ||, !, parentheses; = != < <= > >=; whole numbers. Characteristics (NL2SQL360's counters):\n"
    "select_fields, joins, subqueries, set_operations, aggregates, scalar_functions, group_by, order_by, limit,\n"
    "window, control_flow, like, distinct, predicates, math, logical_connectors.\n"
    "The same filter as chokepoint eval --where. Golds that do not parse are left out.";

}  // namespace

void set_scenario(MetricsPanel& panel, const std::string& text) {
  panel.scenario_text = text;
  panel.scenario_error.clear();
  panel.scenario.reset();
  if (text.find_first_not_of(" \t") == std::string::npos) return;
  auto filter = sql::parse_scenario_filter(text);
  if (!filter.ok()) {
    panel.scenario_error = filter.error();
    return;
  }
  panel.scenario = std::make_shared<sql::ScenarioFilter>(std::move(filter).value());
}

std::optional<std::vector<size_t>> scenario_items(const MetricsRun& run, const MetricsPanel& panel) {
  if (!panel.scenario) return std::nullopt;
  std::vector<size_t> out;
  for (size_t i = 0; i < run.items().size() && i < run.facts.characteristics.size(); ++i)
    if (run.facts.characteristics[i] && panel.scenario->matches(*run.facts.characteristics[i])) out.push_back(i);
  return out;
}

std::optional<std::vector<size_t>> draw_scenario_bar(const MetricsRun& run, MetricsPanel& panel) {
  static char buffer[512];
  if (panel.scenario_text != buffer) std::snprintf(buffer, sizeof buffer, "%s", panel.scenario_text.c_str());
  ImGui::SetNextItemWidth(ui_px(380));
  if (ImGui::InputTextWithHint("scenario", "all items (e.g. joins >= 2 && subqueries = 0)", buffer, sizeof buffer))
    set_scenario(panel, buffer);
  note_item_place("scenario filter");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", kScenarioHelp);
  auto subset = scenario_items(run, panel);
  ImGui::SameLine();
  if (!panel.scenario_error.empty())
    draw_error(panel.scenario_error);
  else if (subset)
    ImGui::Text("%zu of %zu items fit", subset->size(), run.items().size());
  else
    ImGui::TextDisabled("all %zu items", run.items().size());
  return subset;
}

void draw_evaluator_scores(const MetricsRun& run, MetricsPanel& panel,
                           const std::optional<std::vector<size_t>>& subset) {
  const std::vector<size_t> items = subset ? *subset : all_items(run);
  ImGui::Separator();
  ImGui::TextUnformatted("Scores other evaluators report");
  const EmCounts em = em_counts(run, items);
  ImGui::Text("EM %.2f%% with our parser (%zu items), %.2f%% with Spider's parser (%zu of its predictions unread)",
              em.pct(em.right, em.n), em.n, em.pct(em.spider_right, em.spider_n), em.rejected);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Exact set match as Spider's evaluation.py computes it: the clauses compared as sets of components, values\n"
        "and DISTINCT ignored, foreign-key columns equivalent. Spider's own parser cannot read INNER JOIN, aliases\n"
        "in the select list and more; its evaluator scores those 0, which published EM numbers include.\n"
        "Items whose database is not loaded have no EM.");
  const QvtReport qvt = qvt_over(run, items);
  ImGui::Text("QVT %.2f%% over %zu groups of %zu questions sharing a gold query", qvt.qvt, qvt.groups.size(),
              qvt.items);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Query variance testing (NL2SQL360): items grouped by their gold query (printed by our parser, so spacing\n"
        "and keyword case do not split a group); groups of two or more questions with at least one right answer;\n"
        "the mean of the groups' EX. It asks whether a model answers every phrasing of the same query.");

  const auto levels = levels_over(run, items);
  ImGui::Text("EX and EM by %s", has_difficulty(run) ? "BIRD difficulty" : "Spider hardness");
  if (ImGui::BeginTable("by-level", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg)) {
    for (const char* h : {"level", "scored", "EX %", "EM %"}) ImGui::TableSetupColumn(h);
    table_headers_with_definitions();
    for (const auto& l : levels) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(l["level"].get<std::string>().c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%zu", l["n"].get<size_t>());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(group_percent(l["ex"].get<double>(), l["n"].get<size_t>()).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(group_percent(l["em"].get<double>(), l["em_n"].get<size_t>()).c_str());
    }
    ImGui::EndTable();
  }

  ImGui::Text("per value of");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ui_px(170));
  const auto current = static_cast<sql::Characteristic>(panel.group_by);
  if (ImGui::BeginCombo("##group-by", sql::characteristic_name(current))) {
    for (size_t c = 0; c < sql::kCharacteristicCount; ++c) {
      const auto ch = static_cast<sql::Characteristic>(c);
      if (ImGui::Selectable(sql::characteristic_name(ch), ch == current)) panel.group_by = static_cast<int>(c);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", sql::characteristic_definition(ch));
    }
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  ImGui::TextDisabled("in the gold query");
  if (ImGui::BeginTable("by-characteristic", 5, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg)) {
    for (const char* h : {"value", "scored", "EX %", "Soft-F1 %", "EM %"}) ImGui::TableSetupColumn(h);
    table_headers_with_definitions();
    for (const auto& g : groups_over(run, panel, items)) {
      size_t em_n = 0, em_right = 0;
      for (size_t k : g.items) {
        const size_t i = items[k];
        if (i < run.facts.em.size() && run.facts.em[i]) {
          ++em_n;
          if (*run.facts.em[i]) ++em_right;
        }
      }
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      if (g.value < 0)
        ImGui::TextUnformatted("(does not parse)");
      else
        ImGui::Text("%d", g.value);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(group_scored(g.summary.scored, g.summary.n).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(group_percent(g.summary.ex, g.summary.scored).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(group_percent(g.summary.soft_f1, g.summary.scored).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(group_percent(em.pct(em_right, em_n), em_n).c_str());
    }
    ImGui::EndTable();
  }
}

nlohmann::json evaluator_scores_json(const MetricsRun& run, const MetricsPanel& panel) {
  const auto subset = scenario_items(run, panel);
  const std::vector<size_t> items = subset ? *subset : all_items(run);
  nlohmann::json j;
  j["scenario"] = {{"text", panel.scenario_text},
                   {"error", panel.scenario_error},
                   {"selected", items.size()},
                   {"of", run.items().size()}};
  const EmCounts em = em_counts(run, items);
  j["em"] = {{"n", em.n},
             {"ours", std::round(em.pct(em.right, em.n) * 100) / 100},
             {"spider_n", em.spider_n},
             {"spider_parser", std::round(em.pct(em.spider_right, em.spider_n) * 100) / 100},
             {"spider_parser_rejected", em.rejected}};
  j["qvt"] = evaluation::qvt_json(qvt_over(run, items));
  j["by_level"] = levels_over(run, items);
  // summarize reads an empty subset as "all items": a scenario nothing fits has the empty summary.
  j["summary"] =
      summary_to_json(items.empty() ? EvaluationSummary{} : summarize(run.items(), run.options().regimes, items));
  j["group_by"] = {{"by", sql::characteristic_name(static_cast<sql::Characteristic>(panel.group_by))},
                   {"values", evaluation::characteristic_groups_json(groups_over(run, panel, items))}};
  return j;
}

}  // namespace chokepoint::web
