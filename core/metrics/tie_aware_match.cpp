// The tie group of a gold's LIMIT and the gold answer built from it for a prediction.
#include "core/metrics/tie_aware_match.h"

#include <algorithm>
#include <unordered_map>

#include "core/metrics/value_equality.h"

namespace chokepoint {

std::optional<ResultSet> tie_member_gold(const ResultSet& unlimited, const std::vector<Row>& keys, const Row& tie_key,
                                         long long limit, long long offset, const ResultSet& pred) {
  const std::vector<Row>& u = unlimited.rows;
  if (keys.size() != u.size() || limit < 1 || offset < 0 || static_cast<size_t>(offset) >= u.size())
    return std::nullopt;
  const size_t m = static_cast<size_t>(offset);
  const size_t end = std::min(u.size(), m + static_cast<size_t>(limit));
  size_t a = 0;
  while (a < keys.size() && !rows_python_equal(keys[a], tie_key)) ++a;
  size_t b = a;
  while (b < keys.size() && rows_python_equal(keys[b], tie_key)) ++b;
  if (a == keys.size() || a >= end || b <= end) return std::nullopt;  // the group must hold the last kept row and more
  const size_t fixed_end = std::max(m, a);
  const size_t tie_count = end - fixed_end;

  using Bag = std::unordered_map<Row, size_t, RowHash, RowEqual>;
  Bag fixed, group;
  for (size_t i = m; i < fixed_end; ++i) ++fixed[u[i]];
  for (size_t i = a; i < b; ++i) ++group[u[i]];
  ResultSet out;
  out.column_names = unlimited.column_names;
  out.declared_types = unlimited.declared_types;
  out.rows.assign(u.begin() + static_cast<std::ptrdiff_t>(m), u.begin() + static_cast<std::ptrdiff_t>(fixed_end));
  for (const auto& r : pred.rows) {
    if (out.rows.size() == fixed_end - m + tie_count) break;
    auto f = fixed.find(r);
    if (f != fixed.end() && f->second > 0) {
      --f->second;
      continue;
    }
    auto g = group.find(r);
    if (g != group.end() && g->second > 0) {
      --g->second;
      out.rows.push_back(g->first);
    }
  }
  for (size_t i = a; i < b && out.rows.size() < fixed_end - m + tie_count; ++i) {
    auto g = group.find(u[i]);
    if (g->second == 0) continue;
    --g->second;
    out.rows.push_back(u[i]);
  }
  return out;
}

TieCheck check_tie(const GoldTieQueries& queries, const ResultSet& pred, bool want_gold,
                   const std::function<QueryOutcome(const std::string&)>& run) {
  TieCheck check;
  if (queries.probe_sql.empty()) return check;
  QueryOutcome probe = run(queries.probe_sql);
  check.ms += probe.elapsed_ms;
  if (!probe.ok() || probe.result.rows.size() != 2 || !rows_python_equal(probe.result.rows[0], probe.result.rows[1]))
    return check;
  check.tied = true;
  if (!want_gold || queries.keys_sql.empty() || queries.unlimited_sql.empty()) return check;
  QueryOutcome keys = run(queries.keys_sql);
  check.ms += keys.elapsed_ms;
  if (!keys.ok() || keys.result.truncated) return check;
  QueryOutcome unlimited = run(queries.unlimited_sql);
  check.ms += unlimited.elapsed_ms;
  if (!unlimited.ok() || unlimited.result.truncated) return check;
  check.gold =
      tie_member_gold(unlimited.result, keys.result.rows, probe.result.rows[0], queries.limit, queries.offset, pred);
  return check;
}

}  // namespace chokepoint
