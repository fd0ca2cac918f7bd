// SynSQL's agreement metrics (§3, A.2) between an original database and a test database, over predictions scored
// on both by the metrics engine (core/metrics/pair_evaluation.h): SR, EX on each, Δ, the confusion counts with the
// original as reference, AR (Cohen's kappa, core/metrics/cohen_kappa.h), CC and the complexity buckets of A.1.
// Definitions the paper leaves open (decisions.md §27):
//   SR     gold non-empty on the test database, over every item; a gold that fails or times out there, or an item
//          whose database the test root lacks, is a failure. On a distilled test suite: non-empty on some member.
//   EX, Δ  over the reference items, those whose gold runs on the original database (the others have no verdict to
//          agree with); on the test database a failed gold or a missing database scores the prediction 0.
//   AR     kappa with P_e = 1 defined as AR = 1: P_e = 1 only when both databases gave one and the same verdict to
//          every item, so the observed agreement is 1 too (flagged ar_degenerate).
//   CC     mean number of columns of the test database's schema per item (the whole schema for the original and the
//          test-suite baseline, Table 4's "full schema" row); gold_columns is the mean of A.1's measure.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/metrics/pair_evaluation.h"
#include "core/testdb/complexity.h"

namespace chokepoint::testdb {

// One item scored on both databases.
struct AgreementItem {
  std::string id, db_id;
  size_t gold_columns = 0;  // complexity_bucket's measure (complexity.h), from the original schema
  size_t test_columns = 0;  // columns of the test database's schema; 0 when it has none
  ItemEvaluation original;  // evaluate_pair on the original database
  ItemEvaluation test;      // evaluate_pair on the test database (status NoDatabase when the root lacks it)
  // A distilled test suite (evaluate_pair_on_suite: right only on every member) stops at the first member where the
  // prediction differs, so its gold rows do not say whether the gold returns a row somewhere in the suite: SR's
  // verdict is given here (the gold non-empty on some member). Unset: the test evaluation's gold rows decide.
  std::optional<bool> test_gold_nonempty;
};

// Confusion with the original as reference: TP both say correct, TN both incorrect, FP only the test database says
// correct, FN only the original does (SynSQL A.2).
struct ConfusionCounts {
  size_t tp = 0, tn = 0, fp = 0, fn = 0;
  size_t n() const { return tp + tn + fp + fn; }
};

// AR = Cohen's kappa of the confusion (SynSQL eq. 3-5); 1 with *degenerate set when P_e = 1; nullopt for no items.
std::optional<double> agreement_rate(const ConfusionCounts& c, bool* degenerate = nullptr);

struct AgreementSummary {
  size_t n = 0;                                    // items
  size_t sr_success = 0, original_sr_success = 0;  // gold non-empty on the test / original database
  double sr = 0, original_sr = 0;                  // percent of n
  size_t test_gold_failures = 0;                   // gold failed or timed out on the test database
  size_t no_test_database = 0;                     // the test root has no database for the item
  size_t reference = 0;                            // items whose gold runs on the original: EX, Δ and AR count these
  double ex_original = 0, ex_test = 0;             // percent of reference
  double delta = 0;                                // |ex_original - ex_test|, points
  ConfusionCounts confusion;
  std::optional<double> ar;  // nullopt when reference = 0
  bool ar_degenerate = false;
  double cc = 0;            // mean test_columns over n
  double gold_columns = 0;  // mean gold_columns over n
};

// The summary over the items at `subset` (every item when empty).
AgreementSummary summarize_agreement(const std::vector<AgreementItem>& items, const std::vector<size_t>& subset = {});
// {n, sr, original_sr, reference, ex_original, ex_test, delta, ar (null when undefined), ar_degenerate, confusion:
// {tp, tn, fp, fn}, test_gold_failures, no_test_database, cc, gold_columns}: every front end's form.
nlohmann::ordered_json agreement_summary_json(const AgreementSummary& s);

struct BucketAgreement {
  ComplexityBucket bucket = ComplexityBucket::Unknown;
  AgreementSummary summary;
};
// One summary per bucket, in kComplexityBuckets order; buckets without items are left out.
std::vector<BucketAgreement> agreement_by_bucket(const std::vector<AgreementItem>& items);

}  // namespace chokepoint::testdb
