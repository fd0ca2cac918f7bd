// Tie-aware EX (EvaluationOptions::tie_aware): when the gold's ORDER BY ... LIMIT n cuts through rows with equal
// ordering keys, which of the tied rows the gold returns is the engine's choice, so a prediction returning another
// member of the tie is as right. The caller supplies the queries (EvalPair::tie, built with sql::tie_probe); here
// they run and a second, equally valid gold answer is built to fit the prediction.
//
// The rule: with U the gold without its LIMIT (rows in order) and K its ordering keys (the same order, so K[i] is
// U[i]'s key: the sorted key sequence is the same whatever order ties take), the gold's rows are U[m, m + n) for
// OFFSET m; the tie group is U[a, b), the rows whose key equals the key of the last kept row. A valid gold is the
// rows U[m, max(m, a)) strictly before the tie, followed by any c = (window end) - max(m, a) rows of the tie group
// in any order. The one built takes, among the tie group's rows, those the prediction holds (exact equality, the
// gold's column order, in the prediction's order), padded with the group's other rows; the semantics' own
// comparison (tolerance included) then decides. Each built gold is a valid answer, so nothing wrong is accepted;
// a prediction whose columns are permuted (Spider) is not looked for in the tie group and may be missed.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/db/connection.h"
#include "core/metrics/pair_evaluation.h"

namespace chokepoint {

// The gold answer built by the rule above; nullopt when the queries' results do not fit it (different lengths, no
// row with the tie key, or a tie key that does not reach past the gold's last row).
std::optional<ResultSet> tie_member_gold(const ResultSet& unlimited, const std::vector<Row>& keys, const Row& tie_key,
                                         long long limit, long long offset, const ResultSet& pred);

struct TieCheck {
  bool tied = false;              // the probe returned two rows with equal keys
  std::optional<ResultSet> gold;  // with want_gold and a tie: tie_member_gold
  double ms = 0;                  // SQLite time of the queries run
};

// Runs the probe (and, when tied and want_gold, the un-limited queries) through `run`.
TieCheck check_tie(const GoldTieQueries& queries, const ResultSet& pred, bool want_gold,
                   const std::function<QueryOutcome(const std::string&)>& run);

}  // namespace chokepoint
