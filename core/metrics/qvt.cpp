// QVT over grouped items: GROUP BY gold HAVING count >= 2 AND sum(ex) != 0, then the mean of the groups' means.
#include "core/metrics/qvt.h"

#include <map>

namespace chokepoint {

QvtReport query_variance_testing(const std::vector<std::string>& gold_keys,
                                 const std::vector<std::optional<bool>>& ex) {
  std::map<std::string, QvtGroup> by_key;
  for (size_t i = 0; i < gold_keys.size() && i < ex.size(); ++i) {
    if (!ex[i]) continue;
    auto& g = by_key[gold_keys[i]];
    g.key = gold_keys[i];
    g.items.push_back(i);
    if (*ex[i]) ++g.correct;
  }
  QvtReport report;
  double sum = 0;
  for (auto& [key, g] : by_key) {
    if (g.items.size() < 2 || g.correct == 0) continue;
    sum += static_cast<double>(g.correct) / static_cast<double>(g.items.size());
    report.items += g.items.size();
    report.groups.push_back(std::move(g));
  }
  if (!report.groups.empty()) report.qvt = 100.0 * sum / static_cast<double>(report.groups.size());
  return report;
}

}  // namespace chokepoint
