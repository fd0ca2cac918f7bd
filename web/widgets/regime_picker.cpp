#include "web/widgets/regime_picker.h"
#include "web/widgets/flow_layout.h"

#include <imgui.h>

#include <algorithm>

#include "web/widgets/enum_combo.h"

namespace chokepoint::web {
namespace {

bool contains(const std::vector<Regime>& list, const Regime& r) {
  return std::find(list.begin(), list.end(), r) != list.end();
}

}  // namespace

bool draw_semantics_combo(ExSemantics& semantics, bool with_test_suite, bool same_line) {
  const char* bird = "BIRD: set of rows";
  const char* spider = "Spider: bag, ordered if ORDER BY";
  const std::initializer_list<std::pair<ExSemantics, const char*>> three = {
      {ExSemantics::Bird, bird},
      {ExSemantics::Spider, spider},
      {ExSemantics::TestSuite, "test-suite default (published Spider numbers)"}};
  const std::initializer_list<std::pair<ExSemantics, const char*>> two = {{ExSemantics::Bird, bird},
                                                                          {ExSemantics::Spider, spider}};
  const auto& choices = with_test_suite ? three : two;
  if (same_line) flow_same_line(labelled_width(enum_combo_item_width(choices, 250), "EX semantics"));
  const bool changed = enum_combo("EX semantics", semantics, choices, 250);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "BIRD: the rows as a set (duplicates and row order ignored), columns in order.\n"
        "Spider (test-suite evaluator with --keep_distinct): the rows as a bag (duplicates count); row order counts\n"
        "when the gold query ends with ORDER BY; the predicted columns may be any permutation of the gold ones.%s",
        with_test_suite
            ? "\ntest-suite default: as the evaluator runs without --keep_distinct, quirks included: every DISTINCT\n"
              "deleted from both queries before they run (count(DISTINCT x) too), '> =' joined, and row order\n"
              "counting whenever \"order by\" appears anywhere in the gold, subqueries included."
            : "");
  return changed;
}

void draw_regime_picker(std::vector<Regime>& chosen, const std::function<void(const Regime&)>& after_each) {
  const auto all = all_regimes();
  std::vector<Regime> next;
  ImGui::AlignTextToFramePadding();
  ImGui::Text("regimes:");
  for (const auto& r : all) {
    bool on = contains(chosen, r);
    flow_same_line(checkbox_width(r.name().c_str()));
    ImGui::Checkbox(r.name().c_str(), &on);
    if (after_each) after_each(r);
    if (on) next.push_back(r);
  }
  chosen = std::move(next);
}

Result<ExSemantics> semantics_from_json(const nlohmann::json& name, bool with_test_suite) {
  if (name == "bird") return ExSemantics::Bird;
  if (name == "spider") return ExSemantics::Spider;
  if (with_test_suite && name == "test-suite") return ExSemantics::TestSuite;
  return Error{with_test_suite ? "semantics must be \"bird\", \"spider\" or \"test-suite\""
                               : "semantics must be \"bird\" or \"spider\""};
}

Result<std::vector<Regime>> regimes_from_json(const nlohmann::json& names) {
  if (!names.is_array()) return Error{"regimes must be a list of names such as \"EC-EC-IE\""};
  std::vector<Regime> wanted;
  for (const auto& n : names) {
    if (!n.is_string()) return Error{"regimes must be a list of names such as \"EC-EC-IE\""};
    auto r = parse_regime(n.get<std::string>());
    if (!r.ok()) return Error{r.error()};
    wanted.push_back(*r);
  }
  std::vector<Regime> ordered;  // all_regimes() order, as the picker keeps them
  for (const auto& r : all_regimes())
    if (contains(wanted, r)) ordered.push_back(r);
  return ordered;
}

}  // namespace chokepoint::web
