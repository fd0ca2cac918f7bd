// The --help flag list and the --list-flags JSON (see flag_help.h).
#include "cli/flag_help.h"

#include <algorithm>
#include <array>
#include <vector>

namespace chokepoint::cli {
namespace {

constexpr size_t kShortChoices = 24;  // longer choice lists go to the meaning column

std::string value_column(const FlagSpec& f) {
  if (f.kind == FlagKind::Switch) return "";
  if (f.kind == FlagKind::Choice) {
    std::string joined;
    for (const auto& c : f.choices) joined += (joined.empty() ? "" : "|") + c;
    if (joined.size() <= kShortChoices) return joined;
  }
  return f.value_name;
}

std::string meaning_column(const FlagSpec& f) {
  std::string line = f.help;
  if (f.kind == FlagKind::Whole || f.kind == FlagKind::Real) line += " (" + f.accepted() + ")";
  if (f.kind == FlagKind::Choice && value_column(f) == f.value_name) line += " (" + f.accepted() + ")";
  if (f.repeatable) line += "; repeatable";
  return line;
}

}  // namespace

std::string flag_list_text(const FlagTable& table) {
  if (table.empty()) return "";
  using Row = std::array<std::string, 4>;  // flag, value, default, meaning
  std::vector<Row> rows = {{"FLAG", "VALUE", "DEFAULT", "MEANING"}};
  for (const auto& f : table) {
    rows.push_back(
        {f.name, value_column(f), f.shown_default.empty() ? f.fallback : f.shown_default, meaning_column(f)});
    for (const auto& a : f.aliases) rows.push_back({a, value_column(f), "", "alias of " + f.name});
  }
  std::array<size_t, 3> width{0, 0, 0};
  for (const auto& row : rows)
    for (size_t c = 0; c < width.size(); ++c) width[c] = std::max(width[c], row[c].size());
  std::string out = "Flags:\n";
  for (const auto& row : rows) {
    std::string line = "  ";
    for (size_t c = 0; c < width.size(); ++c) line += row[c] + std::string(width[c] - row[c].size() + 2, ' ');
    line += row[3];
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  out.pop_back();
  return out;
}

nlohmann::ordered_json flag_table_json(const FlagTable& table) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const auto& f : table) {
    nlohmann::ordered_json j;
    j["name"] = f.name;
    j["aliases"] = f.aliases;
    j["kind"] = flag_kind_name(f.kind);
    j["value"] = f.value_name;
    j["default"] = f.fallback;
    j["shown_default"] = f.shown_default;
    j["help"] = f.help;
    j["repeatable"] = f.repeatable;
    j["accepted"] = f.accepted();
    if (f.kind == FlagKind::Whole) {
      j["min"] = f.min;
      j["max"] = f.max;
      j["unit"] = f.unit;
    }
    if (f.kind == FlagKind::Real) {
      j["min"] = f.real_min;
      j["max"] = f.real_max;
    }
    if (f.kind == FlagKind::Choice) j["choices"] = f.choices;
    list.push_back(std::move(j));
  }
  return list;
}

}  // namespace chokepoint::cli
