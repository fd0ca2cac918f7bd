// EX = 0 explained: each test below isolates one way two results can differ.
#include "core/metrics/ex_reasons.h"

#include <algorithm>
#include <numeric>
#include <unordered_map>

#include "core/metrics/order_by_detection.h"
#include "core/metrics/value_equality.h"

namespace chokepoint {
namespace {

using RowBag = std::unordered_map<Row, size_t, RowHash, RowEqual>;

size_t width(const ResultSet& r) { return r.rows.empty() ? r.column_names.size() : r.rows.front().size(); }

RowBag bag_of(const std::vector<Row>& rows) {
  RowBag bag;
  for (const auto& r : rows) ++bag[r];
  return bag;
}

// Rows of `a` (counted with multiplicity when `bag`) that `b` does not have.
size_t missing_from(const RowBag& a, const RowBag& b, bool bag) {
  size_t n = 0;
  for (const auto& [row, count] : a) {
    auto it = b.find(row);
    const size_t there = it == b.end() ? 0 : it->second;
    if (bag)
      n += count > there ? count - there : 0;
    else
      n += there == 0 ? 1 : 0;
  }
  return n;
}

// The rows with their columns sorted: equal for two results that differ only in column order.
std::vector<Row> columns_sorted(const std::vector<Row>& rows) {
  std::vector<Row> out = rows;
  for (auto& r : out) std::sort(r.begin(), r.end(), value_less);
  return out;
}

std::string plural(size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace

std::vector<std::string> ex_zero_reasons(ExSemantics semantics, const std::string& gold_sql, const ResultSet& gold,
                                         const ResultSet& pred) {
  std::vector<std::string> out;
  if (execution_match(semantics, gold_sql, gold, pred)) return out;
  if (gold.truncated)
    out.push_back("the gold result was cut at its " + gold.truncation + ": rows past it were not compared");
  if (pred.truncated)
    out.push_back("the predicted result was cut at its " + pred.truncation + ": rows past it were not compared");
  const size_t gw = width(gold), pw = width(pred);
  if (gw != pw && !(gold.rows.empty() && pred.rows.empty())) {
    out.push_back("the prediction returns " + plural(pw, "column", "columns") + ", the gold " +
                  plural(gw, "column", "columns"));
    return out;
  }
  const bool spider = semantics != ExSemantics::Bird;  // Spider and TestSuite compare the same way
  // Spider lets the columns be permuted: compare rows as sorted values there (close enough to explain).
  const RowBag g = bag_of(spider ? columns_sorted(gold.rows) : gold.rows);
  const RowBag p = bag_of(spider ? columns_sorted(pred.rows) : pred.rows);
  const size_t g_only = missing_from(g, p, spider), p_only = missing_from(p, g, spider);
  if (g_only == 0 && p_only == 0) {
    // Same rows: what differs is their order or their multiplicity.
    if (semantics == ExSemantics::Spider && has_outer_order_by(gold_sql))
      out.push_back("the same rows in another order: the gold query ends with ORDER BY, so Spider compares the order");
    else if (ex_order_matters(semantics, gold_sql))
      out.push_back(
          "the same rows in another order: the gold query contains \"order by\" (in a subquery too), so the "
          "test-suite evaluator compares the order");
    return out;
  }
  if (spider && missing_from(g, p, false) == 0 && missing_from(p, g, false) == 0) {
    out.push_back("the same distinct rows with other duplicate counts (" + std::to_string(gold.rows.size()) +
                  " gold rows, " + std::to_string(pred.rows.size()) + " predicted): Spider compares rows as a bag");
    return out;
  }
  if (!spider && gw > 1) {
    const RowBag gs = bag_of(columns_sorted(gold.rows)), ps = bag_of(columns_sorted(pred.rows));
    if (missing_from(gs, ps, false) == 0 && missing_from(ps, gs, false) == 0) {
      out.push_back("the same values with the columns in another order: BIRD compares columns in order");
      return out;
    }
  }
  const std::string counted = spider ? " (counted with duplicates)" : "";
  if (g_only == 0)
    out.push_back("the prediction has every gold row and " + plural(p_only, "more row", "more rows") + counted);
  else if (p_only == 0)
    out.push_back("the prediction lacks " + plural(g_only, "gold row", "gold rows") + " and has no others" + counted);
  else
    out.push_back(plural(g_only, "gold row is", "gold rows are") + " missing from the prediction and " +
                  plural(p_only, "predicted row is", "predicted rows are") + " not in the gold" + counted);
  return out;
}

}  // namespace chokepoint
