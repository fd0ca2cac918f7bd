#include "web/panels/jqe/jqe_preferences.h"

#include <imgui.h>

#include <algorithm>
#include <string>

#include "core/jqe/options_json.h"
#include "web/widgets/enum_combo.h"

namespace chokepoint::web {
namespace {

using jqe::Direction;
using jqe::SortKey;

void int_input(const char* label, const char* key, int& v, int step = 1) {
  const auto& b = jqe::jqe_int_bound(key);
  // Wide enough for the largest allowed value beside the -/+ buttons (a 7-digit limit showed as "30000(").
  const std::string widest = std::to_string(std::min<long long>(b.max, 99999999));
  ImGui::SetNextItemWidth(ImGui::CalcTextSize(widest.c_str()).x + ImGui::GetFrameHeight() * 2 +
                          ImGui::GetStyle().FramePadding.x * 2 + ImGui::GetStyle().ItemInnerSpacing.x * 2);
  ImGui::InputInt(label, &v, step);
  v = static_cast<int>(std::clamp<long long>(v, b.min, b.max));
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", b.meaning);
}

void size_input(const char* label, const char* key, size_t& v) {
  int n = static_cast<int>(std::min<size_t>(v, 2000000000));
  int_input(label, key, n);
  v = static_cast<size_t>(n);
}

// One or two sort keys; a second key equal to the first is dropped.
void draw_order(std::vector<jqe::OrderKey>& order) {
  if (order.empty()) order.push_back({});
  ImGui::TextDisabled("Order of combinations");
  ImGui::SameLine();
  enum_combo("##key1", order[0].key, {{SortKey::complexity, "complexity"}, {SortKey::centrality, "centrality"}});
  ImGui::SameLine();
  enum_combo("##dir1", order[0].direction, {{Direction::ascending, "asc"}, {Direction::descending, "desc"}}, 70);
  ImGui::SameLine();
  ImGui::TextDisabled("then");
  ImGui::SameLine();
  // The second key: none, or the key the first one is not.
  const SortKey other = order[0].key == SortKey::complexity ? SortKey::centrality : SortKey::complexity;
  bool second = order.size() > 1;
  enum_combo("##key2", second, {{false, "(none)"}, {true, other == SortKey::complexity ? "complexity" : "centrality"}});
  if (second) {
    if (order.size() < 2) order.push_back({other, Direction::ascending});
    order[1].key = other;
    order.resize(2);
    ImGui::SameLine();
    enum_combo("##dir2", order[1].direction, {{Direction::ascending, "asc"}, {Direction::descending, "desc"}}, 70);
  } else {
    order.resize(1);
  }
}

}  // namespace

void draw_jqe_preferences(JqePreferences& p) {
  jqe::JqeOptions& o = p.options;
  draw_order(o.preferences.order);
  ImGui::SameLine();
  enum_combo("centrality", o.preferences.centrality,
             {{jqe::CentralityKind::degree, "degree"}, {jqe::CentralityKind::betweenness, "betweenness"}});
  ImGui::SameLine();
  enum_combo("isomorphism", o.iso,
             {{IsomorphismMode::structural, "structural"}, {IsomorphismMode::by_tables, "by tables"}});
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("structural: join graph shapes only; by tables: the same tables in the same shape");

  int_input("n per pattern", "per_pattern", o.per_pattern);
  ImGui::SameLine();
  size_input("budget", "budget", o.budget);
  ImGui::SameLine();
  int_input("max conditions per pair", "max_per_pair", o.preferences.max_conditions_per_pair);
  ImGui::SameLine();
  int_input("rounds", "rounds", o.rounds);
  ImGui::SameLine();
  int_input("timeout ms", "timeout_ms", o.timeout_ms, 500);
  ImGui::SameLine();
  size_input("decision limit", "max_decisions", o.max_recorded_decisions);
  ImGui::Checkbox("execute before pruning", &o.execute_before_pruning);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("run every non-redundant candidate, even those the cap will prune");
  ImGui::SameLine();
  ImGui::Checkbox("count the set's queries in the classes (step view)", &p.count_set);
}

std::string apply_jqe_preferences(JqePreferences& p, const nlohmann::json& cmd) {
  nlohmann::json options = cmd;
  options.erase("do");
  options.erase("count_set");
  if (cmd.contains("count_set")) {
    if (!cmd["count_set"].is_boolean()) return "count_set: must be true or false";
  }
  if (auto st = jqe::apply_jqe_options_json(p.options, options); !st.ok()) return st.error();
  if (cmd.contains("count_set")) p.count_set = cmd["count_set"].get<bool>();
  return "";
}

nlohmann::json jqe_preferences_json(const JqePreferences& p) {
  nlohmann::json j = jqe::jqe_options_json(p.options);
  j["count_set"] = p.count_set;
  return j;
}

}  // namespace chokepoint::web
