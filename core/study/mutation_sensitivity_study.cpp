// The mutation-sensitivity study from a finished sensitivity run.
#include "core/study/mutation_sensitivity_study.h"

#include <cmath>
#include <limits>

namespace chokepoint::study {

namespace {

// SQLMorph Table X: mean deltas in points over BIRD dev's mutants, ΔEX = -100 for every operator (the paper keeps
// only mutants that change the result). Columns: ΔEXP, ΔEXR, ΔF1 under EC-EC-IE, then under SC-EC-IE.
struct TableXRow {
  const char* op;
  double ec[3], sc[3];
};
const TableXRow kTableX[] = {
    {"projection_drop", {0, -43, -28}, {0, -43, -28}},
    {"add_star_wildcard", {-93, -10, -87}, {-82, 0, -71}},
    {"distinct_toggle", {-57, -57, -57}, {-57, -57, -57}},
    {"where_predicate_delete", {-85, -60, -81}, {-85, -64, -82}},
    {"where_condition_flip", {-96, -61, -94}, {-96, -61, -94}},
    {"where_remove", {-96, -54, -95}, {-96, -54, -95}},
    {"where_strengthen", {-65, -60, -63}, {-65, -60, -63}},
    {"where_weaken", {-65, -75, -73}, {-65, -75, -73}},
    {"having_condition_flip", {-64, -100, -100}, {-64, -100, -100}},
    {"having_remove", {-61, 0, -51}, {-61, 0, -51}},
    {"join_break", {-98, -42, -98}, {-98, -46, -98}},
    {"join_type_to_left", {-53, -50, -54}, {-53, -50, -54}},
    {"limit_increase", {-76, 0, -62}, {-76, 0, -62}},
    {"limit_decrease", {-4, -61, -45}, {0, -60, -43}},
    {"aggregation_swap", {-100, -100, -100}, {-100, -100, -100}},
};

const char* kMetrics[] = {"ΔEXP", "ΔEXR", "ΔF1"};

std::string count_text(size_t n) { return std::to_string(n); }

}  // namespace

bool table_x_published(const std::string& op, const std::string& regime, PublishedDeltas* out) {
  for (const auto& row : kTableX) {
    if (op != row.op) continue;
    const double* d = regime == "EC-EC-IE" ? row.ec : regime == "SC-EC-IE" ? row.sc : nullptr;
    if (!d) return false;
    *out = {-100, d[0], d[1], d[2]};
    return true;
  }
  return false;
}

StudyReport mutation_sensitivity_report(const mutate::SensitivityRun& run, const mutate::SensitivityTable& table) {
  StudyReport rep;
  rep.study = "mutation-sensitivity";
  rep.title = "Single-error mutants of " + count_text(run.golds) + " gold queries: how EX and EXP/EXR/F1 move";
  const size_t used = run.golds - run.skipped.size();
  rep.notes.push_back(
      "Every gold query that runs gets the single-error mutants of SQLMorph Table IX on its outer query, kept when "
      "the tree changed and SQLite prepares the SQL. " +
      count_text(used) + " of " + count_text(run.golds) +
      " gold queries ran (skipped: " + count_text(run.skipped.size()) +
      "; no database, does not parse, fails or times out). " + count_text(run.mutants.size()) +
      " mutants were executed and scored; " + count_text(run.rejected.size()) + " candidates did not prepare.");
  rep.notes.push_back(
      "Deltas are mean points against the gold scored against itself (100): 0 is no change, -100 everything lost. "
      "A mutant that fails or times out scores 0 and stays in the means.");
  rep.notes.push_back(table.drop_equivalent
                          ? "Mutants with the gold's result (EX = 1) are counted as equivalent and left out of the "
                            "means, as the paper does (ΔEX is then -100 wherever there are mutants)."
                          : "Mutants with the gold's result (EX = 1) stay in the means (the paper leaves them out: "
                            "--drop-equivalent); the equivalent column counts them.");
  if (!run.error.empty()) rep.notes.push_back("Scoring failed for a mutant, left out: " + run.error);

  StudyTable t;
  t.id = "sensitivity";
  t.title = "Impact of one injected error on the evaluation metrics (SQLMorph Table X)";
  t.over = count_text(run.mutants.size()) + " mutants of " + count_text(used) +
           " gold queries; each row's mean is over its mutants column. Published: BIRD dev's mutants, "
           "equivalent ones dropped.";
  t.columns = {"operator", "mutants", "golds", "equivalent", "failed", "ΔEX"};
  for (const auto& g : table.regimes)
    for (const char* m : kMetrics) t.columns.push_back(g + " " + m);
  for (const auto& row : table.rows) {
    std::vector<Cell> cells{
        text_cell(row.op), number_cell(static_cast<double>(row.mutants)), number_cell(static_cast<double>(row.golds)),
        number_cell(static_cast<double>(row.equivalent)), number_cell(static_cast<double>(row.failed))};
    cells.push_back(row.mutants ? number_cell(row.ex) : text_cell(""));
    for (const auto& d : row.regimes) {
      cells.push_back(row.mutants ? number_cell(d.exp) : text_cell(""));
      cells.push_back(row.mutants ? number_cell(d.exr) : text_cell(""));
      cells.push_back(row.mutants ? number_cell(d.f1) : text_cell(""));
    }
    t.rows.push_back(cells);
  }
  for (const auto& row : table.rows) {
    PublishedDeltas any;
    bool listed = false;
    for (const auto& p : kTableX) listed = listed || row.op == p.op;
    if (!listed) continue;
    std::vector<Cell> cells{text_cell(row.op), text_cell(""), text_cell(""),
                            text_cell(""),     text_cell(""), number_cell(-100)};
    for (const auto& g : table.regimes) {
      if (table_x_published(row.op, g, &any)) {
        cells.push_back(number_cell(any.exp));
        cells.push_back(number_cell(any.exr));
        cells.push_back(number_cell(any.f1));
      } else {
        for (int k = 0; k < 3; ++k) cells.push_back(text_cell(""));
      }
    }
    t.published.push_back({"SQLMorph Table X", cells});
  }
  rep.tables.push_back(t);

  // Per regime: the drops of EXP and EXR per operator, ours beside the paper's (a drop is minus the delta, so bars
  // grow with the damage).
  const double none = std::numeric_limits<double>::quiet_NaN();
  for (size_t g = 0; g < table.regimes.size(); ++g) {
    StudyChart chart;
    chart.id = "drops_" + std::to_string(g);
    chart.title = "Drop of EXP and EXR per operator, " + table.regimes[g];
    chart.y_label = "drop from the gold (points)";
    ChartSeries exp{"EXP drop", {}}, exr{"EXR drop", {}}, pexp{"EXP drop (published)", {}},
        pexr{"EXR drop (published)", {}};
    for (const auto& row : table.rows) {
      chart.categories.push_back(row.op);
      const bool has = row.mutants > 0 && g < row.regimes.size();
      exp.values.push_back(has ? -row.regimes[g].exp : none);
      exr.values.push_back(has ? -row.regimes[g].exr : none);
      PublishedDeltas p;
      const bool pub = table_x_published(row.op, table.regimes[g], &p);
      pexp.values.push_back(pub ? -p.exp : none);
      pexr.values.push_back(pub ? -p.exr : none);
    }
    chart.series = {exp, exr, pexp, pexr};
    rep.charts.push_back(chart);
  }

  rep.items.id = "items";
  rep.items.columns = {"gold_id", "db_id", "operator", "edit", "status", "ex"};
  for (const auto& g : table.regimes)
    for (const char* m : {"EXP", "EXR", "F1"}) rep.items.columns.push_back(g + " " + m);
  rep.items.columns.push_back("sql");
  for (const auto& m : run.mutants) {
    std::vector<Cell> cells{text_cell(m.gold_id),
                            text_cell(m.db_id),
                            text_cell(m.op),
                            text_cell(m.description),
                            text_cell(query_status_name(m.status)),
                            number_cell(m.scores.ex ? 1 : 0)};
    for (size_t g = 0; g < table.regimes.size(); ++g) {
      const bool has = g < m.scores.exp.size();
      cells.push_back(has ? number_cell(100.0 * m.scores.exp[g]) : text_cell(""));
      cells.push_back(has ? number_cell(100.0 * m.scores.exr[g]) : text_cell(""));
      cells.push_back(has ? number_cell(100.0 * m.scores.f1[g]) : text_cell(""));
    }
    cells.push_back(text_cell(m.sql));
    rep.items.rows.push_back(cells);
  }
  return rep;
}

}  // namespace chokepoint::study
