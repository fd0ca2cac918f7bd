// The retrieval study from the scores of each setting and approach.
#include "core/study/retrieval_study.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/study/denat_delta_study.h"

namespace chokepoint::study {

namespace {

// SQLMorph Table VIII on BIRD dev: FPR and SLR in percent per setting, for Full-Schema, SCSL and TCSL.
struct PublishedSetting {
  const char* setting;
  double fpr[3], slr[3];  // full-schema, scsl, tcsl
};
const PublishedSetting kTableVIII[] = {
    {"O/O", {90.1, 29.9, 13.7}, {99.5, 15.0, 27.4}},
    {"L/O", {88.0, 29.2, 14.3}, {30.4, 11.7, 21.4}},
    {"O/L", {90.1, 34.1, 16.4}, {96.4, 9.8, 25.4}},
    {"L/L", {88.2, 33.8, 16.1}, {28.2, 14.1, 20.1}},
};
const char* kApproaches[] = {"full-schema", "scsl", "tcsl"};

int approach_index(const std::string& a) {
  for (int k = 0; k < 3; ++k)
    if (a == kApproaches[k]) return k;
  return -1;
}

const PublishedSetting* published(const std::string& setting) {
  for (const auto& p : kTableVIII)
    if (setting == p.setting) return &p;
  return nullptr;
}

const RetrievalCell* find_cell(const std::vector<RetrievalCell>& cells, const std::string& setting,
                               const std::string& approach) {
  for (const auto& c : cells)
    if (c.setting == setting && c.approach == approach) return &c;
  return nullptr;
}

std::string display(const std::string& approach) {
  return approach == "full-schema" ? "Full-Schema"
         : approach == "scsl"      ? "SCSL"
         : approach == "tcsl"      ? "TCSL"
                                   : approach;
}

Cell fpr_cell(const RetrievalCell* c) {
  return c && c->scores.fpr_items ? number_cell(c->scores.fpr) : text_cell(c ? "n/a" : "");
}

}  // namespace

std::vector<RetrievalItemRow> retrieval_item_rows(const EvalSet& set, const std::vector<linking::RetrievedItem>& items,
                                                  const std::string& setting, const std::string& approach) {
  std::vector<RetrievalItemRow> rows;
  for (const auto& ri : items) {
    const auto& it = set.items[ri.item];
    RetrievalItemRow row{
        setting,           approach, it.key, it.db_id, linking::link_outcome_name(ri.outcome), ri.gold.columns.size(),
        ri.columns.size(), {},       {}};
    if (ri.outcome != linking::LinkOutcome::NoSchema && ri.outcome != linking::LinkOutcome::GoldUnusable) {
      const auto one = linking::score_retrieval({{{}, {}, ri.gold.columns, ri.columns}});
      row.all_gold = one.slr == 100.0;
      if (one.fpr_items) row.fpr = one.fpr;
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

StudyReport retrieval_report(const std::vector<std::string>& settings, const std::vector<std::string>& approaches,
                             const std::vector<RetrievalCell>& cells, const std::vector<RetrievalItemRow>& items,
                             const std::string& model) {
  StudyReport rep;
  rep.study = "retrieval";
  rep.title = "Schema retrieval on less natural questions and schemas";
  rep.notes.push_back(
      "FPR: mean over the questions that retrieved at least one column of the share of retrieved columns the gold "
      "query does not use (lower is better; n/a when nothing was retrieved). SLR: share of questions whose gold "
      "columns were all retrieved (higher is better). Both over the questions whose gold names a column.");
  rep.notes.push_back(model.empty() ? "Full-Schema only: no model was asked."
                                    : "SCSL and TCSL asked " + model +
                                          "; an unreadable or failed answer retrieves "
                                          "nothing.");

  StudyTable viii;
  viii.id = "retrieval";
  viii.title = "FPR and SLR per setting and approach (SQLMorph Table VIII)";
  std::string over = "questions scored per setting:";
  for (const auto& s : settings) {
    const RetrievalCell* any = nullptr;
    for (const auto& a : approaches)
      if (!any) any = find_cell(cells, s, a);
    over += " " + s + " " + std::to_string(any ? any->scores.n : 0) +
            (any && any->scores.skipped ? " (" + std::to_string(any->scores.skipped) + " without a gold column)" : "") +
            ";";
  }
  viii.over = over + " Published: BIRD dev, augmented questions.";
  viii.columns = {"setting"};
  for (const auto& a : approaches) {
    viii.columns.push_back(display(a) + " FPR (%)");
    viii.columns.push_back(display(a) + " SLR (%)");
  }
  for (const auto& s : settings) {
    std::vector<Cell> row{text_cell(s)};
    for (const auto& a : approaches) {
      const auto* c = find_cell(cells, s, a);
      row.push_back(fpr_cell(c));
      row.push_back(c ? number_cell(c->scores.slr) : text_cell(""));
    }
    viii.rows.push_back(row);
  }
  for (const auto& p : kTableVIII) {
    std::vector<Cell> row{text_cell(p.setting)};
    for (const auto& a : approaches) {
      const int k = approach_index(a);
      row.push_back(k >= 0 ? number_cell(p.fpr[k]) : text_cell(""));
      row.push_back(k >= 0 ? number_cell(p.slr[k]) : text_cell(""));
    }
    viii.published.push_back({"SQLMorph Table VIII", row});
  }
  rep.tables.push_back(viii);

  // The change against O/O, in points, ours and the paper's (its own numbers subtracted).
  const bool has_oo = !settings.empty() && settings.front() == "O/O";
  if (has_oo) {
    StudyTable delta;
    delta.id = "change";
    delta.title = "Change of FPR and SLR against O/O, in points";
    delta.over = "the same questions as the table above; the published rows are the paper's values minus its O/O.";
    delta.columns = viii.columns;
    for (size_t s = 1; s < settings.size(); ++s) {
      std::vector<Cell> row{text_cell(settings[s])};
      for (const auto& a : approaches) {
        const auto *c = find_cell(cells, settings[s], a), *base = find_cell(cells, "O/O", a);
        const bool fpr_ok = c && base && c->scores.fpr_items && base->scores.fpr_items;
        row.push_back(fpr_ok ? number_cell(c->scores.fpr - base->scores.fpr) : text_cell(""));
        row.push_back(c && base ? number_cell(c->scores.slr - base->scores.slr) : text_cell(""));
      }
      delta.rows.push_back(row);
    }
    const PublishedSetting* base = published("O/O");
    for (const auto& p : kTableVIII) {
      if (std::string(p.setting) == "O/O") continue;
      std::vector<Cell> row{text_cell(p.setting)};
      for (const auto& a : approaches) {
        const int k = approach_index(a);
        row.push_back(k >= 0 ? number_cell(p.fpr[k] - base->fpr[k]) : text_cell(""));
        row.push_back(k >= 0 ? number_cell(p.slr[k] - base->slr[k]) : text_cell(""));
      }
      delta.published.push_back({"SQLMorph Table VIII", row});
    }
    rep.tables.push_back(delta);
  }

  const double none = std::numeric_limits<double>::quiet_NaN();
  for (int metric = 0; metric < 2; ++metric) {
    StudyChart chart;
    chart.id = metric ? "slr" : "fpr";
    chart.title = metric ? "SLR per setting (higher is better)" : "FPR per setting (lower is better)";
    chart.y_label = metric ? "SLR (%)" : "FPR (%)";
    chart.categories = settings;
    for (const auto& a : approaches) {
      ChartSeries ours{display(a), {}}, paper{display(a) + " (published)", {}};
      const int k = approach_index(a);
      for (const auto& s : settings) {
        const auto* c = find_cell(cells, s, a);
        ours.values.push_back(!c ? none : metric ? c->scores.slr : c->scores.fpr_items ? c->scores.fpr : none);
        const auto* p = published(s);
        paper.values.push_back(p && k >= 0 ? (metric ? p->slr[k] : p->fpr[k]) : none);
      }
      chart.series.push_back(ours);
      chart.series.push_back(paper);
    }
    rep.charts.push_back(chart);
  }

  rep.items.id = "items";
  rep.items.columns = {"setting",           "approach",           "id",     "db_id", "outcome", "gold columns",
                       "retrieved columns", "all gold retrieved", "FPR (%)"};
  for (const auto& it : items)
    rep.items.rows.push_back({text_cell(it.setting), text_cell(it.approach), text_cell(it.id), text_cell(it.db_id),
                              text_cell(it.outcome), number_cell(static_cast<double>(it.gold)),
                              number_cell(static_cast<double>(it.retrieved)),
                              it.all_gold ? number_cell(*it.all_gold ? 1 : 0) : text_cell(""),
                              it.fpr ? number_cell(*it.fpr) : text_cell("")});
  return rep;
}

Result<StudyReport> retrieval_report_of_runs(const std::vector<RetrievalRun>& runs) {
  if (runs.empty())
    return Error{"no retrieval has run: run one in Run a model > Retrieval (each run fills a cell of Table VIII)"};
  std::string model;
  std::optional<bool> fk;
  for (const auto& run : runs) {
    if (!run.model.empty() && !model.empty() && run.model != model)
      return Error{"the table's cells were retrieved by two models (" + model + ", " + run.model +
                   "): run every approach with one model"};
    if (!run.model.empty()) model = run.model;
    if (fk && *fk != run.foreign_keys)
      return Error{"the table's cells were retrieved with and without foreign keys: run every cell with one choice"};
    fk = run.foreign_keys;
  }
  const linking::RetrievalApproach paper_order[] = {linking::RetrievalApproach::FullSchema,
                                                    linking::RetrievalApproach::Scsl, linking::RetrievalApproach::Tcsl};
  auto find_run = [&](linking::RetrievalApproach a, int v) -> const RetrievalRun* {
    for (const auto& run : runs)
      if (run.approach == a && run.setting == v) return &run;
    return nullptr;
  };
  std::vector<std::string> settings, approaches, skipped;
  std::vector<RetrievalCell> cells;
  std::vector<RetrievalItemRow> rows;
  std::vector<StudyInput> inputs;
  for (int v = 0; v < 4; ++v) {
    const std::string setting = denat_settings()[static_cast<size_t>(v)];
    std::vector<std::pair<std::string, std::string>> sets;  // set name, its approaches
    for (linking::RetrievalApproach a : paper_order) {
      const RetrievalRun* run = find_run(a, v);
      if (!run) continue;
      const std::string approach = linking::retrieval_approach_name(a);
      cells.push_back({approach, setting, run->scores});
      rows.insert(rows.end(), run->rows.begin(), run->rows.end());
      auto same = std::find_if(sets.begin(), sets.end(), [&](const auto& s) { return s.first == run->set; });
      if (same == sets.end())
        sets.push_back({run->set, approach});
      else
        same->second += ", " + approach;
    }
    if (sets.empty()) {
      skipped.push_back(setting);
      continue;
    }
    settings.push_back(setting);
    // One set per setting as a rule; when the approaches ran on different sets, each names its approaches.
    std::string value;
    for (const auto& [set, approaches_on_it] : sets)
      value += (value.empty() ? "" : "; ") + set + (sets.size() > 1 ? " (" + approaches_on_it + ")" : "");
    inputs.push_back({setting, value});
  }
  for (linking::RetrievalApproach a : paper_order)
    for (int v = 0; v < 4; ++v)
      if (find_run(a, v)) {
        approaches.push_back(linking::retrieval_approach_name(a));
        break;
      }
  StudyReport report = retrieval_report(settings, approaches, cells, rows, model);
  report.inputs = std::move(inputs);
  report.inputs.push_back({"fk", *fk ? "yes" : "no"});
  for (const auto& name : skipped)
    report.notes.push_back("Setting " + name + " skipped: no retrieval ran on a set labelled " + name + ".");
  return report;
}

}  // namespace chokepoint::study
