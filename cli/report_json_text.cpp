// A report object's members in order; an array member of many elements has each element written by parallel_for.
#include "cli/report_json_text.h"

#include <string>
#include <vector>

#include "cli/parallel_for.h"
#include "core/base/json_dump.h"

namespace chokepoint::cli {
namespace {

constexpr int kIndent = 2;
constexpr size_t kParallelElements = 64;  // below this an array is written in one piece

}  // namespace

void write_report_json(std::ostream& out, const nlohmann::json& report, int jobs) {
  if (jobs <= 1 || !report.is_object() || report.empty()) {
    out << dump_json(report, kIndent);
    return;
  }
  out << '{';
  bool first = true;
  for (auto it = report.begin(); it != report.end(); ++it) {
    out << (first ? "\n  " : ",\n  ") << dump_json(nlohmann::json(it.key())) << ": ";
    first = false;
    const auto& value = *it;
    if (!value.is_array() || value.size() < kParallelElements) {
      out << dump_json_at(value, kIndent, 1);
      continue;
    }
    std::vector<std::string> elements(value.size());
    parallel_for(value.size(), jobs, [&](size_t i, size_t) { elements[i] = dump_json_at(value[i], kIndent, 2); });
    out << '[';
    for (size_t i = 0; i < elements.size(); ++i) out << (i ? ",\n    " : "\n    ") << elements[i];
    out << "\n  ]";
  }
  out << "\n}";
}

}  // namespace chokepoint::cli
