// The synsql study (SynSQL Tables 1-3): how well test databases (SynSQL's synthetic ones, the test-suite baseline's,
// any other root) agree with the original databases when they judge systems' predictions. For each test database
// root ("method") and system: SR, the share of golds that return a row there; EX there and on the original, their
// gap Δ; AR, Cohen's kappa of the two verdicts, with its Landis-Koch band; CC, the columns the test schema offers.
// Against human labels, the disagreements split as Table 3 splits them. The paper's rows stand beside ours.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/metrics/pair_evaluation.h"
#include "core/study/study_report.h"
#include "core/testdb/agreement.h"
#include "core/testdb/disagreement_transitions.h"
#include "core/testdb/human_labels.h"
#include "core/testdb/success_diagnosis.h"

namespace chokepoint::study {

// Table 3's counts for one method and system, over the labelled items.
struct SynsqlTransitions {
  size_t labelled = 0;
  size_t negative_to_positive = 0, fn_to_tp = 0, tn_to_fp = 0;
  size_t positive_to_negative = 0, fp_to_tn = 0, tp_to_fn = 0;
};

// One method (test database root) and system: what `chokepoint agreement` computes.
struct SynsqlCell {
  std::string method, system;
  size_t n = 0, reference = 0;  // items; those whose gold runs on the original (EX, Δ and AR count these)
  double sr = 0, ex_original = 0, ex_test = 0, delta = 0, cc = 0;
  std::optional<double> ar;  // percent; unset when no item had a verdict on the original
  std::string ar_band;       // "substantial", ...
  std::optional<SynsqlTransitions> labels;
};

struct SynsqlInputs {
  size_t items = 0;
  double original_sr = 0;            // SR of the golds on the original databases
  std::vector<std::string> methods;  // in the order given
  std::vector<std::string> systems;
  std::vector<SynsqlCell> cells;  // one per method and system
  // Per item: its verdict under each column of item_columns ("A original", "A synsql", ...): "1", "0", or the
  // status that left it unscored ("gold_error", "no_database").
  std::vector<std::string> item_columns;
  struct Item {
    std::string id, db_id;
    std::vector<std::string> verdicts;
  };
  std::vector<Item> items_rows;
  // Fig. 4, per method whose run said why each of its questions fails SR (`chokepoint synth`'s manifest, the app's
  // Synthesis run); a method without one has no row.
  struct Failures {
    std::string method;
    testdb::SuccessBreakdown breakdown;
  };
  std::vector<Failures> failures;
};

StudyReport synsql_report(const SynsqlInputs& in);

// One method and system's cell from the agreement of its items (testdb::summarize_agreement, as `chokepoint
// agreement` sums one test root): AR in percent with its Landis-Koch band. For a caller that scored the items itself
// (the app's Synthesis tab); the CLI reads the same figures from `agreement`'s report.
SynsqlCell synsql_cell(const std::string& method, const std::string& system, const testdb::AgreementSummary& s);
// An item's verdict as the per-item table reads it: "1" or "0" when scored, else its status ("gold_error", ...).
std::string synsql_verdict(const ItemEvaluation& e);

// One question of a single root's run (the app's Synthesis tab): its id, its test database's id and, when its
// original database was there to judge it on, its agreement item (not owned).
struct SynsqlQuestion {
  std::string id, test_db_id;
  const testdb::AgreementItem* agreement = nullptr;
};
// The inputs of Tables 1 and 2 for one method (the root) and one system over the run's questions: the cell from the
// questions with an agreement item, the originals' SR over them, and one row per question (a question without one
// reads "no_database"). Needs at least one agreement item.
// `failures`: the run's Fig. 4 breakdown, when it has one; `labels`: the humans' verdicts, for Table 3 over the
// questions with an agreement item (as `chokepoint agreement --labels` counts them).
SynsqlInputs synsql_inputs_of_run(const std::string& method, const std::string& system,
                                  const std::vector<SynsqlQuestion>& questions,
                                  const testdb::SuccessBreakdown* failures = nullptr,
                                  const testdb::HumanLabels* labels = nullptr);
// Another test database root judged on the same questions, for the same system (the app's distilled test suite
// beside its synthesis): its cell from the questions with an agreement item, and its verdict appended to their rows
// (a row without one is left as is, blank under the method, as `chokepoint study synsql` leaves it). `agreement` holds
// one entry per row of `in`, in order (null: none); `in` has one system. `labels` as above.
void add_method_of_run(SynsqlInputs& in, const std::string& method,
                       const std::vector<const testdb::AgreementItem*>& agreement,
                       const testdb::HumanLabels* labels = nullptr);
// The note a study gives a method that is a distilled test suite (`databases` members over `db_ids` db_ids): how a
// prediction is judged there, and why it has no Fig. 4 row.
std::string distilled_suite_note(const std::string& method, size_t databases, size_t db_ids);

// Table 3's counts of a cell from the transitions against the labels.
SynsqlTransitions synsql_transitions(const testdb::DisagreementTransitions& t);

}  // namespace chokepoint::study
