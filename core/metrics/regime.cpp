// Regime names and parsing.
#include "core/metrics/regime.h"

#include <cctype>

namespace chokepoint {
namespace {

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == sep) {
      out.push_back(cur);
      cur.clear();
    } else
      cur += c;
  }
  out.push_back(cur);
  return out;
}

std::string trim_upper(const std::string& s) {
  std::string out;
  for (char c : s)
    if (!std::isspace(static_cast<unsigned char>(c)))
      out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::string Regime::name() const {
  std::string n = columns == ColumnRegime::Exact ? "EC" : columns == ColumnRegime::Semantic ? "SC" : "NC";
  n += cells == CellRegime::Exact ? "-EC" : "-PC";
  if (columns != ColumnRegime::None) n += extras == ExtraColumns::Penalize ? "-PE" : "-IE";
  return n;
}

Result<Regime> parse_regime(const std::string& text) {
  auto parts = split(trim_upper(text), '-');
  auto bad = [&](const std::string& why) {
    return Error{"bad regime '" + text + "': " + why +
                 " (expected e.g. EC-EC-IE, SC-PC-PE or NC-PC: columns EC|SC|NC, cells EC|PC, extras PE|IE)"};
  };
  if (parts.size() < 2 || parts.size() > 3) return bad("needs two or three parts");
  Regime r;
  if (parts[0] == "EC")
    r.columns = ColumnRegime::Exact;
  else if (parts[0] == "SC")
    r.columns = ColumnRegime::Semantic;
  else if (parts[0] == "NC")
    r.columns = ColumnRegime::None;
  else
    return bad("unknown column regime '" + parts[0] + "'");
  if (parts[1] == "EC")
    r.cells = CellRegime::Exact;
  else if (parts[1] == "PC")
    r.cells = CellRegime::Partial;
  else
    return bad("unknown cell regime '" + parts[1] + "'");
  if (r.columns == ColumnRegime::None) {
    if (parts.size() == 3 && parts[2] == "IE") return bad("IE is unavailable under NC (no matched column set)");
    if (parts.size() == 3 && parts[2] != "PE") return bad("unknown extras option '" + parts[2] + "'");
    r.extras = ExtraColumns::Penalize;
    return r;
  }
  if (parts.size() != 3) return bad("EC and SC need an extras part, PE or IE");
  if (parts[2] == "PE")
    r.extras = ExtraColumns::Penalize;
  else if (parts[2] == "IE")
    r.extras = ExtraColumns::Ignore;
  else
    return bad("unknown extras option '" + parts[2] + "'");
  return r;
}

Result<std::vector<Regime>> parse_regime_list(const std::string& text) {
  std::vector<Regime> out;
  for (const auto& part : split(text, ',')) {
    if (trim_upper(part).empty()) continue;
    auto r = parse_regime(part);
    if (!r.ok()) return Error{r.error()};
    bool seen = false;
    for (const auto& x : out) seen = seen || x == *r;
    if (!seen) out.push_back(*r);
  }
  if (out.empty()) return Error{"no regime given (expected e.g. EC-EC-IE,NC-PC)"};
  return out;
}

std::vector<Regime> table_xi_regimes() {
  using C = ColumnRegime;
  using L = CellRegime;
  using X = ExtraColumns;
  return {{C::Exact, L::Exact, X::Ignore},
          {C::Exact, L::Partial, X::Ignore},
          {C::Semantic, L::Exact, X::Ignore},
          {C::Semantic, L::Partial, X::Ignore},
          {C::None, L::Partial, X::Penalize}};
}

std::vector<Regime> all_regimes() {
  std::vector<Regime> out;
  for (auto c : {ColumnRegime::Exact, ColumnRegime::Semantic})
    for (auto l : {CellRegime::Exact, CellRegime::Partial})
      for (auto x : {ExtraColumns::Penalize, ExtraColumns::Ignore}) out.push_back({c, l, x});
  out.push_back({ColumnRegime::None, CellRegime::Exact, ExtraColumns::Penalize});
  out.push_back({ColumnRegime::None, CellRegime::Partial, ExtraColumns::Penalize});
  return out;
}

}  // namespace chokepoint
