// Evaluating gold/predicted SQL pairs end to end: execute both on the item's database within the limits, compute
// EX under the chosen semantics and EXP/EXR/F1 under each requested regime. Gold failures are reported apart and
// not scored (decisions.md §7); a prediction that fails or times out scores 0 everywhere.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/db/connection.h"
#include "core/db/database_pool.h"
#include "core/metrics/execution_accuracy.h"
#include "core/metrics/fine_grained_metrics.h"
#include "core/metrics/regime.h"

namespace chokepoint {

// Tie-aware EX (EvaluationOptions::tie_aware) of a pair's gold_sql, filled by callers that parse SQL (core/metrics
// may not: the CLI uses sql::tie_probe); empty probe_sql when the gold has no top-level ORDER BY ... LIMIT n.
struct GoldTieQueries {
  std::string probe_sql;          // the ordering keys of the last kept row and the first dropped one (LIMIT 2)
  std::string keys_sql;           // the probe without LIMIT/OFFSET: the ordering keys of every row, in order
  std::string unlimited_sql;      // gold_sql without LIMIT/OFFSET
  int64_t limit = 0, offset = 0;  // the gold's LIMIT n and OFFSET m
};

struct EvalPair {
  std::string id;  // question id or position, for reports
  std::string db_id;
  std::string gold_sql;
  std::string pred_sql;
  // Further gold answers (gold_alternatives.h): EX = 1 when the prediction matches any; empty for one gold.
  std::vector<std::string> gold_alternatives = {};
  GoldTieQueries tie = {};  // for options.tie_aware; empty unless the caller filled it
};

struct EvaluationOptions {
  ExSemantics semantics = ExSemantics::Bird;
  std::vector<Regime> regimes = table_xi_regimes();
  QueryLimits limits;  // timeout_ms bounds the whole item: gold, prediction and scoring together
  ColumnMatchOptions columns;
  bool keep_details = false;  // keep results and comparisons, for explanations
  // With keep_details: at most this many bytes of each result are kept (the leading rows), so a run that keeps
  // details for every item stays small whatever the predictions return; 0 keeps everything (the CLI's --explain).
  size_t kept_result_bytes = 0;
  // Distilled test suites (test_suite_evaluation.h): EX = 1 only if the pair matches on every database of the
  // db_id's folder. evaluate_pairs honours it; evaluate_pair on one connection and the app's job do not.
  bool test_suite = false;
  // Numeric tolerance of EX, every semantics (value_equality.h tolerant_equal): numbers a, b are equal when
  // |a - b| <= max(abs_tolerance, rel_tolerance * max(|a|, |b|)); both 0 (the default) is exact equality.
  double abs_tolerance = 0, rel_tolerance = 0;
  // Tie-aware EX: a gold whose ORDER BY ... LIMIT n cuts through equal keys accepts any other member of the tie
  // (EvalPair::tie; rule at evaluate_pair). Off by default.
  bool tie_aware = false;
  NumericTolerance tolerance() const { return {abs_tolerance, rel_tolerance}; }
};

enum class ItemStatus {
  Scored,      // gold ran; EX and the metrics are set (a failed prediction scores 0)
  GoldError,   // gold SQL failed or timed out: reported, not scored
  NoDatabase,  // the item's database could not be opened: reported, not scored
};
const char* item_status_name(ItemStatus s);  // "scored", "gold_error", "no_database" (stable: reports use it)

struct ItemEvaluation {
  std::string id, db_id;
  ItemStatus status = ItemStatus::Scored;
  QueryStatus gold_status = QueryStatus::Ok;
  QueryStatus pred_status = QueryStatus::Ok;
  std::string message;  // why gold or prediction failed (SQLite's message, the open error, or the limit reached)
  bool ex = false;
  double soft_f1 = 0;      // BIRD mini-dev's Soft-F1 in [0, 1] (soft_f1.h); 0 for a failed prediction
  bool truncated = false;  // a result hit the row or size cap (scores use the rows read)
  std::string truncation;  // which result and which cap, e.g. "prediction: row cap of 100000 rows"
  std::string capped;      // a scoring search that stopped at its cap (Spider's permutation search, SC's column cap)
  // ExSemantics::TestSuite: the SQL executed instead of the given one when the rewrites changed it
  // (test_suite_rewrite.h); empty when it ran as given.
  std::string executed_gold_sql, executed_pred_sql;
  // options.test_suite: databases of the suite the pair ran on (it stops at the first mismatch), and the file
  // where the prediction first failed or differed (empty when it matched on all); 0 and empty otherwise.
  size_t suite_databases = 0;
  std::string suite_failed_database;
  size_t golds = 1;            // gold answers the pair has (1 + gold_alternatives)
  size_t matched_gold = 0;     // the gold answer that decided: the one matched, else the first that ran (0 = gold_sql)
  bool tie_dependent = false;  // options.tie_aware: the gold's LIMIT cuts through a tie (its probe's two rows equal)
  bool tie_accepted = false;   // options.tie_aware turned EX 0 into 1: the prediction holds another member of the tie
  std::vector<std::string> ex_reasons;   // with keep_details, when both ran and EX = 0: why (ex_reasons.h)
  std::vector<FineGrainedScore> scores;  // one per options.regimes when Scored
  double gold_ms = 0, pred_ms = 0;       // SQLite time, from the connection
  double scoring_ms = 0;                 // EX plus all regimes
  size_t gold_rows = 0, pred_rows = 0;   // rows each query returned (within the caps)
  // With keep_details (the leading rows only when kept_result_bytes trimmed them):
  ResultSet gold_result, pred_result;
  std::vector<PairComparison> comparisons;
};

ItemEvaluation evaluate_pair(const Connection& db, const EvalPair& pair, const EvaluationOptions& options);
// The item of a pair whose evaluation never came back (the app's worker stopped answering or aborted on it): scored
// as a failed prediction with `status` (Error or Timeout) and `message`, so the run goes on and says why.
ItemEvaluation unfinished_item(const EvalPair& pair, size_t regimes, QueryStatus status, std::string message);
// Evaluates each pair on pool.get(db_id): what an EvaluationJob (evaluation_job.h) run to the end gives, without
// copying the pairs; output in input order.
std::vector<ItemEvaluation> evaluate_pairs(const std::vector<EvalPair>& pairs, DatabasePool& pool,
                                           const EvaluationOptions& options);

struct RegimeMeans {
  Regime regime;
  double exp = 0, exr = 0, f1 = 0;  // percent means over scored items
};

struct EvaluationSummary {
  size_t n = 0;            // items given
  size_t scored = 0;       // items whose gold ran
  size_t correct = 0;      // scored items with EX = 1
  double ex = 0;           // percent of scored items
  double soft_f1 = 0;      // percent mean of Soft-F1 over scored items
  size_t gold_errors = 0;  // gold failed or timed out (not scored)
  size_t gold_timeouts = 0;
  size_t no_database = 0;
  size_t pred_errors = 0;  // predictions that failed (scored 0), timeouts excluded
  size_t timeouts = 0;     // predictions stopped by the time limit (scored 0)
  std::vector<RegimeMeans> regimes;
};

// Means over the items whose positions are in `subset` (all items when empty); only Scored items count.
EvaluationSummary summarize(const std::vector<ItemEvaluation>& items, const std::vector<Regime>& regimes,
                            const std::vector<size_t>& subset = {});

// Each scored pair's EX = 1 by its id, items in pair order; a pair that was not scored (its gold failed, no database)
// has no entry. What `tqa denat --keep-by system-ex` and the page's variant keep items by.
std::map<std::string, bool> ex_by_pair_id(const std::vector<EvalPair>& pairs, const std::vector<ItemEvaluation>& items);

}  // namespace chokepoint
