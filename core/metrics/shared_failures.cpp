// Table XI: fine-grained metrics over the items every system failed.
#include "core/metrics/shared_failures.h"

namespace chokepoint {

Result<std::vector<size_t>> shared_failure_positions(const std::vector<SystemRun>& runs) {
  std::vector<size_t> out;
  if (runs.empty()) return out;
  const size_t n = runs[0].items.size();
  for (const auto& r : runs)
    if (r.items.size() != n)
      return Error{"runs are not aligned: '" + runs[0].name + "' has " + std::to_string(n) + " items, '" + r.name +
                   "' has " + std::to_string(r.items.size())};
  for (size_t i = 0; i < n; ++i) {
    bool all_failed = true;
    for (const auto& r : runs) {
      const auto& it = r.items[i];
      if (it.status != ItemStatus::Scored || it.ex) {
        all_failed = false;
        break;
      }
    }
    if (all_failed) out.push_back(i);
  }
  return out;
}

Result<std::vector<SharedFailureRow>> shared_failure_table(const std::vector<SystemRun>& runs,
                                                           const std::vector<Regime>& regimes) {
  auto positions = shared_failure_positions(runs);
  if (!positions.ok()) return Error{positions.error()};
  std::vector<SharedFailureRow> out;
  for (const auto& r : runs) {
    SharedFailureRow row{r.name, {}};
    if (!positions->empty())
      row.summary = summarize(r.items, regimes, *positions);
    else
      for (const auto& g : regimes) row.summary.regimes.push_back({g, 0, 0, 0});
    out.push_back(std::move(row));
  }
  return out;
}

}  // namespace chokepoint
