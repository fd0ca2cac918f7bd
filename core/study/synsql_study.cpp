// The synsql study from the agreement of each method and system.
#include "core/study/synsql_study.h"

#include <limits>

#include "core/metrics/cohen_kappa.h"

namespace chokepoint::study {

namespace {

// SynSQL Tables 1 and 2: SR, then AR, EX, Δ for DAIL-SQL and for DIN-SQL; Δ is blank for the original rows. Table 2's
// BIRD rows are over the 922 items where the test-suite baseline could run.
struct PublishedMethod {
  const char* source;
  const char* dataset;
  const char* method;
  double sr;
  double dail[3], din[3];  // AR, EX, Δ (NaN: not published)
};
const double kNone = std::numeric_limits<double>::quiet_NaN();
const PublishedMethod kPublished[] = {
    {"SynSQL Table 1", "BIRD", "BIRD (Original)", 99.87, {100, 52.93, kNone}, {100, 41.39, kNone}},
    {"SynSQL Table 1", "BIRD", "Vanilla GPT-4.1-Mini", 69.43, {58.57, 68.12, 15.19}, {61.88, 55.61, 14.22}},
    {"SynSQL Table 1", "BIRD", "Vanilla Gemini-2.5-Flash", 67.14, {61.56, 66.95, 14.02}, {65.64, 54.95, 13.56}},
    {"SynSQL Table 1", "BIRD", "SynSQL(Qwen-3-8B)", 73.60, {70.64, 58.21, 5.28}, {72.94, 47.78, 6.39}},
    {"SynSQL Table 1", "BIRD", "SynSQL(Gemini-2.5-Flash)", 80.57, {75.46, 55.61, 2.68}, {79.23, 44.00, 2.61}},
    {"SynSQL Table 1", "BIRD", "SynSQL(GPT-4.1-Mini)", 82.07, {73.51, 55.02, 2.09}, {78.90, 43.09, 1.70}},
    {"SynSQL Table 1", "Spider", "Spider (Original)", 92.55, {100, 80.66, kNone}, {100, 80.46, kNone}},
    {"SynSQL Table 1", "Spider", "Vanilla GPT-4.1-Mini", 91.88, {78.20, 83.07, 2.41}, {76.44, 82.85, 2.39}},
    {"SynSQL Table 1", "Spider", "Vanilla Gemini-2.5-Flash", 82.59, {74.33, 84.24, 3.58}, {72.46, 83.08, 2.62}},
    {"SynSQL Table 1", "Spider", "SynSQL(Qwen-3-8B)", 77.18, {66.99, 84.24, 3.58}, {66.89, 81.72, 1.26}},
    {"SynSQL Table 1", "Spider", "SynSQL(Gemini-2.5-Flash)", 92.84, {80.69, 81.72, 1.06}, {76.53, 81.33, 0.87}},
    {"SynSQL Table 1", "Spider", "SynSQL(GPT-4.1-Mini)", 93.04, {78.05, 81.24, 0.58}, {76.01, 79.79, 0.67}},
    {"SynSQL Table 2", "BIRD (922)", "BIRD (Original)", 99.57, {100, 51.74, kNone}, {100, 38.72, kNone}},
    {"SynSQL Table 2", "BIRD (922)", "TSA Zhong et al. (2020)", 77.76, {60.97, 57.27, 5.53}, {64.71, 46.31, 7.59}},
    {"SynSQL Table 2", "BIRD (922)", "SynSQL(Gemini-2.5-Flash)", 81.67, {74.76, 54.56, 2.82}, {76.14, 41.97, 3.25}},
    {"SynSQL Table 2", "BIRD (922)", "SynSQL(GPT-4.1-Mini)", 82.86, {70.85, 53.90, 2.16}, {76.45, 40.67, 1.95}},
    {"SynSQL Table 2", "Spider", "TSA Zhong et al. (2020)", 99.03, {83.15, 76.31, 4.35}, {79.99, 75.73, 4.73}},
};

Cell maybe(double v) { return v == v ? number_cell(v) : text_cell(""); }

}  // namespace

StudyReport synsql_report(const SynsqlInputs& in) {
  StudyReport rep;
  rep.study = "synsql";
  rep.title = "Test databases judging predictions: agreement with the original databases";
  rep.notes.push_back(
      "SR: percent of the golds that return at least one row on the databases (a gold that fails, or a database the "
      "root lacks, is a failure). EX on both over the items whose gold runs on the original; Δ = |EX original − EX "
      "test|. AR: Cohen's kappa of the two verdicts, in percent, with its Landis-Koch band. CC: mean columns of the "
      "test schema per item.");
  rep.notes.push_back(
      "Published rows are SynSQL's methods judging DAIL-SQL and DIN-SQL on BIRD and Spider dev; the original row has "
      "AR 100 and no Δ by definition.");

  StudyTable t;
  t.id = "agreement";
  t.title = "SR, AR, EX and Δ of each test database per system (SynSQL Tables 1 and 2)";
  t.over = std::to_string(in.items) + " items; AR, EX and Δ over the items whose gold runs on the original database.";
  t.columns = {"method", "system", "SR (%)", "AR (%)", "AR band", "EX (%)", "Δ (points)", "CC"};
  for (const auto& system : in.systems)
    for (const auto& c : in.cells)
      if (c.system == system && !in.methods.empty() && c.method == in.methods.front()) {
        t.rows.push_back({text_cell("original"), text_cell(system), number_cell(in.original_sr), number_cell(100),
                          text_cell("almost perfect"), number_cell(c.ex_original), text_cell(""), text_cell("")});
        break;
      }
  for (const auto& method : in.methods)
    for (const auto& system : in.systems)
      for (const auto& c : in.cells) {
        if (c.method != method || c.system != system) continue;
        t.rows.push_back({text_cell(method), text_cell(system), number_cell(c.sr),
                          c.ar ? number_cell(*c.ar) : text_cell("n/a"), text_cell(c.ar_band), number_cell(c.ex_test),
                          number_cell(c.delta), number_cell(c.cc)});
      }
  for (const auto& p : kPublished)
    for (int s = 0; s < 2; ++s) {
      const double* v = s ? p.din : p.dail;
      t.published.push_back({std::string(p.source) + ", " + p.dataset,
                             {text_cell(p.method), text_cell(s ? "DIN-SQL" : "DAIL-SQL"), number_cell(p.sr),
                              maybe(v[0]), text_cell(""), maybe(v[1]), maybe(v[2]), text_cell("")}});
    }
  rep.tables.push_back(t);

  bool any_labels = false;
  for (const auto& c : in.cells) any_labels = any_labels || c.labels.has_value();
  if (any_labels) {
    StudyTable l;
    l.id = "disagreements";
    l.title = "Disagreements with the original, against human labels (SynSQL Table 3)";
    l.over =
        "labelled items with a verdict on the original; original -> test database. Published: 250 BIRD "
        "questions, 35 disagreements.";
    l.columns = {
        "method",   "system",  "labelled", "negative -> positive", "FN -> TP", "TN -> FP", "positive -> negative",
        "FP -> TN", "TP -> FN"};
    for (const auto& c : in.cells) {
      if (!c.labels) continue;
      const auto& x = *c.labels;
      l.rows.push_back({text_cell(c.method), text_cell(c.system), number_cell(static_cast<double>(x.labelled)),
                        number_cell(static_cast<double>(x.negative_to_positive)),
                        number_cell(static_cast<double>(x.fn_to_tp)), number_cell(static_cast<double>(x.tn_to_fp)),
                        number_cell(static_cast<double>(x.positive_to_negative)),
                        number_cell(static_cast<double>(x.fp_to_tn)), number_cell(static_cast<double>(x.tp_to_fn))});
    }
    l.published.push_back({"SynSQL Table 3",
                           {text_cell("SynSQL"), text_cell(""), number_cell(250), number_cell(21), number_cell(10),
                            number_cell(11), number_cell(14), number_cell(5), number_cell(9)}});
    rep.tables.push_back(l);
  }

  if (!in.failures.empty()) {
    StudyTable f;
    f.id = "failures";
    f.title = "Why questions fail SR: selector omission or misinterpretation (SynSQL Fig. 4)";
    f.over =
        "each method's questions, as its run classed them: a selector omission when the data's schema lacks a table or "
        "column the gold uses, a misinterpretation when it has them all yet the gold finds no row; questions without "
        "data, or whose gold our parser cannot resolve, are counted apart. Published: 84 failures of 500 BIRD "
        "questions.";
    f.columns = {"method",  "questions",      "SR (%)", "failures", "selector omission", "misinterpretation",
                 "no data", "gold unresolved"};
    for (const auto& x : in.failures) {
      const auto& b = x.breakdown;
      f.rows.push_back(
          {text_cell(x.method), number_cell(static_cast<double>(b.n)), number_cell(b.sr()),
           number_cell(static_cast<double>(b.failures())), number_cell(static_cast<double>(b.selector_omission)),
           number_cell(static_cast<double>(b.misinterpretation)), number_cell(static_cast<double>(b.no_database)),
           number_cell(static_cast<double>(b.gold_unresolved))});
    }
    f.published.push_back({"SynSQL Fig. 4",
                           {text_cell("SynSQL"), number_cell(500), text_cell(""), number_cell(84), number_cell(40),
                            number_cell(44), text_cell(""), text_cell("")}});
    rep.tables.push_back(f);
  }

  for (int metric = 0; metric < 2; ++metric) {
    StudyChart chart;
    chart.id = metric ? "ex" : "ar";
    chart.title = metric ? "EX on the original and on each test database" : "AR of each test database";
    chart.y_label = metric ? "EX (%)" : "AR (%)";
    if (metric) chart.categories.push_back("original");
    for (const auto& m : in.methods) chart.categories.push_back(m);
    for (const auto& system : in.systems) {
      ChartSeries s{system, {}};
      if (metric) {
        double original = std::numeric_limits<double>::quiet_NaN();
        for (const auto& c : in.cells)
          if (c.system == system) original = c.ex_original;
        s.values.push_back(original);
      }
      for (const auto& m : in.methods) {
        double v = std::numeric_limits<double>::quiet_NaN();
        for (const auto& c : in.cells)
          if (c.system == system && c.method == m) v = metric ? c.ex_test : (c.ar ? *c.ar : v);
        s.values.push_back(v);
      }
      chart.series.push_back(s);
    }
    rep.charts.push_back(chart);
  }

  rep.items.id = "items";
  rep.items.columns = {"id", "db_id"};
  for (const auto& c : in.item_columns) rep.items.columns.push_back(c);
  for (const auto& it : in.items_rows) {
    std::vector<Cell> cells{text_cell(it.id), text_cell(it.db_id)};
    for (size_t k = 0; k < in.item_columns.size(); ++k) {
      const std::string v = k < it.verdicts.size() ? it.verdicts[k] : "";
      cells.push_back(v == "1" || v == "0" ? number_cell(v == "1" ? 1 : 0) : text_cell(v));
    }
    rep.items.rows.push_back(cells);
  }
  return rep;
}

SynsqlCell synsql_cell(const std::string& method, const std::string& system, const testdb::AgreementSummary& s) {
  SynsqlCell c;
  c.method = method;
  c.system = system;
  c.n = s.n;
  c.reference = s.reference;
  c.sr = s.sr;
  c.ex_original = s.ex_original;
  c.ex_test = s.ex_test;
  c.delta = s.delta;
  c.cc = s.cc;
  if (s.ar) {
    c.ar = 100.0 * *s.ar;
    c.ar_band = landis_koch_band(*s.ar);
  }
  return c;
}

std::string synsql_verdict(const ItemEvaluation& e) {
  if (e.status != ItemStatus::Scored) return item_status_name(e.status);
  return e.ex ? "1" : "0";
}

void add_method_of_run(SynsqlInputs& in, const std::string& method,
                       const std::vector<const testdb::AgreementItem*>& agreement, const testdb::HumanLabels* labels) {
  const std::string system = in.systems.empty() ? "" : in.systems.front();
  in.methods.push_back(method);
  in.item_columns.push_back(system + " " + method);
  std::vector<testdb::AgreementItem> judged;
  for (size_t i = 0; i < in.items_rows.size(); ++i) {
    const auto* a = i < agreement.size() ? agreement[i] : nullptr;
    if (!a) continue;  // its row reads as the other methods' rows without a database do: blank past "no_database"
    judged.push_back(*a);
    auto& verdicts = in.items_rows[i].verdicts;
    verdicts.resize(in.item_columns.size() - 1);
    verdicts.push_back(synsql_verdict(a->test));
  }
  in.cells.push_back(synsql_cell(method, system, testdb::summarize_agreement(judged)));
  if (labels) in.cells.back().labels = synsql_transitions(testdb::disagreement_transitions(judged, *labels));
}

std::string distilled_suite_note(const std::string& method, size_t databases, size_t db_ids) {
  return method + " is a distilled test suite (" + std::to_string(databases) + " databases over " +
         std::to_string(db_ids) +
         " db_ids): a prediction is right there only if it matches on every database of its db_id, SR counts a gold "
         "that returns a row on any of them, and it has no Fig. 4 row.";
}

SynsqlTransitions synsql_transitions(const testdb::DisagreementTransitions& t) {
  return {t.labelled, t.negative_to_positive, t.fn_to_tp, t.tn_to_fp, t.positive_to_negative, t.fp_to_tn, t.tp_to_fn};
}

SynsqlInputs synsql_inputs_of_run(const std::string& method, const std::string& system,
                                  const std::vector<SynsqlQuestion>& questions,
                                  const testdb::SuccessBreakdown* failures, const testdb::HumanLabels* labels) {
  SynsqlInputs in;
  in.items = questions.size();
  in.methods = {method};
  in.systems = {system};
  in.item_columns = {system + " original", system + " " + method};
  std::vector<testdb::AgreementItem> judged;
  size_t original_sr = 0;
  for (const auto& q : questions) {
    SynsqlInputs::Item row{q.id, q.test_db_id, {item_status_name(ItemStatus::NoDatabase)}};
    if (const auto* a = q.agreement) {
      judged.push_back(*a);
      original_sr += a->original.status == ItemStatus::Scored && a->original.gold_rows > 0;
      row.verdicts = {synsql_verdict(a->original), synsql_verdict(a->test)};
    }
    in.items_rows.push_back(std::move(row));
  }
  in.original_sr = judged.empty() ? 0 : 100.0 * static_cast<double>(original_sr) / static_cast<double>(judged.size());
  in.cells = {synsql_cell(method, system, testdb::summarize_agreement(judged))};
  if (labels) in.cells[0].labels = synsql_transitions(testdb::disagreement_transitions(judged, *labels));
  if (failures && failures->n > 0) in.failures = {{method, *failures}};
  return in;
}

}  // namespace chokepoint::study
