// The Errors tab (see errors_view.h).
#include "web/panels/debugging/errors_view.h"

#include <imgui.h>

#include <algorithm>

#include "core/base/clock.h"
#include "web/panel_registry.h"
#include "web/panels/debugging/debug_run.h"
#include "web/panels/debugging/error_category_run.h"
#include "web/panels/metrics/metrics_run.h"
#include "web/panels/metrics/restored_llm_task_views.h"
#include "web/sub_tab_registry.h"
#include "web/widgets/charts.h"
#include "web/widgets/flow_layout.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {
namespace {

// The Result Error subcategories in the order the rules try them (004 §5), so the bars read as the paper's do.
const std::vector<std::string>& result_order() {
  static const std::vector<std::string> order = {"table_query",      "column_selection", "join_columns",
                                                 "condition_filter", "data_processing",  "unclassified"};
  return order;
}

// The subcategory as 004 names it, for the chart's labels.
std::string paper_name(const std::string& c) {
  static const std::map<std::string, std::string> names = {
      {"table_query", "Table Query"},         {"column_selection", "Column Selection"},
      {"join_columns", "Join Columns"},       {"condition_filter", "Condition Filter"},
      {"data_processing", "Data Processing"}, {"unclassified", "unclassified"}};
  auto it = names.find(c);
  return it == names.end() ? c : it->second;
}

bool is_result_category(const std::string& c) {
  const auto& o = result_order();
  return std::find(o.begin(), o.end(), c) != o.end();
}

bool passes_errors(const std::string& filter, const diagnosis::ErrorClassification& c) {
  if (filter.empty()) return true;
  const bool system = c.error_class == diagnosis::ErrorClass::SystemError;
  if (filter == "system") return system;
  if (filter == "result") return !system;
  return diagnosis::error_category(c) == filter;
}

std::vector<size_t> shown_errors(const RunErrors& e, const std::string& filter) {
  std::vector<size_t> out;
  for (size_t k = 0; k < e.classes.size(); ++k)
    if (passes_errors(filter, e.classes[k])) out.push_back(k);
  return out;
}

std::string describe(const diagnosis::ErrorClassification& c) {
  if (c.error_class == diagnosis::ErrorClass::SystemError) return "System Error: " + c.system_kind;
  std::string s = "Result Error: " + diagnosis::error_category(c);
  if (c.direction != diagnosis::ErrorDirection::None)
    s += std::string(" (") + diagnosis::error_direction_name(c.direction) + ")";
  return s;
}

void draw_filter(const RunErrors& e, ErrorsTab& errors_view_tab) {
  const auto counts = e.counts();
  const size_t system = e.system_errors(), result = e.classes.size() - system;
  auto label = [&](const std::string& f) {
    if (f.empty()) return "all failed (" + std::to_string(e.classes.size()) + ")";
    if (f == "system") return "System Errors (" + std::to_string(system) + ")";
    if (f == "result") return "Result Errors (" + std::to_string(result) + ")";
    auto it = counts.find(f);
    return f + " (" + std::to_string(it == counts.end() ? 0 : it->second) + ")";
  };
  ImGui::SetNextItemWidth(ui_px(260));
  if (ImGui::BeginCombo("show##errors", label(errors_view_tab.filter).c_str())) {
    std::vector<std::string> options = {"", "system", "result"};
    for (const auto& [c, n] : counts)
      if (!is_result_category(c)) options.push_back(c);
    for (const auto& c : result_order())
      if (counts.count(c)) options.push_back(c);
    for (const auto& f : options)
      if (ImGui::Selectable(label(f).c_str(), f == errors_view_tab.filter)) {
        errors_view_tab.filter = f;
        errors_view_tab.selected = -1;
      }
    ImGui::EndCombo();
  }
}

void draw_charts(const RunErrors& e) {
  const auto counts = e.counts();
  std::vector<BarDatum> system, result;
  double top = 1;
  for (const auto& [c, n] : counts) {
    top = std::max(top, static_cast<double>(n));
    if (!is_result_category(c)) system.push_back({c, static_cast<double>(n), std::to_string(n) + " items"});
  }
  std::sort(system.begin(), system.end(), [](const BarDatum& a, const BarDatum& b) { return a.value > b.value; });
  for (const auto& c : result_order()) {
    auto it = counts.find(c);
    if (c == "unclassified" && it == counts.end()) continue;
    const size_t n = it == counts.end() ? 0 : it->second;
    result.push_back({paper_name(c), static_cast<double>(n), c + ": " + std::to_string(n) + " items"});
  }
  ImGui::BeginGroup();
  ImGui::Text("System Errors by kind (SQLite's message)");
  if (system.empty())
    ImGui::TextDisabled("none: every failed prediction ran");
  else
    draw_bar_chart("system-errors", system, top, ui_px(380, 200), {"kind", "items", "%.0f"});
  ImGui::EndGroup();
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (right - ImGui::GetItemRectMax().x > ui_px(640)) ImGui::SameLine();
  ImGui::BeginGroup();
  ImGui::Text("Result Errors by subcategory (004 §5, in the order the rules apply)");
  draw_bar_chart("result-errors", result, top, ui_px(620, 200), {"subcategory", "items", "%.0f"});
  ImGui::EndGroup();
}

void draw_item(const MetricsRun& run, const RunErrors& e, size_t k) {
  const size_t i = e.items[k];
  const auto& c = e.classes[k];
  const auto& pair = run.pairs()[i];
  ImGui::Text("%s  [%s]", pair.id.c_str(), pair.db_id.c_str());
  ImGui::TextColored(
      c.error_class == diagnosis::ErrorClass::SystemError ? ImVec4(1, 0.6f, 0.35f, 1) : ImVec4(1, 0.5f, 0.5f, 1), "%s",
      describe(c).c_str());
  ImGui::Text("Evidence (what decided it):");
  for (const auto& line : c.evidence) ImGui::BulletText("%s", line.c_str());
  if (c.evidence.empty()) ImGui::TextDisabled("(none)");
  ImGui::Separator();
  ImGui::Text("Gold");
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(pair.gold_sql.c_str());
  ImGui::PopTextWrapPos();
  ImGui::Text("Prediction");
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(pair.pred_sql.empty() ? "(empty)" : pair.pred_sql.c_str());
  ImGui::PopTextWrapPos();
  if (!run.items()[i].message.empty()) {
    ImGui::Text("Message");
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(run.items()[i].message.c_str());
    ImGui::PopTextWrapPos();
  }
}

}  // namespace

std::map<std::string, size_t> RunErrors::counts() const {
  std::map<std::string, size_t> out;
  for (const auto& c : classes) ++out[diagnosis::error_category(c)];
  return out;
}

size_t RunErrors::system_errors() const {
  return static_cast<size_t>(std::count_if(classes.begin(), classes.end(), [](const diagnosis::ErrorClassification& c) {
    return c.error_class == diagnosis::ErrorClass::SystemError;
  }));
}

RunErrors* run_errors(AppState& state, const MetricsRun* run) {
  ErrorsTab& errors_view_tab = state.panels.get<ErrorsTab>();
  return run && errors_view_tab.run.get() == run ? &errors_view_tab.errors : nullptr;
}

void step_errors_tab(AppState& state, double budget_ms) {
  ErrorsTab& errors_view_tab = state.panels.get<ErrorsTab>();
  const auto current = current_evaluation(state);
  if (current != errors_view_tab.run) {
    errors_view_tab.run = current;
    errors_view_tab.errors = {};
    errors_view_tab.selected = -1;
  }
  if (errors_view_tab.run && errors_view_tab.run->done && !errors_view_tab.errors.complete)
    step_run_errors(state, *errors_view_tab.run, errors_view_tab.errors, budget_ms);
}

void step_run_errors(const AppState& state, MetricsRun& run, RunErrors& e, double budget_ms) {
  const double start = monotonic_ms();
  const auto& items = run.items();
  // At least one item per frame, so a slow parse cannot stall the classification.
  for (bool first = true; e.next < items.size() && (first || monotonic_ms() - start < budget_ms); first = false) {
    const size_t i = e.next++;
    const auto& it = items[i];
    if (it.status != ItemStatus::Scored || it.ex) continue;
    const LoadedDatabase* db = find_database(state, it.db_id);
    if (!db) continue;
    e.items.push_back(i);
    e.classes.push_back(diagnosis::classify_failed_item(it, run.pairs()[i], db->schema));
  }
  e.complete = e.next >= items.size();
}

void draw_errors_view(AppState& state) {
  ErrorsTab& errors_view_tab = state.panels.get<ErrorsTab>();
  if (!errors_view_tab.run) {
    ImGui::TextDisabled("Evaluate a prediction set first.");
    return;
  }
  MetricsRun& run = *errors_view_tab.run;
  RunErrors& e = errors_view_tab.errors;
  if (!run.done) {
    ImGui::TextDisabled("The errors are classified once the evaluation is done.");
    return;
  }
  const size_t system = e.system_errors();
  ImGui::Text("%zu failed predictions: %zu System Errors (SQLite refused them), %zu Result Errors (wrong result)%s",
              e.classes.size(), system, e.classes.size() - system, e.complete ? "" : "  classifying...");
  ImGui::SameLine();
  ImGui::TextDisabled("(how?)");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "004 §5. A System Error is a prediction SQLite would not run; its message gives the kind.\n"
        "A Result Error runs but gives a wrong result; it gets the first subcategory that applies:\n"
        "table_query (the tables read differ), column_selection (the selected columns differ),\n"
        "join_columns (the join column pairs differ), condition_filter (the WHERE/HAVING conditions\n"
        "differ), data_processing (none of those: aggregation, arithmetic, order, limit, DISTINCT).");
  draw_charts(e);
  if (e.complete) draw_error_category_run(state);
  draw_filter(e, errors_view_tab);
  const auto list = shown_errors(e, errors_view_tab.filter);
  ImGui::SameLine();
  ImGui::TextDisabled("%zu shown", list.size());
  const float height = std::max(ui_px(220), ImGui::GetContentRegionAvail().y * 0.55f);
  ImGui::BeginChild("error-items", ImVec2(ImGui::GetContentRegionAvail().x * 0.35f, height), true);
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(list.size()));
  while (clipper.Step()) {
    for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
      const size_t k = list[static_cast<size_t>(row)];
      const auto& pair = run.pairs()[e.items[k]];
      const std::string label =
          diagnosis::error_category(e.classes[k]) + "  " + pair.id + "  [" + pair.db_id + "]##e" + std::to_string(k);
      if (ImGui::Selectable(label.c_str(), errors_view_tab.selected == static_cast<int>(k)))
        errors_view_tab.selected = static_cast<int>(k);
    }
  }
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("error-item", ImVec2(0, height), true, ImGuiWindowFlags_HorizontalScrollbar);
  if (errors_view_tab.selected < 0 || errors_view_tab.selected >= static_cast<int>(e.classes.size()))
    wrapped_disabled("Select an item to see what decided its class, beside its gold and predicted SQL.");
  else
    draw_item(run, e, static_cast<size_t>(errors_view_tab.selected));
  ImGui::EndChild();
  ImGui::Separator();
  ImGui::Text("Debugging (004 §3.2): send the wrong predictions back to a model, round by round");
  draw_debug_run(state);
}

nlohmann::json run_errors_json(AppState& state) {
  const ErrorsTab& errors_view_tab = state.panels.get<ErrorsTab>();
  const MetricsRun& run = *errors_view_tab.run;
  const RunErrors& e = errors_view_tab.errors;
  nlohmann::json items = nlohmann::json::array();
  for (size_t k = 0; k < e.classes.size() && items.size() < 200; ++k) {
    const auto& c = e.classes[k];
    items.push_back({{"id", run.pairs()[e.items[k]].id},
                     {"class", c.error_class == diagnosis::ErrorClass::SystemError ? "system_error" : "result_error"},
                     {"kind", diagnosis::error_category(c)},
                     {"direction", diagnosis::error_direction_name(c.direction)},
                     {"decided_by", diagnosis::error_decider_name(c.decided_by)},
                     {"evidence", c.evidence}});
  }
  return {{"complete", e.complete},
          {"failed", e.classes.size()},
          {"system_errors", e.system_errors()},
          {"counts", e.counts()},
          {"filter", errors_view_tab.filter},
          {"shown", shown_errors(e, errors_view_tab.filter).size()},
          {"selected", errors_view_tab.selected},
          {"items", items}};
}

namespace {

// {"do": "errors_filter", "filter": "" | "system" | "result" | CATEGORY, "select": K}: the Errors list's filter and
// selection, as the combo and a click set them.
const PageCommandRegistrar errors_filter_registrar{"errors_filter", [](AppState& state, const nlohmann::json& cmd) {
                                                     ErrorsTab& errors_view_tab = state.panels.get<ErrorsTab>();
                                                     errors_view_tab.filter = cmd.value("filter", "");
                                                     errors_view_tab.selected = cmd.value("select", -1);
                                                   }};

// The Errors tab: the taxonomy of the run's failures, a model's say on two of its categories, and debugging rounds.
// Its JSON goes beside the panel's: "errors" (with a run), "error_category" and "debug".
const SubTabRegistrar errors_view_tab{
    {kMetricsPanelName, "Errors", 10, "", draw_errors_view,
     [](AppState& s, double budget) {
       step_errors_tab(s, budget);
       step_error_category_run(s);
       step_debug_run(s, budget);
     },
     [](AppState& s) {
       nlohmann::json j = {{"error_category", error_category_run_json(s.panels.get<ErrorCategoryRun>())},
                           {"debug", debug_run_json(s.panels.get<DebugRun>())}};
       if (s.panels.get<ErrorsTab>().run) j["errors"] = run_errors_json(s);
       add_restored_json(j["debug"], s, LlmTask::Debug);
       return j;
     }}};

}  // namespace

}  // namespace chokepoint::web
