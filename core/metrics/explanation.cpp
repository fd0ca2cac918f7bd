// Explanation values and their JSON form.
#include "core/metrics/explanation.h"

#include <cmath>

#include "core/metrics/value_equality.h"

namespace chokepoint {
namespace {

double round2(double x) { return std::round(x * 100.0) / 100.0; }
double round4(double x) { return std::round(x * 10000.0) / 10000.0; }

std::string name_of(const ResultSet& r, size_t i) { return i < r.column_names.size() ? r.column_names[i] : ""; }

}  // namespace

std::vector<std::pair<size_t, size_t>> counted_cells(const PairComparison& cmp, const RowMatch& match,
                                                     const ResultSet& gold, const ResultSet& pred) {
  std::vector<std::pair<size_t, size_t>> out;
  if (match.gold_row >= gold.rows.size() || match.pred_row >= pred.rows.size()) return out;
  const Row& g = gold.rows[match.gold_row];
  const Row& p = pred.rows[match.pred_row];
  if (cmp.regime.columns != ColumnRegime::None) {
    for (const auto& pair : cmp.columns)
      if (pair.gold < g.size() && pair.pred < p.size() && python_equal(g[pair.gold], p[pair.pred]))
        out.push_back({pair.gold, pair.pred});
    return out;
  }
  std::vector<bool> used(p.size(), false);
  for (size_t i = 0; i < g.size(); ++i) {
    for (size_t j = 0; j < p.size(); ++j) {
      if (used[j] || !python_equal(g[i], p[j])) continue;
      used[j] = true;
      out.push_back({i, j});
      break;
    }
  }
  return out;
}

std::vector<size_t> counted_gold_columns(const PairComparison& cmp, const RowMatch& match, const ResultSet& gold,
                                         const ResultSet& pred) {
  std::vector<size_t> out;
  for (const auto& [g, p] : counted_cells(cmp, match, gold, pred)) out.push_back(g);
  return out;
}

MatchedCells matched_cells(const PairComparison& cmp, const ResultSet& gold, const ResultSet& pred) {
  MatchedCells m;
  auto shape = [](const ResultSet& r, bool value) {
    std::vector<std::vector<bool>> mask;
    for (const auto& row : r.rows) mask.emplace_back(row.size(), value);
    return mask;
  };
  m.gold = shape(gold, cmp.score.forced_by_ex);
  m.pred = shape(pred, cmp.score.forced_by_ex);
  if (cmp.score.forced_by_ex) return m;
  for (const auto& match : cmp.rows)
    for (const auto& [g, p] : counted_cells(cmp, match, gold, pred)) {
      m.gold[match.gold_row][g] = true;
      m.pred[match.pred_row][p] = true;
    }
  return m;
}

nlohmann::json comparison_to_json(const PairComparison& cmp, const ResultSet& gold, const ResultSet& pred,
                                  size_t max_rows) {
  nlohmann::json j;
  j["regime"] = cmp.regime.name();
  j["exp"] = round4(cmp.score.exp);
  j["exr"] = round4(cmp.score.exr);
  j["f1"] = round4(cmp.score.f1);
  j["matched_cells"] = cmp.score.matched_cells;
  j["gold_cells"] = cmp.score.gold_cells;
  j["pred_cells"] = cmp.score.pred_cells;
  j["forced_by_ex"] = cmp.score.forced_by_ex;
  auto cols = nlohmann::json::array();
  for (const auto& c : cmp.columns)
    cols.push_back({{"gold", c.gold},
                    {"pred", c.pred},
                    {"gold_name", name_of(gold, c.gold)},
                    {"pred_name", name_of(pred, c.pred)},
                    {"similarity", round4(c.similarity)}});
  j["columns"] = cols;
  auto rows = nlohmann::json::array();
  size_t exact = 0, partial = 0;
  for (const auto& m : cmp.rows) {
    (m.exact ? exact : partial)++;
    if (rows.size() >= max_rows) continue;
    rows.push_back({{"gold_row", m.gold_row},
                    {"pred_row", m.pred_row},
                    {"exact", m.exact},
                    {"cells", m.cells},
                    {"counted_columns", counted_gold_columns(cmp, m, gold, pred)}});
  }
  j["rows"] = rows;
  j["exact_rows"] = exact;
  j["partial_rows"] = partial;
  j["rows_truncated"] = cmp.rows.size() > max_rows;
  if (!cmp.score.forced_by_ex) {
    j["unmatched_gold_rows"] = gold.rows.size() - cmp.rows.size();
    j["unmatched_pred_rows"] = pred.rows.size() - cmp.rows.size();
  } else {
    j["unmatched_gold_rows"] = 0;
    j["unmatched_pred_rows"] = 0;
  }
  return j;
}

nlohmann::json item_to_json(const ItemEvaluation& item, const std::vector<Regime>& regimes, size_t max_rows) {
  nlohmann::json j;
  j["id"] = item.id;
  j["db_id"] = item.db_id;
  j["status"] = item_status_name(item.status);
  j["gold_status"] = query_status_name(item.gold_status);
  j["pred_status"] = query_status_name(item.pred_status);
  if (!item.message.empty()) j["message"] = item.message;
  if (!item.executed_gold_sql.empty()) j["executed_gold_sql"] = item.executed_gold_sql;  // test-suite rewrites
  if (!item.executed_pred_sql.empty()) j["executed_pred_sql"] = item.executed_pred_sql;
  if (item.suite_databases > 0) j["test_suite_databases"] = item.suite_databases;
  if (!item.suite_failed_database.empty()) j["test_suite_failed_database"] = item.suite_failed_database;
  if (item.status != ItemStatus::Scored) return j;
  j["ex"] = item.ex ? 1 : 0;
  j["soft_f1"] = round4(item.soft_f1);
  if (item.golds > 1) {  // several gold answers: which one decided (0 = the first; the one matched when EX = 1)
    j["golds"] = item.golds;
    j["matched_gold"] = item.matched_gold;
  }
  if (item.tie_dependent) j["tie_dependent"] = true;  // --tie-aware: the gold's LIMIT cuts through equal keys
  if (item.tie_accepted) j["tie_accepted"] = true;    // and EX is 1 only because another member of the tie counts
  if (item.truncated) {
    j["truncated"] = true;
    j["truncation"] = item.truncation;
  }
  if (!item.capped.empty()) j["capped"] = item.capped;
  if (!item.ex_reasons.empty()) j["ex_reasons"] = item.ex_reasons;
  nlohmann::json scores = nlohmann::json::object();
  for (size_t k = 0; k < regimes.size() && k < item.scores.size(); ++k)
    scores[regimes[k].name()] = {
        {"exp", round4(item.scores[k].exp)}, {"exr", round4(item.scores[k].exr)}, {"f1", round4(item.scores[k].f1)}};
  j["regimes"] = scores;
  if (!item.comparisons.empty()) {
    auto ex = nlohmann::json::array();
    for (const auto& c : item.comparisons)
      ex.push_back(comparison_to_json(c, item.gold_result, item.pred_result, max_rows));
    j["explanations"] = ex;
    j["gold_columns"] = item.gold_result.column_names;
    j["pred_columns"] = item.pred_result.column_names;
    j["gold_rows"] = item.gold_result.rows.size();
    j["pred_rows"] = item.pred_result.rows.size();
  }
  return j;
}

nlohmann::json summary_to_json(const EvaluationSummary& s) {
  nlohmann::json j;
  j["n"] = s.n;
  j["scored"] = s.scored;
  j["ex"] = round2(s.ex);
  j["soft_f1"] = round2(s.soft_f1);
  j["gold_errors"] = s.gold_errors;
  j["gold_timeouts"] = s.gold_timeouts;
  j["no_database"] = s.no_database;
  j["pred_errors"] = s.pred_errors;
  j["timeouts"] = s.timeouts;
  nlohmann::json r = nlohmann::json::object();
  for (const auto& m : s.regimes)
    r[m.regime.name()] = {{"exp", round2(m.exp)}, {"exr", round2(m.exr)}, {"f1", round2(m.f1)}};
  j["regimes"] = r;
  return j;
}

}  // namespace chokepoint
