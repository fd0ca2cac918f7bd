// Writing a large report (REPORT.json): the text of dump_json(report, 2) byte for byte, with the elements of the
// report's long arrays (its items) written on several threads and each piece streamed out as it is joined, with
// no copy of the whole text. Writing a 1,000-item report took a few milliseconds on one thread, which `--jobs`
// would otherwise leave single-threaded after an evaluation it split.
#pragma once
#include <ostream>

#include <nlohmann/json.hpp>

namespace chokepoint::cli {

void write_report_json(std::ostream& out, const nlohmann::json& report, int jobs);

}  // namespace chokepoint::cli
