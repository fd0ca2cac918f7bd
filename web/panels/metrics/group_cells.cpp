// Per-group table cells (see group_cells.h).
#include "web/panels/metrics/group_cells.h"

#include <cstdio>

namespace chokepoint::web {

std::string group_percent(double percent, size_t over) {
  if (over == 0) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", percent);
  return text;
}

std::string group_scored(size_t scored, size_t given) {
  if (given <= scored) return std::to_string(scored);
  return std::to_string(scored) + " of " + std::to_string(given);
}

}  // namespace chokepoint::web
