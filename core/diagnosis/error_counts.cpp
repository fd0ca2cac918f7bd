// Counts of a run's error classifications (see error_counts.h).
#include "core/diagnosis/error_counts.h"

#include <map>
#include <string>

namespace chokepoint::diagnosis {

nlohmann::json error_counts_json(const std::vector<ErrorClassification>& classes) {
  std::map<std::string, size_t> system, result;
  for (const auto& c : classes) {
    if (c.error_class == ErrorClass::SystemError) {
      ++system[c.system_kind];
      continue;
    }
    const std::string kind = error_category(c);
    ++result[kind];
    if (c.direction != ErrorDirection::None) ++result[kind + "/" + error_direction_name(c.direction)];
  }
  return {{"failed", classes.size()}, {"system_errors", system}, {"result_errors", result}};
}

}  // namespace chokepoint::diagnosis
