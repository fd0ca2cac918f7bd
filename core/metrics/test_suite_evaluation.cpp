// A pair on every database of its test suite, stopping at the first mismatch.
#include "core/metrics/test_suite_evaluation.h"

#include <utility>

namespace chokepoint {

ItemEvaluation evaluate_pair_on_suite(const std::vector<PooledDatabase>& databases, const EvalPair& pair,
                                      const EvaluationOptions& options) {
  ItemEvaluation first;
  double gold_ms = 0, pred_ms = 0, scoring_ms = 0;
  for (size_t k = 0; k < databases.size(); ++k) {
    ItemEvaluation item = evaluate_pair(*databases[k].connection, pair, options);
    gold_ms += item.gold_ms;
    pred_ms += item.pred_ms;
    scoring_ms += item.scoring_ms;
    if (item.status != ItemStatus::Scored || !item.ex) {
      item.suite_databases = k + 1;
      item.suite_failed_database = databases[k].name;
      if (k > 0 && !item.message.empty()) item.message = databases[k].name + ": " + item.message;
      item.gold_ms = gold_ms;
      item.pred_ms = pred_ms;
      item.scoring_ms = scoring_ms;
      return item;
    }
    if (k == 0) first = std::move(item);
  }
  first.id = pair.id;
  first.db_id = pair.db_id;
  first.suite_databases = databases.size();
  first.gold_ms = gold_ms;
  first.pred_ms = pred_ms;
  first.scoring_ms = scoring_ms;
  return first;
}

std::vector<ItemEvaluation> evaluate_pairs_on_suites(const std::vector<EvalPair>& pairs, DatabasePool& pool,
                                                     const EvaluationOptions& options) {
  std::vector<ItemEvaluation> items;
  items.reserve(pairs.size());
  for (const auto& pair : pairs) {
    auto suite = pool.get_suite(pair.db_id);
    if (suite.ok() && !suite->empty()) {
      items.push_back(evaluate_pair_on_suite(*suite, pair, options));
      continue;
    }
    ItemEvaluation item;
    item.id = pair.id;
    item.db_id = pair.db_id;
    item.status = ItemStatus::NoDatabase;
    item.message = suite.ok() ? "database " + pair.db_id + " is not available" : suite.error();
    items.push_back(std::move(item));
  }
  return items;
}

}  // namespace chokepoint
