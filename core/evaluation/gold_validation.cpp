// Gold validation: two runs and a tie probe per gold.
#include "core/evaluation/gold_validation.h"

#include <cmath>

#include "core/metrics/value_equality.h"
#include "core/sql/tie_probe.h"

namespace chokepoint::evaluation {
namespace {

constexpr size_t kDefects = 7;

// The tie probe's two rows sort equal when every key value is equal (NULL equals NULL: they sort together).
bool keys_tie(const ResultSet& probe) {
  return probe.rows.size() == 2 && rows_python_equal(probe.rows[0], probe.rows[1]);
}

GoldCheck check_gold(const Connection& db, const EvalPair& pair, ExSemantics semantics, const QueryLimits& limits) {
  GoldCheck c;
  c.id = pair.id;
  c.db_id = pair.db_id;
  const QueryOutcome first = db.query(pair.gold_sql, limits);
  c.ms = first.elapsed_ms;
  if (first.status == QueryStatus::Timeout) {
    c.defects.push_back(GoldDefect::Slow);
    c.message = first.message;
    return c;
  }
  if (!first.ok()) {
    c.defects.push_back(GoldDefect::Error);
    c.message = first.message;
    return c;
  }
  c.rows = first.result.rows.size();
  if (first.result.rows.empty()) c.defects.push_back(GoldDefect::Empty);
  if (first.result.truncated) c.defects.push_back(GoldDefect::Truncated);
  const QueryOutcome second = db.query(pair.gold_sql, limits);
  const bool same = second.ok() && execution_match(semantics, pair.gold_sql, first.result, second.result);
  if (!same) c.defects.push_back(GoldDefect::NonDeterministic);
  if (auto probe = sql::tie_probe(pair.gold_sql)) {
    const QueryOutcome keys = db.query(probe->sql, limits);
    if (keys.ok()) {
      c.tie_checked = true;
      if (keys_tie(keys.result)) c.defects.push_back(GoldDefect::TieDependent);
    }
  }
  c.achievable = same;
  return c;
}

double round2(double v) { return std::round(v * 100.0) / 100.0; }

}  // namespace

const char* gold_defect_name(GoldDefect d) {
  switch (d) {
    case GoldDefect::Error:
      return "error";
    case GoldDefect::Slow:
      return "slow";
    case GoldDefect::NoDatabase:
      return "no_database";
    case GoldDefect::Empty:
      return "empty";
    case GoldDefect::Truncated:
      return "truncated";
    case GoldDefect::NonDeterministic:
      return "non_deterministic";
    case GoldDefect::TieDependent:
      return "tie_dependent";
  }
  return "";
}

GoldCheck validate_gold(const EvalPair& pair, const DatabaseLookup& lookup, ExSemantics semantics,
                        const QueryLimits& limits) {
  auto db = lookup(pair.db_id);
  if (db.ok()) return check_gold(**db, pair, semantics, limits);
  GoldCheck c;
  c.id = pair.id;
  c.db_id = pair.db_id;
  c.defects.push_back(GoldDefect::NoDatabase);
  c.message = db.error();
  return c;
}

GoldValidation summarize_gold_checks(std::vector<GoldCheck> checks) {
  GoldValidation v;
  v.counts.assign(kDefects, 0);
  for (const auto& c : checks) {
    for (GoldDefect d : c.defects) ++v.counts[static_cast<size_t>(d)];
    if (c.achievable) ++v.achievable;
  }
  if (!checks.empty()) v.ceiling = 100.0 * static_cast<double>(v.achievable) / static_cast<double>(checks.size());
  v.items = std::move(checks);
  return v;
}

GoldValidation validate_golds(const std::vector<EvalPair>& pairs, const DatabaseLookup& lookup, ExSemantics semantics,
                              const QueryLimits& limits) {
  std::vector<GoldCheck> checks;
  checks.reserve(pairs.size());
  for (const auto& pair : pairs) checks.push_back(validate_gold(pair, lookup, semantics, limits));
  return summarize_gold_checks(std::move(checks));
}

nlohmann::json gold_validation_json(const GoldValidation& v, bool all_items) {
  nlohmann::json defects = nlohmann::json::object();
  for (size_t d = 0; d < kDefects; ++d) defects[gold_defect_name(static_cast<GoldDefect>(d))] = v.counts[d];
  auto items = nlohmann::json::array();
  for (const auto& c : v.items) {
    if (c.defects.empty() && !all_items) continue;
    auto names = nlohmann::json::array();
    for (GoldDefect d : c.defects) names.push_back(gold_defect_name(d));
    nlohmann::json j = {{"id", c.id},     {"db_id", c.db_id},   {"defects", names},
                        {"rows", c.rows}, {"ms", round2(c.ms)}, {"achievable", c.achievable}};
    if (!c.message.empty()) j["message"] = c.message;
    items.push_back(std::move(j));
  }
  return {{"n", v.items.size()},
          {"achievable", v.achievable},
          {"ceiling", round2(v.ceiling)},
          {"defects", defects},
          {"items", items}};
}

}  // namespace chokepoint::evaluation
