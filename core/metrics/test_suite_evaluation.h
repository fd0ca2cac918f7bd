// Distilled test suites (Zhong et al. 2020, Spider's test-suite evaluator): a db_id's folder holds the original
// database and fuzzed ones, and a prediction is correct only if its result matches the gold's on every one of them.
// exec_eval.py eval_exec_match runs the pair on each database of the folder and stops at the first mismatch; so do
// we, in DatabasePool::get_suite's order, each database within the item's limits.
#pragma once
#include <vector>

#include "core/db/database_pool.h"
#include "core/metrics/pair_evaluation.h"

namespace chokepoint {

// The pair on each database in turn (evaluate_pair). All match: the first database's item, EX = 1. Otherwise the
// item of the database where the prediction first failed or differed (or the gold failed: the reference stops
// there with an assertion, we report a gold error naming the file). suite_databases counts the databases run and
// suite_failed_database names the failing file; gold_ms, pred_ms and scoring_ms add up over the databases run.
ItemEvaluation evaluate_pair_on_suite(const std::vector<PooledDatabase>& databases, const EvalPair& pair,
                                      const EvaluationOptions& options);

// evaluate_pairs with options.test_suite: each pair on pool.get_suite(db_id); an item whose suite cannot be opened
// is NoDatabase with the reason.
std::vector<ItemEvaluation> evaluate_pairs_on_suites(const std::vector<EvalPair>& pairs, DatabasePool& pool,
                                                     const EvaluationOptions& options);

}  // namespace chokepoint
