#include "web/panels/jqe/jqe_preferences.h"

#include <imgui.h>

#include <algorithm>
#include <string>

#include "core/jqe/options_json.h"
#include "web/widgets/enum_combo.h"
#include "web/widgets/flow_layout.h"

namespace chokepoint::web {
namespace {

using jqe::Direction;
using jqe::SortKey;

// Wide enough for the largest allowed value beside the -/+ buttons (a 7-digit limit showed as "30000(").
float int_input_width(const char* key) {
  const auto& b = jqe::jqe_int_bound(key);
  const std::string widest = std::to_string(std::min<long long>(b.max, 99999999));
  return ImGui::CalcTextSize(widest.c_str()).x + ImGui::GetFrameHeight() * 2 + ImGui::GetStyle().FramePadding.x * 2 +
         ImGui::GetStyle().ItemInnerSpacing.x * 2;
}

// Starts on the current line when it fits there (flow_layout.h), unless `first` of its row.
void int_input(const char* label, const char* key, int& v, int step = 1, bool first = false) {
  const auto& b = jqe::jqe_int_bound(key);
  const float width = int_input_width(key);
  if (!first) flow_same_line(labelled_width(width, label));
  ImGui::SetNextItemWidth(width);
  ImGui::InputInt(label, &v, step);
  v = static_cast<int>(std::clamp<long long>(v, b.min, b.max));
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", b.meaning);
}

void size_input(const char* label, const char* key, size_t& v) {
  int n = static_cast<int>(std::min<size_t>(v, 2000000000));
  int_input(label, key, n);
  v = static_cast<size_t>(n);
}

constexpr std::initializer_list<std::pair<SortKey, const char*>> kKeys = {{SortKey::complexity, "complexity"},
                                                                          {SortKey::centrality, "centrality"}};
constexpr std::initializer_list<std::pair<Direction, const char*>> kDirections = {{Direction::ascending, "asc"},
                                                                                  {Direction::descending, "desc"}};

// One or two sort keys; a second key equal to the first is dropped. Each control goes on the line while it fits.
void draw_order(std::vector<jqe::OrderKey>& order) {
  if (order.empty()) order.push_back({});
  ImGui::AlignTextToFramePadding();
  ImGui::TextDisabled("Order of combinations");
  flow_same_line(enum_combo_item_width(kKeys));
  enum_combo("##key1", order[0].key, kKeys);
  flow_same_line(enum_combo_item_width(kDirections, 70));
  enum_combo("##dir1", order[0].direction, kDirections, 70);
  // The second key: none, or the key the first one is not.
  const SortKey other = order[0].key == SortKey::complexity ? SortKey::centrality : SortKey::complexity;
  const std::initializer_list<std::pair<bool, const char*>> second_keys = {
      {false, "(none)"}, {true, other == SortKey::complexity ? "complexity" : "centrality"}};
  flow_same_line(text_width("then") + ImGui::GetStyle().ItemSpacing.x + enum_combo_item_width(second_keys));
  ImGui::TextDisabled("then");
  ImGui::SameLine();
  bool second = order.size() > 1;
  enum_combo("##key2", second, second_keys);
  if (second) {
    if (order.size() < 2) order.push_back({other, Direction::ascending});
    order[1].key = other;
    order.resize(2);
    flow_same_line(enum_combo_item_width(kDirections, 70));
    enum_combo("##dir2", order[1].direction, kDirections, 70);
  } else {
    order.resize(1);
  }
}

}  // namespace

void draw_jqe_preferences(JqePreferences& p) {
  jqe::JqeOptions& o = p.options;
  draw_order(o.preferences.order);
  const std::initializer_list<std::pair<jqe::CentralityKind, const char*>> centralities = {
      {jqe::CentralityKind::degree, "degree"}, {jqe::CentralityKind::betweenness, "betweenness"}};
  flow_same_line(labelled_width(enum_combo_item_width(centralities), "centrality"));
  enum_combo("centrality", o.preferences.centrality, centralities);
  const std::initializer_list<std::pair<IsomorphismMode, const char*>> isomorphisms = {
      {IsomorphismMode::structural, "structural"}, {IsomorphismMode::by_tables, "by tables"}};
  flow_same_line(labelled_width(enum_combo_item_width(isomorphisms), "isomorphism"));
  enum_combo("isomorphism", o.iso, isomorphisms);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("structural: join graph shapes only; by tables: the same tables in the same shape");

  int_input("n per pattern", "per_pattern", o.per_pattern, 1, true);
  size_input("budget", "budget", o.budget);
  int_input("max conditions per pair", "max_per_pair", o.preferences.max_conditions_per_pair);
  int_input("rounds", "rounds", o.rounds);
  int_input("timeout ms", "timeout_ms", o.timeout_ms, 500);
  size_input("decision limit", "max_decisions", o.max_recorded_decisions);
  ImGui::Checkbox("execute before pruning", &o.execute_before_pruning);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("run every non-redundant candidate, even those the cap will prune");
  const char* count_label = "count the set's queries in the classes (step view)";
  flow_same_line(checkbox_width(count_label));
  ImGui::Checkbox(count_label, &p.count_set);
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
