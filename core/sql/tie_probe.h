// The tie probe of a query whose ORDER BY ... LIMIT n may cut through ties: the same query returning only its
// ordering keys for the last kept row and the first dropped one (LIMIT 2 OFFSET offset + n - 1). When those two
// key rows are equal, which rows the gold returns depends on the engine's tie order, so another correct query may
// return another member of the tie (gold validation reports it; gold_validation.h).
#pragma once
#include <optional>
#include <string>

namespace chokepoint::sql {

struct TieProbe {
  std::string sql;  // the probe query
  long long limit;  // n of the original LIMIT
  size_t keys = 0;  // ordering keys the probe selects
};

// nullopt when the query has no ORDER BY with a literal LIMIT at its top level, or is a shape the probe does not
// rewrite faithfully: a compound (UNION ...), SELECT DISTINCT (replacing its columns would change which rows are
// distinct), or an ORDER BY position that names no result column.
std::optional<TieProbe> tie_probe(const std::string& sql);

}  // namespace chokepoint::sql
