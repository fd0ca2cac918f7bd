// Evaluating gold/predicted SQL pairs end to end: execute both on the item's database within the limits, compute
// EX under the chosen semantics and EXP/EXR/F1 under each requested regime. Gold failures are reported apart and
// not scored (decisions.md §7); a prediction that fails or times out scores 0 everywhere.
#pragma once
#include <string>
#include <vector>

#include "core/db/connection.h"
#include "core/db/database_pool.h"
#include "core/metrics/execution_accuracy.h"
#include "core/metrics/fine_grained_metrics.h"
#include "core/metrics/regime.h"

namespace chokepoint {

struct EvalPair {
  std::string id;  // question id or position, for reports
  std::string db_id;
  std::string gold_sql;
  std::string pred_sql;
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
  bool truncated = false;  // a result hit the row or size cap (scores use the rows read)
  std::string truncation;  // which result and which cap, e.g. "prediction: row cap of 100000 rows"
  std::string capped;      // a scoring search that stopped at its cap (Spider's permutation search, SC's column cap)
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
// Evaluates each pair on pool.get(db_id): an EvaluationJob (evaluation_job.h) run to the end; output in input order.
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

}  // namespace chokepoint
