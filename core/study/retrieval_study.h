// The retrieval study (SQLMorph §V-D-b, Table VIII): how well schema retrieval finds the columns a question needs
// when questions and schemas are made less natural. For each setting (O/O, L/O, O/L, L/L) and approach
// (Full-Schema, SCSL, TCSL): FPR, the share of retrieved columns the gold does not use, and SLR, the share of questions
// whose gold columns were all retrieved (core/linking/linking_scores.h), the paper's values beside ours, the change
// against O/O, and one row per item.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/dataset/eval_set.h"
#include "core/linking/column_retrieval.h"
#include "core/linking/linking_scores.h"
#include "core/study/study_report.h"

namespace chokepoint::study {

struct RetrievalCell {
  std::string approach;  // "full-schema", "scsl", "tcsl"
  std::string setting;   // "O/O", "L/O", "O/L", "L/L"
  linking::RetrievalScores scores;
};

struct RetrievalItemRow {
  std::string setting, approach, id, db_id;
  std::string outcome;             // linked, unreadable, no_answer, no_schema, gold_unusable
  size_t gold = 0, retrieved = 0;  // columns
  std::optional<bool> all_gold;    // SLR's question: every gold column retrieved (unset: not scored)
  std::optional<double> fpr;       // percent; unset when nothing was retrieved or not scored
};

// One row per item of a (setting, approach) run: its outcome, column counts, and, when scored, whether every gold
// column was retrieved and its own FPR. `items` are retrieve_items' for `set`.
std::vector<RetrievalItemRow> retrieval_item_rows(const EvalSet& set, const std::vector<linking::RetrievedItem>& items,
                                                  const std::string& setting, const std::string& approach);

// The report over the settings and approaches run, in the orders given (approaches as the paper lays them out:
// full-schema, scsl, tcsl). `model` names who retrieved ("" when only full-schema ran).
StudyReport retrieval_report(const std::vector<std::string>& settings, const std::vector<std::string>& approaches,
                             const std::vector<RetrievalCell>& cells, const std::vector<RetrievalItemRow>& items,
                             const std::string& model);

// A front end's Table VIII kept run by run (the app's Retrieval tab): the newest run of one approach on a set labelled
// with one setting (0..3: O/O, L/O, O/L, L/L), its scores and item rows.
struct RetrievalRun {
  linking::RetrievalApproach approach = linking::RetrievalApproach::FullSchema;
  int setting = 0;
  std::string set, model;  // model: "" for full-schema, which asks no model
  bool foreign_keys = false;
  linking::RetrievalScores scores;
  std::vector<RetrievalItemRow> rows;
};

// The report of such runs, laid out as the CLI lays `study retrieval --approach full-schema,scsl,tcsl` out: settings
// in the paper's order, then approaches in the paper's order (full-schema, scsl, tcsl), each run's rows; the inputs
// name each setting's set (and which approaches ran on which set when they differ) and fk; a note names each setting
// without a run. Refused, saying why: no run; runs by two models; runs with and without foreign keys.
Result<StudyReport> retrieval_report_of_runs(const std::vector<RetrievalRun>& runs);

}  // namespace chokepoint::study
