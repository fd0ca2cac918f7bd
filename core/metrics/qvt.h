// QVT, query variance testing, as NL2SQL360 computes it (src/nl2sql360/database/template.py,
// QUERY_QVT_PERFORMANCE): items are grouped by their gold SQL; a group counts when it has at least two questions
// and at least one is correct; QVT is the mean over those groups of the group's EX, in percent. It asks whether a
// model answers every phrasing of the same query, not just one.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace chokepoint {

struct QvtGroup {
  std::string key;            // the gold SQL the group shares (as given: normalised by the caller)
  std::vector<size_t> items;  // positions in the input
  size_t correct = 0;
};

struct QvtReport {
  double qvt = 0;                // percent; 0 when no group qualifies
  std::vector<QvtGroup> groups;  // the qualifying groups, by key
  size_t items = 0;              // items in qualifying groups
};

// `gold_keys[i]`: item i's gold SQL, normalised so equal queries have equal keys (NL2SQL360 compares the raw text;
// callers pass our printer's output, so spacing and keyword case do not split a group). `ex[i]`: nullopt for an
// item that was not scored (its gold failed or its database is missing), left out as if absent; NL2SQL360 would
// count it as a wrong answer.
QvtReport query_variance_testing(const std::vector<std::string>& gold_keys, const std::vector<std::optional<bool>>& ex);

}  // namespace chokepoint
