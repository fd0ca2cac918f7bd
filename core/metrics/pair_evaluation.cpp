// Execution and scoring of pairs.
#include "core/metrics/pair_evaluation.h"
#include "core/base/clock.h"

#include <chrono>

#include "core/metrics/evaluation_job.h"

namespace chokepoint {

ItemEvaluation evaluate_pair(const Connection& db, const EvalPair& pair, const EvaluationOptions& options) {
  ItemEvaluation item;
  item.id = pair.id;
  item.db_id = pair.db_id;
  QueryOutcome gold = db.query(pair.gold_sql, options.limits);
  item.gold_status = gold.status;
  item.gold_ms = gold.elapsed_ms;
  if (!gold.ok()) {
    item.status = ItemStatus::GoldError;
    item.message = "gold: " + gold.message;
    return item;
  }
  QueryOutcome pred = db.query(pair.pred_sql, options.limits);
  item.pred_status = pred.status;
  item.pred_ms = pred.elapsed_ms;
  item.truncated = gold.result.truncated || pred.result.truncated;
  const double start = monotonic_ms();
  if (!pred.ok()) {
    item.message = "prediction: " + pred.message;
    item.scores.assign(options.regimes.size(), FineGrainedScore{});
    for (auto& s : item.scores) s.gold_cells = gold.result.rows.size() * gold.result.column_names.size();
  } else {
    item.ex = execution_match(options.semantics, pair.gold_sql, gold.result, pred.result);
    auto cmps = compare_results_for_regimes(gold.result, pred.result, options.regimes, item.ex, options.columns,
                                            !options.keep_details);
    if (!cmps.ok()) {
      item.message = cmps.error();
      item.scores.assign(options.regimes.size(), FineGrainedScore{});
    } else {
      for (auto& c : *cmps) item.scores.push_back(c.score);
      if (options.keep_details) item.comparisons = std::move(*cmps);
    }
  }
  item.scoring_ms = elapsed_ms(start);
  if (options.keep_details) {
    item.gold_result = std::move(gold.result);
    item.pred_result = std::move(pred.result);
  }
  return item;
}

std::vector<ItemEvaluation> evaluate_pairs(const std::vector<EvalPair>& pairs, DatabasePool& pool,
                                           const EvaluationOptions& options) {
  EvaluationJob job(pairs, options, [&pool](const std::string& db_id) { return pool.get(db_id); });
  job.advance([] { return true; });
  return job.take_items();
}

EvaluationSummary summarize(const std::vector<ItemEvaluation>& items, const std::vector<Regime>& regimes,
                            const std::vector<size_t>& subset) {
  EvaluationSummary s;
  std::vector<size_t> chosen = subset;
  if (chosen.empty())
    for (size_t i = 0; i < items.size(); ++i) chosen.push_back(i);
  for (const auto& r : regimes) s.regimes.push_back({r, 0, 0, 0});
  for (size_t i : chosen) {
    if (i >= items.size()) continue;
    const auto& it = items[i];
    ++s.n;
    if (it.status == ItemStatus::NoDatabase) {
      ++s.no_database;
      continue;
    }
    if (it.status == ItemStatus::GoldError) {
      ++s.gold_errors;
      if (it.gold_status == QueryStatus::Timeout) ++s.gold_timeouts;
      continue;
    }
    ++s.scored;
    if (it.ex) ++s.correct;
    if (it.pred_status == QueryStatus::Error) ++s.pred_errors;
    if (it.pred_status == QueryStatus::Timeout) ++s.timeouts;
    for (size_t k = 0; k < regimes.size() && k < it.scores.size(); ++k) {
      s.regimes[k].exp += it.scores[k].exp;
      s.regimes[k].exr += it.scores[k].exr;
      s.regimes[k].f1 += it.scores[k].f1;
    }
  }
  if (s.scored > 0) {
    double n = static_cast<double>(s.scored);
    s.ex = 100.0 * static_cast<double>(s.correct) / n;
    for (auto& m : s.regimes) {
      m.exp = 100.0 * m.exp / n;
      m.exr = 100.0 * m.exr / n;
      m.f1 = 100.0 * m.f1 / n;
    }
  }
  return s;
}

}  // namespace chokepoint
