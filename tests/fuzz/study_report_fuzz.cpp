// libFuzzer target for reading a study's report.json back (core/study/report_from_json.h), which the app does for any
// file a user drops on the page. Aborts on a crash or an escaping exception (errors must be values), and on a report
// it accepts that breaks the report's invariants or passes the bounds it was given.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/study/report_from_json.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  chokepoint::study::ReportBounds bounds;
  bounds.rows = 50;
  bounds.cells = 2000;
  bounds.text = 200;
  auto r = chokepoint::study::report_from_json(text, bounds);
  if (!r.ok()) return 0;
  size_t cells = 0;
  for (const auto& t : r->tables) {
    if (t.rows.size() > bounds.rows) std::abort();
    for (const auto& row : t.rows) cells += row.size();
  }
  if (cells > bounds.cells || !chokepoint::study::report_problem(*r).empty()) {
    std::fprintf(stderr, "accepted a report it should refuse\n");
    std::abort();
  }
  return 0;
}
