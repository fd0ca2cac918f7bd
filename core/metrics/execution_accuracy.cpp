// BIRD and Spider execution accuracy on typed results.
#include "core/metrics/execution_accuracy.h"

#include <algorithm>
#include <unordered_map>
#include <vector>

#include "core/metrics/order_by_detection.h"
#include "core/metrics/test_suite_rewrite.h"
#include "core/metrics/tolerant_matching.h"
#include "core/metrics/value_equality.h"

namespace chokepoint {
namespace {

using RowBag = std::unordered_map<Row, size_t, RowHash, RowEqual>;

size_t result_width(const ResultSet& r) { return r.rows.empty() ? r.column_names.size() : r.rows.front().size(); }

// Distinct values of column i, sorted, so two columns' value sets compare with ==.
std::vector<Value> column_value_set(const std::vector<Row>& rows, size_t i) {
  std::vector<Value> vals;
  vals.reserve(rows.size());
  for (const auto& r : rows) vals.push_back(r[i]);
  std::sort(vals.begin(), vals.end(), value_less);
  std::vector<Value> out;
  for (auto& v : vals)
    if (out.empty() || !python_equal(out.back(), v)) out.push_back(std::move(v));
  return out;
}

bool same_value_set(const std::vector<Value>& a, const std::vector<Value>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!python_equal(a[i], b[i])) return false;
  return true;
}

bool rows_equal_under(const std::vector<Row>& gold, const std::vector<Row>& pred, const std::vector<size_t>& perm,
                      bool order_matters, const NumericTolerance& tolerance) {
  // perm[i] = the pred column that plays gold column i.
  std::vector<Row> permuted;
  permuted.reserve(pred.size());
  for (const auto& r : pred) {
    Row p;
    p.reserve(perm.size());
    for (size_t j : perm) p.push_back(r[j]);
    permuted.push_back(std::move(p));
  }
  if (tolerance.active())
    return order_matters ? tolerant_list_match(gold, permuted, tolerance)
                         : tolerant_bag_match(gold, permuted, tolerance);
  if (order_matters) {
    for (size_t k = 0; k < gold.size(); ++k)
      if (!rows_python_equal(gold[k], permuted[k])) return false;
    return true;
  }
  RowBag bag;
  for (const auto& r : gold) ++bag[r];
  for (const auto& r : permuted) {
    auto it = bag.find(r);
    if (it == bag.end() || it->second == 0) return false;
    --it->second;
  }
  return true;
}

// Whether the rows, cut to the columns placed so far (gold 0..k-1 against pred perm[0..k-1]), agree: as a bag, or
// in order when order matters. A full match agrees on every prefix, so failing here rules out every completion.
bool prefix_agrees(const std::vector<Row>& gold, const std::vector<Row>& pred, const std::vector<size_t>& perm,
                   bool order_matters, const NumericTolerance& tolerance) {
  auto cut = [&](const Row& r, bool is_pred) {
    Row out;
    out.reserve(perm.size());
    for (size_t k = 0; k < perm.size(); ++k) out.push_back(r[is_pred ? perm[k] : k]);
    return out;
  };
  if (tolerance.active()) {
    std::vector<Row> g, p;
    for (const auto& r : gold) g.push_back(cut(r, false));
    for (const auto& r : pred) p.push_back(cut(r, true));
    return order_matters ? tolerant_list_match(g, p, tolerance) : tolerant_bag_match(g, p, tolerance);
  }
  if (order_matters) {
    for (size_t k = 0; k < gold.size(); ++k)
      if (!rows_python_equal(cut(gold[k], false), cut(pred[k], true))) return false;
    return true;
  }
  RowBag bag;
  for (const auto& r : gold) ++bag[cut(r, false)];
  for (const auto& r : pred) {
    auto it = bag.find(cut(r, true));
    if (it == bag.end() || it->second == 0) return false;
    --it->second;
  }
  return true;
}

// Backtracking over column permutations. Candidates come from equal column value sets; each placed column is then
// checked with the ones before it (prefix_agrees), so a branch dies as soon as two columns' pairing differs. Both
// are necessary conditions, so the pruning never loses a match: an 8x8 Latin square with its columns reversed (8!
// candidate orders, each column holding the same values) is found in a few checks, where plain enumeration gave up
// at the cap. The test-suite evaluator samples rows for the same purpose.
bool search_permutations(const std::vector<Row>& gold, const std::vector<Row>& pred,
                         const std::vector<std::vector<size_t>>& candidates, bool order_matters,
                         std::vector<size_t>& perm, std::vector<bool>& used, size_t& budget, const Deadline& deadline,
                         const NumericTolerance& tolerance) {
  size_t i = perm.size();
  if (i > 1 && i < candidates.size()) {
    if (budget == 0) return false;
    --budget;
    if (deadline.passed()) budget = 0;
    if (!prefix_agrees(gold, pred, perm, order_matters, tolerance)) return false;
  }
  if (i == candidates.size()) {
    if (budget == 0) return false;
    --budget;
    if (deadline.passed()) budget = 0;  // the caller's deadline check reports the item as a timeout
    return rows_equal_under(gold, pred, perm, order_matters, tolerance);
  }
  for (size_t j : candidates[i]) {
    if (used[j]) continue;
    used[j] = true;
    perm.push_back(j);
    bool found = search_permutations(gold, pred, candidates, order_matters, perm, used, budget, deadline, tolerance);
    perm.pop_back();
    used[j] = false;
    if (found) return true;
    if (budget == 0) return false;
  }
  return false;
}

}  // namespace

const char* ex_semantics_name(ExSemantics s) {
  switch (s) {
    case ExSemantics::Bird:
      return "bird";
    case ExSemantics::Spider:
      return "spider";
    case ExSemantics::TestSuite:
      return "test-suite";
  }
  return "";
}

std::optional<ExSemantics> ex_semantics_from_name(const std::string& name) {
  for (ExSemantics s : {ExSemantics::Bird, ExSemantics::Spider, ExSemantics::TestSuite})
    if (name == ex_semantics_name(s)) return s;
  return std::nullopt;
}

bool ex_order_matters(ExSemantics semantics, const std::string& gold_sql) {
  switch (semantics) {
    case ExSemantics::Bird:
      return false;
    case ExSemantics::Spider:
      return has_outer_order_by(gold_sql);
    case ExSemantics::TestSuite:
      return test_suite_order_matters(gold_sql);
  }
  return false;
}

std::optional<ExSemantics> semantics_of_format(DatasetFormat format) {
  switch (format) {
    case DatasetFormat::BirdDevJson:
    case DatasetFormat::BirdPredictionJson:
      return ExSemantics::Bird;
    case DatasetFormat::SpiderDevJson:
    case DatasetFormat::SqlLines:
      return ExSemantics::Spider;
    default:
      return std::nullopt;
  }
}

bool bird_results_match(const ResultSet& gold, const ResultSet& pred, const NumericTolerance& tolerance) {
  if (tolerance.active()) return tolerant_set_match(gold.rows, pred.rows, tolerance);
  // set(gold) == set(pred) is mutual containment: every row of each equals a row of the other. (A row holding NaN
  // equals nothing, so either way it makes the sets differ.) Rows are compared in place, never copied.
  if (gold.rows.empty() || pred.rows.empty()) return gold.rows.empty() && pred.rows.empty();
  if (rows_identical(gold.rows, pred.rows)) return true;  // equal rows, equal sets
  // Rows of different widths never compare equal: two results of one width each but different ones differ at once.
  const auto width = [](const std::vector<Row>& rows) {
    for (const auto& r : rows)
      if (r.size() != rows.front().size()) return size_t{0};
    return rows.front().size() + 1;
  };
  const size_t wg = width(gold.rows);
  if (wg != 0 && wg != pred.rows.front().size() + 1 && width(pred.rows) != 0) return false;
  return rows_contained_in(pred.rows, gold.rows) && rows_contained_in(gold.rows, pred.rows);
}

bool spider_results_match(const ResultSet& gold, const ResultSet& pred, bool order_matters, const Deadline& deadline,
                          bool* search_capped, const NumericTolerance& tolerance) {
  if (search_capped) *search_capped = false;
  if (gold.rows.empty() && pred.rows.empty()) return true;
  if (gold.rows.size() != pred.rows.size()) return false;
  const size_t n = result_width(gold);
  if (result_width(pred) != n) return false;
  std::vector<std::vector<size_t>> candidates(n);
  if (tolerance.active()) {
    // Value sets cannot be compared under a tolerance; the necessary condition is then that the two columns'
    // values match as tolerant bags (a row matching pairs its cells column by column).
    auto column = [](const std::vector<Row>& rows, size_t i) {
      std::vector<Row> out;
      out.reserve(rows.size());
      for (const auto& r : rows) out.push_back(Row{r[i]});
      return out;
    };
    for (size_t i = 0; i < n; ++i) {
      const auto g = column(gold.rows, i);
      for (size_t j = 0; j < n; ++j)
        if (tolerant_bag_match(g, column(pred.rows, j), tolerance, deadline)) candidates[i].push_back(j);
      if (candidates[i].empty()) return false;
    }
  } else {
    std::vector<std::vector<Value>> gsets, psets;
    for (size_t i = 0; i < n; ++i) {
      gsets.push_back(column_value_set(gold.rows, i));
      psets.push_back(column_value_set(pred.rows, i));
    }
    for (size_t i = 0; i < n; ++i) {
      for (size_t j = 0; j < n; ++j)
        if (same_value_set(gsets[i], psets[j])) candidates[i].push_back(j);
      if (candidates[i].empty()) return false;
    }
  }
  std::vector<size_t> perm;
  std::vector<bool> used(n, false);
  size_t budget = kMaxPermutations;  // permutations fully checked
  const bool found =
      search_permutations(gold.rows, pred.rows, candidates, order_matters, perm, used, budget, deadline, tolerance);
  if (search_capped) *search_capped = !found && budget == 0 && !deadline.passed();
  return found;
}

bool execution_match(ExSemantics semantics, const std::string& gold_sql, const ResultSet& gold, const ResultSet& pred,
                     const Deadline& deadline, bool* search_capped, const NumericTolerance& tolerance) {
  if (search_capped) *search_capped = false;
  if (semantics == ExSemantics::Bird) return bird_results_match(gold, pred, tolerance);
  return spider_results_match(gold, pred, ex_order_matters(semantics, gold_sql), deadline, search_capped, tolerance);
}

}  // namespace chokepoint
