// The shared-failures study from aligned evaluated runs.
#include "core/study/shared_failures_study.h"

#include <algorithm>
#include <limits>
#include <map>
#include <set>

namespace chokepoint::study {

namespace {

// SQLMorph Table XI: BIRD dev, the 410 items CHESS, DIN-SQL and MAC-SQL all fail; EXP, EXR, F1 in percent per
// regime. Under NC-PC the paper prints N/A.
struct PublishedRegime {
  const char* regime;
  double exp, exr, f1;
};
struct PublishedSystem {
  const char* system;
  PublishedRegime regimes[4];
};
const PublishedSystem kTableXI[] = {
    {"CHESS",
     {{"EC-EC-IE", 28.76, 19.66, 18.44},
      {"EC-PC-IE", 29.06, 19.85, 18.82},
      {"SC-EC-IE", 47.80, 16.62, 15.14},
      {"SC-PC-IE", 51.44, 19.11, 17.82}}},
    {"DIN-SQL",
     {{"EC-EC-IE", 29.01, 21.12, 18.42},
      {"EC-PC-IE", 29.09, 21.25, 18.51},
      {"SC-EC-IE", 63.04, 19.54, 17.18},
      {"SC-PC-IE", 66.26, 22.05, 19.71}}},
    {"MAC-SQL",
     {{"EC-EC-IE", 31.09, 16.07, 14.63},
      {"EC-PC-IE", 31.34, 16.30, 14.84},
      {"SC-EC-IE", 54.47, 13.18, 11.91},
      {"SC-PC-IE", 56.97, 15.10, 13.82}}},
};
const size_t kTableXIItems = 410;

const char* kMetrics[] = {"EXP", "EXR", "F1"};

std::string bin_label(size_t k) { return std::to_string(10 * k) + "-" + std::to_string(10 * k + 10); }

}  // namespace

std::vector<size_t> ten_bins(const std::vector<double>& percents) {
  std::vector<size_t> bins(10, 0);
  for (double p : percents) {
    const double c = std::clamp(p, 0.0, 100.0);
    size_t k = static_cast<size_t>(c / 10.0);
    if (k > 9) k = 9;
    ++bins[k];
  }
  return bins;
}

Result<SharedFailuresStudy> shared_failures_study(const std::vector<SystemRun>& runs,
                                                  const std::vector<Regime>& regimes) {
  if (runs.empty()) return Error{"no system given"};
  std::set<std::string> names;
  for (const auto& r : runs)
    if (!names.insert(r.name).second) return Error{"system name '" + r.name + "' is given twice"};
  auto positions = shared_failure_positions(runs);
  if (!positions.ok()) return Error{positions.error()};
  auto table = shared_failure_table(runs, regimes);
  if (!table.ok()) return Error{table.error()};

  SharedFailuresStudy out;
  auto& n = out.numbers;
  n.items = runs[0].items.size();
  for (size_t i = 0; i < n.items; ++i) {
    bool all = true;
    for (const auto& r : runs) all = all && r.items[i].status == ItemStatus::Scored;
    n.scored_in_all += all;
  }
  n.positions = *positions;
  n.common_failures = positions->size();
  n.systems = *table;

  StudyReport& rep = out.report;
  rep.study = "shared-failures";
  rep.title = "Shared failures of " + std::to_string(runs.size()) + " systems: fine-grained metrics where EX is 0";
  rep.notes.push_back(
      "A common failure is an item scored in every run (its gold ran on its database) with EX = 0 in "
      "every run; " +
      std::to_string(n.items - n.scored_in_all) + " of " + std::to_string(n.items) +
      " items are not scored in at least one run and cannot be one.");
  rep.notes.push_back(
      "EXP, EXR and F1 are percent means over the common failures; under NC-PC the papers print N/A, "
      "we give the values.");

  // Per system: its EX over the whole set, for context.
  StudyTable overall;
  overall.id = "systems";
  overall.title = "Each system on the whole set";
  overall.over = std::to_string(n.items) + " items per system; EX over the items scored in that run.";
  overall.columns = {"system", "items", "scored", "EX (%)", "failed (EX=0)"};
  for (const auto& r : runs) {
    const auto s = summarize(r.items, regimes);
    overall.rows.push_back({text_cell(r.name), number_cell(static_cast<double>(s.n)),
                            number_cell(static_cast<double>(s.scored)), number_cell(s.ex),
                            number_cell(static_cast<double>(s.scored - s.correct))});
  }
  rep.tables.push_back(overall);

  // Table XI.
  StudyTable xi;
  xi.id = "shared_failures";
  xi.title = "EXP, EXR and F1 over the items every system fails (SQLMorph Table XI)";
  xi.over = std::to_string(n.common_failures) + " common failures of " + std::to_string(n.scored_in_all) +
            " items scored in every run (" + std::to_string(n.items) +
            " items). Published: BIRD dev, 410 common failures of CHESS, DIN-SQL and MAC-SQL.";
  xi.columns = {"system", "n", "EX (%)"};
  for (const auto& g : regimes)
    for (const char* m : kMetrics) xi.columns.push_back(g.name() + " " + m + " (%)");
  for (const auto& row : n.systems) {
    std::vector<Cell> cells{text_cell(row.system), number_cell(static_cast<double>(n.common_failures)),
                            number_cell(row.summary.ex)};
    for (const auto& m : row.summary.regimes) {
      cells.push_back(number_cell(m.exp));
      cells.push_back(number_cell(m.exr));
      cells.push_back(number_cell(m.f1));
    }
    xi.rows.push_back(cells);
  }
  for (const auto& p : kTableXI) {
    std::vector<Cell> cells{text_cell(p.system), number_cell(static_cast<double>(kTableXIItems)), number_cell(0)};
    for (const auto& g : regimes) {
      const PublishedRegime* found = nullptr;
      for (const auto& pr : p.regimes)
        if (g.name() == pr.regime) found = &pr;
      if (found) {
        cells.push_back(number_cell(found->exp));
        cells.push_back(number_cell(found->exr));
        cells.push_back(number_cell(found->f1));
      } else {
        const std::string absent = g.name() == "NC-PC" ? "N/A" : "";
        for (int k = 0; k < 3; ++k) cells.push_back(text_cell(absent));
      }
    }
    xi.published.push_back({"SQLMorph Table XI", cells});
  }
  rep.tables.push_back(xi);

  // Fig. 5: the distributions of EXP and EXR over the common failures, per regime and system.
  StudyTable dist;
  dist.id = "distributions";
  dist.title = "Distributions of EXP and EXR over the common failures (SQLMorph Fig. 5)";
  dist.over = std::to_string(n.common_failures) +
              " common failures per system; bins of 10 points, the last holds 100. The paper publishes a figure "
              "only.";
  dist.columns = {"regime", "metric", "system"};
  for (size_t k = 0; k < 10; ++k) dist.columns.push_back(bin_label(k));
  for (size_t g = 0; g < regimes.size(); ++g) {
    for (int metric = 0; metric < 2; ++metric) {
      StudyChart chart;
      chart.id = "distribution_" + std::to_string(g) + (metric ? "_exr" : "_exp");
      chart.title = std::string(kMetrics[metric]) + " over the common failures, " + regimes[g].name();
      chart.y_label = "items";
      chart.kind = ChartKind::Histogram;
      for (size_t k = 0; k < 10; ++k) chart.categories.push_back(bin_label(k));
      for (const auto& r : runs) {
        std::vector<double> values;
        for (size_t pos : n.positions) {
          const auto& s = r.items[pos].scores;
          if (g < s.size()) values.push_back(100.0 * (metric ? s[g].exr : s[g].exp));
        }
        const auto bins = ten_bins(values);
        std::vector<Cell> cells{text_cell(regimes[g].name()), text_cell(kMetrics[metric]), text_cell(r.name)};
        ChartSeries series{r.name, {}};
        for (size_t b : bins) {
          cells.push_back(number_cell(static_cast<double>(b)));
          series.values.push_back(static_cast<double>(b));
        }
        dist.rows.push_back(cells);
        chart.series.push_back(series);
      }
      rep.charts.push_back(chart);
    }
  }
  rep.tables.push_back(dist);

  // The means as grouped bars, one chart per metric: regimes as categories, our systems then the published ones
  // (no bar where the paper gives no number). They come first among the charts.
  std::vector<StudyChart> means;
  for (int metric = 0; metric < 3; ++metric) {
    StudyChart chart;
    chart.id = std::string("mean_") + (metric == 0 ? "exp" : metric == 1 ? "exr" : "f1");
    chart.title = std::string("Mean ") + kMetrics[metric] + " over the common failures";
    chart.y_label = "percent (%)";
    for (const auto& g : regimes) chart.categories.push_back(g.name());
    for (const auto& row : n.systems) {
      ChartSeries s{row.system, {}};
      for (const auto& m : row.summary.regimes) s.values.push_back(metric == 0 ? m.exp : metric == 1 ? m.exr : m.f1);
      chart.series.push_back(s);
    }
    for (const auto& p : kTableXI) {
      ChartSeries s{std::string(p.system) + " (published)", {}};
      for (const auto& g : regimes) {
        double v = std::numeric_limits<double>::quiet_NaN();
        for (const auto& pr : p.regimes)
          if (g.name() == pr.regime) v = metric == 0 ? pr.exp : metric == 1 ? pr.exr : pr.f1;
        s.values.push_back(v);
      }
      chart.series.push_back(s);
    }
    means.push_back(chart);
  }
  rep.charts.insert(rep.charts.begin(), means.begin(), means.end());

  // Per-item rows: every item, whether it is a common failure, and each system's status, EX and scores.
  rep.items.id = "items";
  rep.items.columns = {"position", "id", "db_id", "common_failure"};
  for (const auto& r : runs) {
    rep.items.columns.push_back(r.name + " status");
    rep.items.columns.push_back(r.name + " ex");
    for (const auto& g : regimes)
      for (const char* m : kMetrics) rep.items.columns.push_back(r.name + " " + g.name() + " " + m);
  }
  std::set<size_t> common(n.positions.begin(), n.positions.end());
  for (size_t i = 0; i < n.items; ++i) {
    const auto& first = runs[0].items[i];
    std::vector<Cell> cells{number_cell(static_cast<double>(i)), text_cell(first.id), text_cell(first.db_id),
                            number_cell(common.count(i) ? 1 : 0)};
    for (const auto& r : runs) {
      const auto& it = r.items[i];
      const bool scored = it.status == ItemStatus::Scored;
      cells.push_back(text_cell(item_status_name(it.status)));
      cells.push_back(scored ? number_cell(it.ex) : text_cell(""));
      for (size_t g = 0; g < regimes.size(); ++g) {
        const bool has = scored && g < it.scores.size();
        cells.push_back(has ? number_cell(100.0 * it.scores[g].exp) : text_cell(""));
        cells.push_back(has ? number_cell(100.0 * it.scores[g].exr) : text_cell(""));
        cells.push_back(has ? number_cell(100.0 * it.scores[g].f1) : text_cell(""));
      }
    }
    rep.items.rows.push_back(cells);
  }
  return out;
}

}  // namespace chokepoint::study
