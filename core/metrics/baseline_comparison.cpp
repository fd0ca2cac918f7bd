#include "core/metrics/baseline_comparison.h"

#include <map>

namespace chokepoint {

Result<BaselineComparison> compare_to_baseline(const std::vector<RunItemEx>& baseline,
                                               const std::vector<RunItemEx>& run,
                                               const std::vector<std::string>& baseline_id_of) {
  if (baseline_id_of.size() != run.size())
    return Error{"the run has " + std::to_string(run.size()) + " items but " + std::to_string(baseline_id_of.size()) +
                 " baseline ids"};
  std::map<std::string, std::optional<bool>> by_id;
  for (const auto& b : baseline)
    if (!by_id.emplace(b.id, b.ex).second) return Error{"the baseline has item '" + b.id + "' twice"};
  BaselineComparison out;
  std::vector<ExTransition> pairs;
  for (size_t i = 0; i < run.size(); ++i) {
    const auto found = by_id.find(baseline_id_of[i]);
    if (found == by_id.end()) {
      out.unmatched.push_back(run[i].id);
      continue;
    }
    if (!found->second || !run[i].ex) {
      ++out.unscored;
      continue;
    }
    pairs.push_back({*found->second, *run[i].ex});
  }
  out.table = delta_ex_table(pairs);
  return out;
}

}  // namespace chokepoint
