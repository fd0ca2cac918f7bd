// The denat-delta study from evaluated items per system and setting.
#include "core/study/denat_delta_study.h"

#include <cmath>
#include <limits>
#include <set>

#include "core/study/aligned_items.h"

namespace chokepoint::study {

namespace {

// SQLMorph Table VII: ΔEX (%) relative to O/O on BIRD dev, over the items each system answered right in O/O.
struct PublishedSystem {
  const char* name;
  size_t base;
  double lo, ol, ll;
};
const PublishedSystem kTableVII[] = {
    {"CHESS", 998, -7.0, -6.7, -8.8},
    {"MAC-SQL", 857, -11.1, -9.7, -11.7},
    {"DIN-SQL", 904, -9.2, -23.4, -23.9},
};

std::string count(size_t n) { return std::to_string(n); }

}  // namespace

const std::array<const char*, 4>& denat_settings() {
  static const std::array<const char*, 4> names = {"O/O", "L/O", "O/L", "L/L"};
  return names;
}
const std::array<const char*, 4>& denat_setting_stems() {
  static const std::array<const char*, 4> stems = {"O_O", "L_O", "O_L", "L_L"};
  return stems;
}

Result<DenatDeltaStudy> denat_delta_study(const std::vector<DenatSystem>& systems, const NaturalnessTally& tally) {
  if (systems.empty()) return Error{"no system given"};
  const auto& labels = denat_settings();
  std::set<std::string> names;
  for (const auto& s : systems) {
    if (!names.insert(s.name).second) return Error{"system name '" + s.name + "' is given twice"};
    if (s.settings[0].empty()) return Error{"system '" + s.name + "' has no O/O predictions: ΔEX is relative to O/O"};
    bool other = false;
    for (size_t k = 1; k < 4; ++k) other = other || !s.settings[k].empty();
    if (!other) return Error{"system '" + s.name + "' has only O/O predictions: give L/O, O/L or L/L too"};
    const auto& first = systems[0].settings[0];
    if (s.settings[0].size() != first.size())
      return Error{"system '" + s.name + "' has " + count(s.settings[0].size()) + " O/O items, '" + systems[0].name +
                   "' " + count(first.size()) + "; every system answers the same sets"};
    for (size_t i = 0; i < first.size(); ++i)
      if (s.settings[0][i].id != first[i].id)
        return Error{"system '" + s.name + "': O/O item " + count(i + 1) + " is '" + s.settings[0][i].id + "', for '" +
                     systems[0].name + "' '" + first[i].id + "'; every system answers the same sets"};
    for (size_t k = 1; k < 4; ++k) {
      const auto& items = s.settings[k];
      if (items.empty()) continue;
      if (items.size() != s.settings[0].size())
        return Error{"system '" + s.name + "': " + labels[k] + " has " + count(items.size()) + " items, O/O " +
                     count(s.settings[0].size()) + "; the four sets must hold the same items"};
      for (size_t i = 0; i < items.size(); ++i)
        if (items[i].id != s.settings[0][i].id)
          return Error{"system '" + s.name + "': item " + count(i + 1) + " is '" + items[i].id + "' in " + labels[k] +
                       " but '" + s.settings[0][i].id + "' in O/O; the four sets must hold the same items in order"};
    }
  }

  DenatDeltaStudy out;
  for (const auto& s : systems) {
    DenatSystemNumbers n;
    n.name = s.name;
    for (size_t k = 0; k < 4; ++k) {
      n.items[k] = s.settings[k].size();
      for (const auto& it : s.settings[k]) {
        if (it.status != ItemStatus::Scored) continue;
        ++n.scored[k];
        n.correct[k] += it.ex ? 1 : 0;
      }
    }
    const auto& oo = s.settings[0];
    for (const auto& it : oo) n.oo_correct += it.status == ItemStatus::Scored && it.ex ? 1 : 0;
    for (size_t k = 1; k < 4; ++k) {
      auto& d = n.deltas[k];
      d.given = !s.settings[k].empty();
      if (!d.given) continue;
      for (size_t i = 0; i < oo.size(); ++i) {
        if (oo[i].status != ItemStatus::Scored || !oo[i].ex) continue;
        const auto& it = s.settings[k][i];
        if (it.status != ItemStatus::Scored) {
          ++d.left_out;
          continue;
        }
        ++d.base;
        d.correct += it.ex ? 1 : 0;
      }
      d.delta = d.base ? percent(d.correct, d.base) - 100.0 : 0.0;
    }
    out.systems.push_back(n);
  }

  StudyReport& rep = out.report;
  rep.study = "denat-delta";
  rep.title = "EX on less natural questions and schemas, " + count(systems.size()) + " system" +
              (systems.size() == 1 ? "" : "s");
  rep.notes.push_back(
      "Settings: O/O original question and schema; L/O less natural question and evidence, original schema and SQL; "
      "O/L original question, less natural schema and SQL; L/L both less natural.");
  rep.notes.push_back(
      "ΔEX follows SQLMorph Table VII: over the items a system answers right in O/O, the percent change of its EX "
      "in each other setting (100 × right there / scored there − 100; negative is a drop). An O/O-correct item "
      "whose gold does not run in a setting is left out of that setting's base and counted.");

  // EX per setting over all items.
  StudyTable ex;
  ex.id = "ex_by_setting";
  ex.title = "EX of each system in each setting";
  ex.over = count(systems[0].settings[0].size()) + " items per setting; EX over the items scored in that setting.";
  ex.columns = {"system", "setting", "items", "scored", "EX (%)"};
  for (const auto& n : out.systems)
    for (size_t k = 0; k < 4; ++k) {
      if (!n.items[k]) continue;
      ex.rows.push_back({text_cell(n.name), text_cell(labels[k]), number_cell(static_cast<double>(n.items[k])),
                         number_cell(static_cast<double>(n.scored[k])),
                         number_cell(percent(n.correct[k], n.scored[k]))});
    }
  rep.tables.push_back(ex);

  // Table VII, one row per system.
  StudyTable vii;
  vii.id = "delta";
  vii.title = "Percent change of EX relative to O/O on the O/O-correct items (SQLMorph Table VII)";
  std::string over = "per system, its O/O-correct items:";
  for (const auto& n : out.systems) {
    over += " " + n.name + " " + count(n.oo_correct);
    size_t left = 0;
    for (size_t k = 1; k < 4; ++k) left += n.deltas[k].left_out;
    if (left) over += " (" + count(left) + " setting-items left out: gold did not run)";
    over += ";";
  }
  vii.over = over + " Published: BIRD dev, 998 (CHESS), 857 (MAC-SQL) and 904 (DIN-SQL) O/O-correct items.";
  vii.columns = {"system", "O/O-correct items", "L/O ΔEX (%)", "O/L ΔEX (%)", "L/L ΔEX (%)"};
  for (const auto& n : out.systems) {
    std::vector<Cell> cells{text_cell(n.name), number_cell(static_cast<double>(n.oo_correct))};
    for (size_t k = 1; k < 4; ++k)
      cells.push_back(n.deltas[k].given && n.deltas[k].base ? number_cell(n.deltas[k].delta) : text_cell(""));
    vii.rows.push_back(cells);
  }
  for (const auto& p : kTableVII)
    vii.published.push_back({"SQLMorph Table VII",
                             {text_cell(p.name), number_cell(static_cast<double>(p.base)), number_cell(p.lo),
                              number_cell(p.ol), number_cell(p.ll)}});
  rep.tables.push_back(vii);

  // The naturalness of the schema's identifiers.
  StudyTable nat;
  nat.id = "naturalness";
  nat.title = "Naturalness of the schema's identifiers before and after renaming";
  nat.over = "tables and columns of the renamed databases, classified by the " + tally.source +
             " (N1 regular, N2 low, N3 least natural). The paper publishes no distribution.";
  nat.columns = {"level", "before", "after"};
  const char* levels[] = {"N1", "N2", "N3"};
  for (size_t l = 0; l < 3; ++l)
    nat.rows.push_back({text_cell(levels[l]), number_cell(static_cast<double>(tally.before[l])),
                        tally.has_after ? number_cell(static_cast<double>(tally.after[l])) : text_cell("")});
  rep.tables.push_back(nat);

  const double none = std::numeric_limits<double>::quiet_NaN();
  StudyChart dchart;
  dchart.id = "delta";
  dchart.title = "Drop of EX against O/O on the O/O-correct items";
  dchart.y_label = "drop (percent of O/O)";
  dchart.categories = {"L/O", "O/L", "L/L"};
  for (const auto& n : out.systems) {
    ChartSeries s{n.name, {}};
    for (size_t k = 1; k < 4; ++k)
      s.values.push_back(n.deltas[k].given && n.deltas[k].base ? -n.deltas[k].delta : none);
    dchart.series.push_back(s);
  }
  for (const auto& p : kTableVII)
    dchart.series.push_back({std::string(p.name) + " (published)", {-p.lo, -p.ol, -p.ll}});
  rep.charts.push_back(dchart);
  StudyChart nchart;
  nchart.id = "naturalness";
  nchart.title = "Identifiers per naturalness level";
  nchart.y_label = "identifiers";
  nchart.categories = {"N1", "N2", "N3"};
  ChartSeries before{"before", {}}, after{"after", {}};
  for (size_t l = 0; l < 3; ++l) {
    before.values.push_back(static_cast<double>(tally.before[l]));
    after.values.push_back(tally.has_after ? static_cast<double>(tally.after[l]) : none);
  }
  nchart.series = {before, after};
  rep.charts.push_back(nchart);

  std::vector<NamedRun> runs;
  for (const auto& s : systems)
    for (size_t k = 0; k < 4; ++k)
      if (!s.settings[k].empty()) runs.push_back({s.name + " " + labels[k], &s.settings[k]});
  rep.items = aligned_item_rows(runs);
  return out;
}

}  // namespace chokepoint::study
