// Mutation lab. Generation (parse, operators, prepare) is quick and runs on the click; executing gold and mutant
// and scoring them runs in slices, like the metrics panel, because a join_break mutant can be a cartesian product.
#include "web/panels/mutation/mutation_panel.h"
#include "core/base/clock.h"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <map>

#include "core/metrics/regime.h"
#include "core/mutate/operator_registry.h"
#include "web/panel_registry.h"
#include "web/widgets/flow_layout.h"
#include "web/widgets/regime_picker.h"
#include "web/widgets/set_item_picker.h"
#include "web/widgets/sql_diff_view.h"
#include "web/widgets/ui_px.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {
namespace {

std::map<std::string, size_t> mutants_per_operator(const MutationLab& lab) {
  std::map<std::string, size_t> n;
  for (const auto& m : lab.mutants) ++n[m.op];
  return n;
}

QueryOutcome as_outcome(QueryStatus status, const std::string& message, const ResultSet& rows) {
  QueryOutcome o;
  o.status = status;
  o.message = message;
  o.result = rows;
  return o;
}

void draw_picker(AppState& state, MutationPanel& panel) {
  if (!draw_set_item_picker(state.eval_sets.sets, panel.set, panel.item, "gold query", "mutation-picker", 560)) return;
  draw_semantics_combo(panel.semantics, false);
  flow_next_item(ui_px(90), "timeout ms");
  ImGui::InputInt("timeout ms", &panel.timeout_ms, 500);
  panel.timeout_ms = std::clamp(panel.timeout_ms, 100, 600000);
  flow_same_line(button_width("Generate mutants"));
  if (ImGui::Button("Generate mutants")) generate_mutation_lab(state, panel);
  draw_regime_picker(panel.regimes);
}

void draw_operator_summary(const MutationLab& lab) {
  const auto counts = mutants_per_operator(lab);
  size_t fired = 0;
  for (const auto& op : mutate::mutation_operators()) fired += counts.count(op.name) != 0;
  ImGui::Text("%zu mutants from %zu of %zu operators (%zu more did not prepare); scored %zu / %zu", lab.mutants.size(),
              fired, mutate::mutation_operators().size(), lab.rejected.size(), lab.scores().size(), lab.mutants.size());
  std::string silent;
  for (const auto& op : mutate::mutation_operators())
    if (!counts.count(op.name)) silent += std::string(silent.empty() ? "" : ", ") + op.name;
  if (!silent.empty()) wrapped_disabled(("no edit site for: " + silent).c_str());
}

void draw_mutant_list(MutationPanel& panel, const MutationLab& lab) {
  const auto& regimes = lab.options().regimes;
  const int ncol = 3 + static_cast<int>(regimes.size());
  if (!ImGui::BeginTable(
          "mutants", ncol,
          ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_Resizable))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("operator", ImGuiTableColumnFlags_WidthFixed, 150);
  ImGui::TableSetupColumn("edit");
  ImGui::TableSetupColumn("EX", ImGuiTableColumnFlags_WidthFixed, 30);
  for (const auto& r : regimes)
    ImGui::TableSetupColumn((r.name() + " F1").c_str(), ImGuiTableColumnFlags_WidthFixed, 85);
  ImGui::TableHeadersRow();
  for (size_t i = 0; i < lab.mutants.size(); ++i) {
    const auto& m = lab.mutants[i];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    if (ImGui::Selectable((m.op + "##m" + std::to_string(i)).c_str(), panel.selected == static_cast<int>(i),
                          ImGuiSelectableFlags_SpanAllColumns))
      panel.selected = static_cast<int>(i);
    if (ImGui::IsItemHovered())
      if (const auto* op = mutate::find_operator(m.op)) ImGui::SetTooltip("%s", op->summary);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(m.description.c_str());
    ImGui::TableNextColumn();
    if (i >= lab.scores().size()) {
      ImGui::TextDisabled("...");
      continue;
    }
    const auto& s = lab.scores()[i];
    if (s.status != ItemStatus::Scored) {
      ImGui::TextDisabled("gold?");
      continue;
    }
    ImGui::TextColored(s.ex ? ImVec4(0.35f, 0.9f, 0.4f, 1) : ImVec4(1.0f, 0.45f, 0.45f, 1), "%d", s.ex ? 1 : 0);
    for (const auto& sc : s.scores) {
      ImGui::TableNextColumn();
      ImGui::Text("%.2f", sc.f1);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("EXP %.3f  EXR %.3f  F1 %.3f", sc.exp, sc.exr, sc.f1);
    }
  }
  ImGui::EndTable();
}

void draw_mutant_detail(const MutationPanel& panel, const MutationLab& lab) {
  if (panel.selected < 0 || panel.selected >= static_cast<int>(lab.mutants.size())) {
    ImGui::TextDisabled("Select a mutant to see its diff, metrics and result.");
    return;
  }
  const size_t i = static_cast<size_t>(panel.selected);
  const auto& m = lab.mutants[i];
  ImGui::Text("%s", m.op.c_str());
  if (const auto* op = mutate::find_operator(m.op)) ImGui::TextDisabled("%s", op->summary);
  ImGui::TextWrapped("edit: %s", m.description.c_str());
  ImGui::Separator();
  draw_sql_diff(lab.diffs[i]);
  ImGui::Separator();
  if (i >= lab.scores().size()) {
    ImGui::TextDisabled("not scored yet");
    return;
  }
  const auto& s = lab.scores()[i];
  if (s.status != ItemStatus::Scored) {
    draw_error("gold query failed: " + s.message);
    return;
  }
  ImGui::Text("EX = %d  (%s semantics)", s.ex ? 1 : 0, ex_semantics_name(lab.options().semantics));
  if (ImGui::BeginTable("mutant-metrics", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg)) {
    for (const char* h : {"regime", "EXP", "EXR", "F1"}) ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    for (size_t r = 0; r < s.scores.size() && r < lab.options().regimes.size(); ++r) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(lab.options().regimes[r].name().c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%.3f", s.scores[r].exp);
      ImGui::TableNextColumn();
      ImGui::Text("%.3f", s.scores[r].exr);
      ImGui::TableNextColumn();
      ImGui::Text("%.3f", s.scores[r].f1);
    }
    ImGui::EndTable();
  }
  const float half = ImGui::GetContentRegionAvail().x * 0.5f;
  ImGui::BeginChild("gold-result", ImVec2(half, 0), true);
  ImGui::TextDisabled("gold result");
  draw_result_table("gold-rows", as_outcome(s.gold_status, "", s.gold_result), 500);
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("mutant-result", ImVec2(0, 0), true);
  ImGui::TextDisabled("mutant result");
  draw_result_table("mutant-rows", as_outcome(s.pred_status, s.message, s.pred_result), 500);
  ImGui::EndChild();
}

}  // namespace

void generate_mutation_lab(AppState& state, MutationPanel& panel) {
  panel.error.clear();
  auto chosen = choose_item(state, panel.set, panel.item);
  if (!chosen.ok()) {
    panel.error = chosen.error();
    return;
  }
  const EvalItem& item = *chosen->item;
  const LoadedDatabase* db = chosen->db;
  auto check = mutate::generate_mutants(item.sql, *db->connection);
  if (!check.ok()) {
    panel.error = "the gold query does not parse: " + check.error();
    return;
  }
  auto lab = std::make_shared<MutationLab>();
  lab->gold_id = item.key.empty() ? std::to_string(panel.item) : item.key;
  lab->db_id = item.db_id;
  lab->gold_sql = item.sql;
  lab->mutants = std::move(check->kept);
  lab->rejected = std::move(check->rejected);
  for (const auto& m : lab->mutants) lab->diffs.push_back(sql::sql_diff(item.sql, m.sql));
  EvaluationOptions options;
  options.regimes = panel.regimes.empty() ? std::vector<Regime>{all_regimes()[1]} : panel.regimes;
  options.semantics = panel.semantics;
  options.limits.timeout_ms = panel.timeout_ms;
  options.limits.max_rows = 10000;
  options.keep_details = true;
  std::vector<EvalPair> pairs;
  for (const auto& m : lab->mutants) pairs.push_back({lab->gold_id, lab->db_id, lab->gold_sql, m.sql});
  lab->job = std::make_unique<EvaluationJob>(std::move(pairs), std::move(options), page_database_lookup(state));
  panel.lab = lab;
  panel.selected = lab->mutants.empty() ? -1 : 0;
}

void step_mutation_job(AppState&, MutationPanel& panel, double budget_ms) {
  if (!panel.lab || panel.lab->done()) return;
  const double start = monotonic_ms();
  panel.lab->job->advance([&] { return monotonic_ms() - start < budget_ms; });
}

void draw_mutation_panel(AppState& state, MutationPanel& panel) {
  draw_picker(state, panel);
  if (!panel.error.empty()) draw_error(panel.error);
  if (!panel.lab) return;
  const MutationLab& lab = *panel.lab;
  ImGui::Separator();
  ImGui::TextDisabled("gold %s [%s]", lab.gold_id.c_str(), lab.db_id.c_str());
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(lab.gold_sql.c_str());
  ImGui::PopTextWrapPos();
  draw_operator_summary(lab);
  ImGui::BeginChild("mutant-list", ImVec2(ImGui::GetContentRegionAvail().x * 0.55f, 0), true);
  draw_mutant_list(panel, lab);
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("mutant-detail", ImVec2(0, 0), true);
  draw_mutant_detail(panel, lab);
  ImGui::EndChild();
}

nlohmann::json mutation_state_json(const MutationPanel& panel) {
  using nlohmann::json;
  json j = {{"error", panel.error}, {"set", panel.set}, {"item", panel.item}, {"selected", panel.selected}};
  if (!panel.lab) return j;
  const MutationLab& lab = *panel.lab;
  j["gold_id"] = lab.gold_id;
  j["db_id"] = lab.db_id;
  j["gold_sql"] = lab.gold_sql;
  j["done"] = lab.done();
  j["scored"] = lab.scores().size();
  j["total"] = lab.mutants.size();
  j["rejected"] = lab.rejected.size();
  json regimes = json::array();
  for (const auto& r : lab.options().regimes) regimes.push_back(r.name());
  j["regimes"] = regimes;
  json ops = json::array();
  const auto counts = mutants_per_operator(lab);
  for (const auto& op : mutate::mutation_operators()) {
    auto it = counts.find(op.name);
    ops.push_back({{"op", op.name}, {"mutants", it == counts.end() ? 0 : it->second}});
  }
  j["operators"] = ops;
  json mutants = json::array();
  for (size_t i = 0; i < lab.mutants.size(); ++i) {
    const auto& m = lab.mutants[i];
    json x = {{"op", m.op},
              {"description", m.description},
              {"sql", m.sql},
              {"added", sql::diff_text(lab.diffs[i], sql::DiffKind::added)},
              {"removed", sql::diff_text(lab.diffs[i], sql::DiffKind::removed)}};
    if (i < lab.scores().size()) {
      const auto& s = lab.scores()[i];
      x["status"] = item_status_name(s.status);
      x["ex"] = s.ex ? 1 : 0;
      x["pred_status"] = query_status_name(s.pred_status);
      x["rows"] = s.pred_result.rows.size();
      x["gold_rows"] = s.gold_result.rows.size();
      json sc = json::object();
      for (size_t r = 0; r < s.scores.size() && r < lab.options().regimes.size(); ++r)
        sc[lab.options().regimes[r].name()] = {
            {"exp", s.scores[r].exp}, {"exr", s.scores[r].exr}, {"f1", s.scores[r].f1}};
      x["scores"] = sc;
      if (!s.message.empty()) x["message"] = s.message;
    }
    mutants.push_back(x);
  }
  j["mutants"] = mutants;
  return j;
}

MutationPanel& mutation_panel(AppState& state) { return state.panels.get<MutationPanel>(); }

namespace {

// {"do": "mutation_lab", "set": NAME, "item": N, "semantics": "bird"|"spider", "regimes": [...], "timeout_ms": T,
//  "select": K}: generates the lab (omit set/item to only select mutant K).
void mutate_command(AppState& state, const nlohmann::json& cmd) {
  auto& panel = mutation_panel(state);
  if (cmd.contains("select") && !cmd.contains("set") && !cmd.contains("item")) {
    panel.selected = cmd["select"].get<int>();
    return;
  }
  if (cmd.contains("set")) {
    const std::string name = cmd["set"].get<std::string>();
    const int found = find_set(state, name);
    if (found < 0) {
      panel.error = "no loaded set named " + name;
      notify(state, "mutate: " + panel.error, true);
      return;
    }
    panel.set = found;
  }
  if (cmd.contains("item")) panel.item = cmd["item"].get<int>();
  if (cmd.contains("semantics")) {
    auto semantics = semantics_from_json(cmd["semantics"], false);
    if (!semantics.ok()) return notify(state, "mutate: " + semantics.error(), true);
    panel.semantics = *semantics;
  }
  if (cmd.contains("timeout_ms")) panel.timeout_ms = std::clamp(cmd["timeout_ms"].get<int>(), 100, 600000);
  if (cmd.contains("regimes")) {
    auto regimes = regimes_from_json(cmd["regimes"]);
    if (!regimes.ok()) {
      panel.error = regimes.error();
      return notify(state, "mutate: " + regimes.error(), true);
    }
    panel.regimes = *regimes;
  }
  generate_mutation_lab(state, panel);
  if (cmd.contains("select")) panel.selected = cmd["select"].get<int>();
}

const PanelRegistrar mutation_panel_registrar{
    {"Mutation lab", 70, [](AppState& s) { draw_mutation_panel(s, mutation_panel(s)); },
     [](AppState& s, double budget) { step_mutation_job(s, mutation_panel(s), budget); },
     [](AppState& s) { return mutation_state_json(mutation_panel(s)); }}};
const PageCommandRegistrar mutate_registrar{"mutation_lab", mutate_command};

}  // namespace

}  // namespace chokepoint::web
