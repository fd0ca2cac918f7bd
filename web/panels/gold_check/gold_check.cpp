// The gold check: the gold set paired with itself -> validate_gold per gold within the frame budget -> the report.
#include "web/panels/gold_check/gold_check.h"
#include "web/panel_registry.h"
#include "web/sub_tab_registry.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "core/base/clock.h"
#include "core/metrics/eval_pairs.h"
#include "web/panels/metrics/metrics_run.h"
#include "web/widgets/item_places.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {
namespace {

constexpr evaluation::GoldDefect kDefects[] = {
    evaluation::GoldDefect::Error,       evaluation::GoldDefect::Slow,      evaluation::GoldDefect::NoDatabase,
    evaluation::GoldDefect::Empty,       evaluation::GoldDefect::Truncated, evaluation::GoldDefect::NonDeterministic,
    evaluation::GoldDefect::TieDependent};

const char* defect_meaning(evaluation::GoldDefect d) {
  switch (d) {
    case evaluation::GoldDefect::Error:
      return "SQLite refused or failed the gold: no prediction can match it";
    case evaluation::GoldDefect::Slow:
      return "stopped at the time limit: no prediction can match it under this limit";
    case evaluation::GoldDefect::NoDatabase:
      return "its database is not loaded";
    case evaluation::GoldDefect::Empty:
      return "no row: any prediction returning no row matches it";
    case evaluation::GoldDefect::Truncated:
      return "hit the row cap: compared on the rows read";
    case evaluation::GoldDefect::NonDeterministic:
      return "two runs gave different results under the semantics";
    case evaluation::GoldDefect::TieDependent:
      return "ORDER BY ... LIMIT cuts through a tie: another member of the tie is as right";
  }
  return "";
}

void finish_gold_check(AppState& state, GoldCheckRun& run) {
  run.result = evaluation::summarize_gold_checks(run.checks);
  run.running = false;
  run.done = true;
  char buf[160];
  std::snprintf(buf, sizeof buf, "gold check of %s: %zu of %zu achievable (ceiling %.2f%%)", run.gold_name.c_str(),
                run.result.achievable, run.result.items.size(), run.result.ceiling);
  notify(state, buf);
}

bool shown_gold_check(const GoldCheckRun& run, const evaluation::GoldCheck& c) {
  if (c.defects.empty()) return false;
  if (run.filter == 0) return true;
  return std::find(c.defects.begin(), c.defects.end(), kDefects[run.filter - 1]) != c.defects.end();
}

void draw_report(GoldCheckRun& run) {
  const auto& v = run.result;
  ImGui::Text("%s: %zu of %zu golds achievable, ceiling %.2f%% EX (%s semantics, %d ms limit)%s", run.gold_name.c_str(),
              v.achievable, v.items.size(), v.ceiling, ex_semantics_name(run.semantics), run.limits.timeout_ms,
              run.cancelled ? " - cancelled: over the golds checked" : "");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "A gold is achievable when it runs and its second run equals the first: a prediction identical to it scores "
        "EX 1.\nThe ceiling is the share of achievable golds: the best EX any prediction file can reach.");
  if (ImGui::BeginTable("gold-defects", 3, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn("defect");
    ImGui::TableSetupColumn("golds");
    ImGui::TableSetupColumn("what it means", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    for (size_t d = 0; d < std::size(kDefects); ++d) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(evaluation::gold_defect_name(kDefects[d]));
      ImGui::TableNextColumn();
      ImGui::Text("%zu", d < v.counts.size() ? v.counts[d] : 0);
      ImGui::TableNextColumn();
      ImGui::TextDisabled("%s", defect_meaning(kDefects[d]));
    }
    ImGui::EndTable();
  }
  ImGui::SetNextItemWidth(ui_px(220));
  ImGui::Combo("show", &run.filter,
               "golds with any defect\0error\0slow\0no_database\0empty\0truncated\0non_deterministic\0"
               "tie_dependent\0");
  std::vector<size_t> rows;
  for (size_t i = 0; i < v.items.size(); ++i)
    if (shown_gold_check(run, v.items[i])) rows.push_back(i);
  if (rows.empty()) {
    ImGui::TextDisabled("no gold to show");
    return;
  }
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_Resizable | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("gold-items", 6, flags, ImVec2(0, std::max(ImGui::GetContentRegionAvail().y, 160.0f)))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  for (const char* c : {"item", "database", "defects", "rows", "ms"}) ImGui::TableSetupColumn(c);
  ImGui::TableSetupColumn("message", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableHeadersRow();
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(rows.size()));
  while (clipper.Step()) {
    for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; ++r) {
      const auto& c = v.items[rows[static_cast<size_t>(r)]];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(c.id.c_str());
      if (ImGui::IsItemHovered() && rows[static_cast<size_t>(r)] < run.pairs.size())
        ImGui::SetTooltip("%s", run.pairs[rows[static_cast<size_t>(r)]].gold_sql.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(c.db_id.c_str());
      ImGui::TableNextColumn();
      std::string names;
      for (auto d : c.defects) names += (names.empty() ? "" : ", ") + std::string(evaluation::gold_defect_name(d));
      ImGui::TextUnformatted(names.c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%zu", c.rows);
      ImGui::TableNextColumn();
      ImGui::Text("%.1f", c.ms);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(c.message.c_str());
    }
  }
  ImGui::EndTable();
}

}  // namespace

void start_gold_check(AppState& state) {
  GoldCheckRun& run = state.panels.get<GoldCheckRun>();
  run.error.clear();
  const auto& sets = state.eval_sets.sets;
  if (state.runs.gold_set < 0 || static_cast<size_t>(state.runs.gold_set) >= sets.size() ||
      sets[static_cast<size_t>(state.runs.gold_set)].predictions) {
    run.error = "choose a gold set first";
    return;
  }
  const auto& gold = sets[static_cast<size_t>(state.runs.gold_set)];
  auto pairs = pair_gold_with_predictions(gold.set, gold.set);
  if (!pairs.ok()) {
    run.error = pairs.error();
    return;
  }
  if (pairs->empty()) {
    run.error = gold.name + " has no gold query";
    return;
  }
  run.gold_name = gold.name;
  run.semantics = state.runs.semantics;
  run.limits = {};
  run.limits.timeout_ms = state.runs.timeout_ms;
  run.limits.max_rows = 100000;  // as the panel's evaluation
  run.pairs = std::move(*pairs);
  run.next = 0;
  run.checks.clear();
  run.result = {};
  run.running = true;
  run.done = run.cancelled = false;
}

void cancel_gold_check(AppState& state) {
  GoldCheckRun& run = state.panels.get<GoldCheckRun>();
  if (!run.running) return;
  run.cancelled = true;
  run.pairs.resize(run.checks.size());
  run.running = false;
  run.result = evaluation::summarize_gold_checks(run.checks);
  run.done = true;
}

void step_gold_check(AppState& state, double budget_ms) {
  GoldCheckRun& run = state.panels.get<GoldCheckRun>();
  if (!run.running || run.next >= run.pairs.size()) return;
  const double start = monotonic_ms();
  const DatabaseLookup lookup = page_database_lookup(state);
  // At least one gold a frame, then as many as fit in the budget.
  do {
    run.checks.push_back(evaluation::validate_gold(run.pairs[run.next], lookup, run.semantics, run.limits));
    ++run.next;
  } while (run.next < run.pairs.size() && monotonic_ms() - start < budget_ms);
  if (run.next == run.pairs.size()) finish_gold_check(state, run);
}

void draw_gold_check_view(AppState& state) {
  GoldCheckRun& run = state.panels.get<GoldCheckRun>();
  ImGui::TextWrapped(
      "Before scoring a model: each gold query of the gold set runs as its own prediction, twice, under the "
      "semantics and time limit above, with a check for ORDER BY ... LIMIT cutting through ties. Nothing leaves the "
      "page.");
  ImGui::BeginDisabled(run.running);
  if (ImGui::Button("Check the golds")) start_gold_check(state);
  note_item_place("check golds");
  ImGui::EndDisabled();
  if (!run.error.empty()) draw_error(run.error);
  if (run.running) {
    if (draw_progress_cancel(run.next, run.pairs.size())) cancel_gold_check(state);
    return;
  }
  if (run.done) draw_report(run);
}

nlohmann::json gold_check_json(const GoldCheckRun& run) {
  nlohmann::json j = {{"running", run.running},
                      {"done", run.done},
                      {"cancelled", run.cancelled},
                      {"error", run.error},
                      {"gold", run.gold_name},
                      {"semantics", ex_semantics_name(run.semantics)},
                      {"timeout_ms", run.limits.timeout_ms},
                      {"checked", run.next},
                      {"total", run.pairs.size()}};
  if (run.done) j.update(evaluation::gold_validation_json(run.result));
  return j;
}

namespace {

// {"do": "gold_check", "gold"?: NAME, "semantics"?: "bird" | "spider" | ..., "timeout_ms"?: N}: the Metrics panel's
// choices (through AppState::runs) and the gold check's "Check the golds" button; {"do": "gold_check_cancel"}.
const PageCommandRegistrar gold_check_registrar{"gold_check", [](AppState& state, const nlohmann::json& cmd) {
                                                  if (cmd.contains("gold"))
                                                    state.runs.gold_set = find_set(state, cmd.value("gold", ""));
                                                  if (cmd.contains("semantics")) {
                                                    auto s = ex_semantics_from_name(cmd.value("semantics", ""));
                                                    if (s) {
                                                      state.runs.semantics = *s;
                                                      state.runs.semantics_chosen = true;
                                                    }
                                                  }
                                                  if (cmd.contains("timeout_ms"))
                                                    state.runs.timeout_ms =
                                                        cmd.value("timeout_ms", state.runs.timeout_ms);
                                                  start_gold_check(state);
                                                }};
const PageCommandRegistrar gold_check_cancel_registrar{
    "gold_check_cancel", [](AppState& state, const nlohmann::json&) { cancel_gold_check(state); }};

const SubTabRegistrar gold_check_tab{{kMetricsPanelName, "Gold check", 70, "gold_check", draw_gold_check_view,
                                      step_gold_check,
                                      [](AppState& s) { return gold_check_json(s.panels.get<GoldCheckRun>()); }}};

}  // namespace

}  // namespace chokepoint::web
