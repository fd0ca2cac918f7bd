// Execution and scoring of pairs.
#include "core/metrics/pair_evaluation.h"
#include "core/base/clock.h"
#include "core/base/deadline.h"

#include <chrono>

#include "core/metrics/evaluation_job.h"
#include "core/metrics/ex_reasons.h"
#include "core/metrics/soft_f1.h"
#include "core/metrics/test_suite_evaluation.h"
#include "core/metrics/test_suite_rewrite.h"
#include "core/metrics/tie_aware_match.h"

namespace chokepoint {

namespace {

std::string truncation_of(const ResultSet& gold, const ResultSet& pred) {
  std::string out;
  if (gold.truncated) out = "gold: " + gold.truncation;
  if (pred.truncated) out += (out.empty() ? "" : "; ") + std::string("prediction: ") + pred.truncation;
  return out;
}

std::string item_limit(int timeout_ms) { return "the item's time limit of " + std::to_string(timeout_ms) + " ms"; }

void score_as_failed(ItemEvaluation& item, const ResultSet& gold, size_t regimes) {
  item.ex = false;
  item.scores.assign(regimes, FineGrainedScore{});
  for (auto& s : item.scores) s.gold_cells = gold.rows.size() * gold.column_names.size();
}

}  // namespace

const char* item_status_name(ItemStatus s) {
  switch (s) {
    case ItemStatus::Scored:
      return "scored";
    case ItemStatus::GoldError:
      return "gold_error";
    case ItemStatus::NoDatabase:
      return "no_database";
  }
  return "";
}

ItemEvaluation unfinished_item(const EvalPair& pair, size_t regimes, QueryStatus status, std::string message) {
  ItemEvaluation item;
  item.id = pair.id;
  item.db_id = pair.db_id;
  item.pred_status = status;
  item.message = std::move(message);
  score_as_failed(item, ResultSet{}, regimes);
  return item;
}

ItemEvaluation evaluate_pair(const Connection& db, const EvalPair& pair, const EvaluationOptions& options) {
  ItemEvaluation item;
  item.id = pair.id;
  item.db_id = pair.db_id;
  // One deadline for the item: the prediction gets what the gold left, scoring what both left.
  const Deadline deadline = Deadline::after_ms(options.limits.timeout_ms);
  // Test-suite semantics run the evaluator's rewritten queries (test_suite_rewrite.h), and say so when they differ.
  const bool rewrite = options.semantics == ExSemantics::TestSuite;
  const TestSuiteQueries rewritten = rewrite ? test_suite_rewrite(pair.gold_sql, pair.pred_sql) : TestSuiteQueries{};
  const std::string& pred_sql = rewrite ? rewritten.pred : pair.pred_sql;
  if (&pred_sql != &pair.pred_sql && pred_sql != pair.pred_sql) item.executed_pred_sql = pred_sql;  // rewritten
  // The gold answers as given and as executed; each runs at most once, and only when it can still decide.
  std::vector<const std::string*> given{&pair.gold_sql};
  for (const auto& alternative : pair.gold_alternatives) given.push_back(&alternative);
  std::vector<std::string> rewritten_golds;  // test-suite semantics: the answers as rewritten
  if (rewrite) {
    rewritten_golds.push_back(rewritten.gold);
    for (const auto& alternative : pair.gold_alternatives)
      rewritten_golds.push_back(test_suite_rewrite(alternative, pair.pred_sql).gold);
  }
  std::vector<const std::string*> golds;  // as executed: the given texts unless rewritten (no copies)
  for (size_t k = 0; k < given.size(); ++k) golds.push_back(rewrite ? &rewritten_golds[k] : given[k]);
  item.golds = golds.size();
  // Later answers (and the tie queries) get what the item's time limit has left.
  const auto run_within = [&](const std::string& sql) {
    QueryLimits limits = options.limits;
    if (deadline.limited()) limits.timeout_ms = deadline.remaining_ms();
    if (deadline.limited() && limits.timeout_ms == 0) {
      QueryOutcome out;
      out.status = QueryStatus::Timeout;
      out.message = "stopped at " + item_limit(options.limits.timeout_ms);
      return out;
    }
    return db.query(sql, limits);
  };
  // The first gold answer that runs decides unless a later one matches; the item is a gold error only when every
  // answer fails (the message and status are the first answer's).
  size_t decided = 0;
  QueryOutcome gold = db.query(*golds[0], options.limits);
  item.gold_status = gold.status;
  item.gold_ms = gold.elapsed_ms;
  const std::string first_gold_message = gold.message;
  const bool first_gold_ran = gold.ok();
  while (!gold.ok() && decided + 1 < golds.size()) {
    gold = run_within(*golds[++decided]);
    item.gold_ms += gold.elapsed_ms;
  }
  if (!gold.ok()) {
    item.status = ItemStatus::GoldError;
    item.message = "gold: " + first_gold_message;
    if (golds.size() > 1)
      item.message += " (and the other " + std::to_string(golds.size() - 1) + " gold answers failed)";
    return item;
  }
  item.gold_status = QueryStatus::Ok;
  const auto note_decided = [&]() {
    item.matched_gold = decided;
    item.gold_rows = gold.result.rows.size();
    // Texts are compared only when rewritten (otherwise both point to the given one).
    const bool differs = golds[decided] != given[decided] && *golds[decided] != *given[decided];
    item.executed_gold_sql = differs ? *golds[decided] : std::string();
  };
  note_decided();
  QueryLimits pred_limits = options.limits;
  if (deadline.limited()) pred_limits.timeout_ms = deadline.remaining_ms();
  QueryOutcome pred;
  if (deadline.limited() && pred_limits.timeout_ms == 0) {
    pred.status = QueryStatus::Timeout;
  } else {
    pred = db.query(pred_sql, pred_limits);
  }
  item.pred_status = pred.status;
  item.pred_ms = pred.elapsed_ms;
  item.pred_rows = pred.result.rows.size();
  item.truncated = gold.result.truncated || pred.result.truncated;
  item.truncation = truncation_of(gold.result, pred.result);
  const double start = monotonic_ms();
  if (pred.status == QueryStatus::Timeout) {
    item.message = "prediction: stopped at " + item_limit(options.limits.timeout_ms) + " (gold " +
                   std::to_string(static_cast<long long>(item.gold_ms)) + " ms)";
    score_as_failed(item, gold.result, options.regimes.size());
  } else if (!pred.ok()) {
    item.message = "prediction: " + pred.message;
    score_as_failed(item, gold.result, options.regimes.size());
  } else {
    bool permutations_capped = false;
    const NumericTolerance tolerance = options.tolerance();
    item.ex = execution_match(options.semantics, *golds[decided], gold.result, pred.result, deadline,
                              &permutations_capped, tolerance);
    for (size_t k = decided + 1; !item.ex && k < golds.size() && !deadline.passed(); ++k) {
      QueryOutcome alternative = run_within(*golds[k]);
      item.gold_ms += alternative.elapsed_ms;
      bool capped = false;
      if (!alternative.ok() ||
          !execution_match(options.semantics, *golds[k], alternative.result, pred.result, deadline, &capped, tolerance))
        continue;
      item.ex = true;
      permutations_capped = false;
      decided = k;
      gold = std::move(alternative);
      note_decided();
    }
    // Tie-aware EX on the first gold answer (the one EvalPair::tie describes).
    if (options.tie_aware && first_gold_ran && !pair.tie.probe_sql.empty() && !deadline.passed()) {
      const TieCheck tie = check_tie(pair.tie, pred.result, !item.ex, run_within);
      item.gold_ms += tie.ms;
      item.tie_dependent = tie.tied;
      if (!item.ex && tie.gold &&
          execution_match(options.semantics, *golds[0], *tie.gold, pred.result, deadline, nullptr, tolerance)) {
        item.ex = item.tie_accepted = true;
        permutations_capped = false;
        decided = 0;
        gold.result = std::move(*tie.gold);
        note_decided();
      }
    }
    item.truncated = gold.result.truncated || pred.result.truncated;
    item.truncation = truncation_of(gold.result, pred.result);
    item.soft_f1 = soft_f1(gold.result, pred.result);
    if (!item.ex && options.keep_details)
      item.ex_reasons = ex_zero_reasons(options.semantics, *golds[decided], gold.result, pred.result);
    if (permutations_capped)
      item.capped = "EX: the column permutation search stopped after " + std::to_string(kMaxPermutations) +
                    " permutations without a match";
    auto cmps = compare_results_for_regimes(gold.result, pred.result, options.regimes, item.ex, options.columns,
                                            !options.keep_details, deadline);
    if (deadline.passed()) {
      // Scoring ran out of the item's time: the item is a timeout, whatever part of it was scored.
      item.pred_status = QueryStatus::Timeout;
      item.message = "prediction: scoring stopped at " + item_limit(options.limits.timeout_ms);
      score_as_failed(item, gold.result, options.regimes.size());
    } else if (!cmps.ok()) {
      item.message = cmps.error();
      item.scores.assign(options.regimes.size(), FineGrainedScore{});
    } else {
      item.scores.reserve(cmps->size());
      for (auto& c : *cmps) item.scores.push_back(c.score);
      for (const auto& c : *cmps)
        if (c.columns_capped) {
          item.capped += std::string(item.capped.empty() ? "" : "; ") + "SC matched the first " +
                         std::to_string(kMaxSemanticColumns) + " columns of each side";
          break;
        }
      if (options.keep_details) item.comparisons = std::move(*cmps);
    }
  }
  item.scoring_ms = elapsed_ms(start);
  if (options.keep_details) {
    item.gold_result = std::move(gold.result);
    item.pred_result = std::move(pred.result);
    if (options.kept_result_bytes > 0) {
      keep_leading_rows(item.gold_result, options.kept_result_bytes);
      keep_leading_rows(item.pred_result, options.kept_result_bytes);
    }
  }
  return item;
}

std::vector<ItemEvaluation> evaluate_pairs(const std::vector<EvalPair>& pairs, DatabasePool& pool,
                                           const EvaluationOptions& options) {
  if (options.test_suite) return evaluate_pairs_on_suites(pairs, pool, options);
  // An EvaluationJob's units run to the end, on the caller's pairs (a job would copy them).
  const DatabaseLookup lookup = [&pool](const std::string& db_id) { return pool.get(db_id); };
  std::vector<ItemEvaluation> items;
  items.reserve(pairs.size());
  for (const auto& pair : pairs) items.push_back(evaluate_with_lookup(lookup, pair, options));
  return items;
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
    s.soft_f1 += it.soft_f1;
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
    s.soft_f1 = 100.0 * s.soft_f1 / n;
    for (auto& m : s.regimes) {
      m.exp = 100.0 * m.exp / n;
      m.exr = 100.0 * m.exr / n;
      m.f1 = 100.0 * m.f1 / n;
    }
  }
  return s;
}

std::map<std::string, bool> ex_by_pair_id(const std::vector<EvalPair>& pairs,
                                          const std::vector<ItemEvaluation>& items) {
  std::map<std::string, bool> ex;
  for (size_t i = 0; i < items.size() && i < pairs.size(); ++i)
    if (items[i].status == ItemStatus::Scored) ex[pairs[i].id] = items[i].ex;
  return ex;
}

}  // namespace chokepoint
