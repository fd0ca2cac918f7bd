// The cells of Predictions & metrics' per-group tables (per database, per difficulty, per level, per value of a
// characteristic). A group none of whose items was scored (no database, or the gold failed) has no EX: its
// percentages read "-", not 0.0, which would say that every item was wrong; its count says how many items it was
// given when some were not scored.
#pragma once
#include <cstddef>
#include <string>

namespace chokepoint::web {

// A percentage over `over` items: one decimal ("66.7"), or "-" over none.
std::string group_percent(double percent, size_t over);
// What a group's percentages are over: "12", or "12 of 15" when 3 of its items were not scored.
std::string group_scored(size_t scored, size_t given);

}  // namespace chokepoint::web
