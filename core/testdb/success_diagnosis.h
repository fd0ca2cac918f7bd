// Why a question fails SynSQL's success rate, as Fig. 4 (A.3) breaks the failures down: a selector omission (the
// schema reduction left out a table or column the gold query uses, so the gold cannot find it: Fig. 5, question 387)
// or a misinterpretation (everything the gold needs was selected, yet the data gives it no row: Figs. 6-8, questions
// 156, 90, 803). One verdict per finished loop, and the counts per class with SR and CC as Table 4 reports them.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/result.h"
#include "core/db/connection.h"
#include "core/schema/schema.h"
#include "core/testdb/synthesis_loop.h"

namespace chokepoint::testdb {

enum class SuccessVerdict {
  Success,            // the gold returned a row on the synthetic data (SR counts it, §4.2)
  SelectorOmission,   // Fig. 4's "schema selector": a table or column the gold uses is not in the data's schema
  Misinterpretation,  // Fig. 4's "misinterpretation": all the gold uses is there, yet it returned no row (or failed)
  NoDatabase,         // not in Fig. 4: the loop kept no row, so there is no data to run the gold on
  GoldUnresolved,     // not in Fig. 4: the gold failed on the data and our parser cannot say which items it uses
};
const char* success_verdict_name(SuccessVerdict v);  // "success", "selector_omission", "misinterpretation", ...
// The verdict a name stands for (a manifest's "success"."verdict"); an error names an unknown one.
Result<SuccessVerdict> success_verdict_from_name(const std::string& name);

struct SuccessDiagnosis {
  SuccessVerdict verdict = SuccessVerdict::NoDatabase;
  size_t gold_rows = 0;              // rows the gold returned on the synthetic data
  std::string gold_error;            // why the gold did not run there ("" when it ran, or there was no data)
  std::vector<std::string> missing;  // SelectorOmission: what the schema lacks (missing_gold_items' form)
  size_t columns = 0;                // the question's CC: columns of the schema the data was written for
};

// The verdict from the schema the data was written for (`used`) and the gold's outcome on that data (nullptr when
// there is none). The gold's items are resolved against `full`, since the ones `used` lacks are the point.
SuccessDiagnosis classify_success(const Schema& full, const Schema& used, const std::string& gold_sql,
                                  const QueryOutcome* gold_outcome);

// The limits a run's verdicts are given under, in every front end: 5 s for the gold on the synthetic rows.
QueryLimits success_gold_limits();

// Over a finished loop: its chosen round's rows built in memory (open_synthetic_database), `gold_sql` run there
// under `limits`, then classify_success with the loop's full schema and schema().
SuccessDiagnosis diagnose_success(const SynthesisLoop& loop, const std::string& gold_sql,
                                  const QueryLimits& limits = success_gold_limits());

// One question's verdict as a manifest keeps it: {"verdict", "missing", "columns"}.
nlohmann::ordered_json success_diagnosis_json(const SuccessDiagnosis& d);
// Read back (a run's manifest); an error names what is wrong with it.
Result<SuccessDiagnosis> success_diagnosis_from_json(const nlohmann::json& j);

// Counts over the questions of one run: SR and CC are a row of Table 4, the failure classes Fig. 4's bars.
struct SuccessBreakdown {
  size_t n = 0, success = 0;
  size_t selector_omission = 0, misinterpretation = 0;  // Fig. 4 (40 and 44 of 84 failures on 500 BIRD questions)
  size_t no_database = 0, gold_unresolved = 0;          // failures Fig. 4 has no bar for, counted apart
  size_t cc_items = 0, cc_columns = 0;                  // questions with a schema, and their columns in all
  void add(const SuccessDiagnosis& d);
  size_t failures() const { return n - success; }
  double sr() const { return n == 0 ? 0.0 : 100.0 * static_cast<double>(success) / static_cast<double>(n); }
  // Mean columns over the questions that have a schema (a selector that could not be read leaves none).
  double cc() const { return cc_items == 0 ? 0.0 : static_cast<double>(cc_columns) / static_cast<double>(cc_items); }
};
// {n, sr, cc, success, failures, selector_omission, misinterpretation, no_database, gold_unresolved}: every front
// end's form.
nlohmann::ordered_json success_breakdown_json(const SuccessBreakdown& b);

}  // namespace chokepoint::testdb
