// A study report read back from the report.json `chokepoint study` writes (study_report.h's report_json), so the app
// can show and re-save a study it did not run. The file may come from anyone: every field is checked, sizes are
// bounded, and the first problem comes back naming where it is.
#pragma once
#include <string>

#include "core/base/result.h"
#include "core/study/study_report.h"

namespace chokepoint::study {

// Bounds on what a report may hold (far above any study's output; a larger file is refused, not truncated).
struct ReportBounds {
  size_t tables = 200, charts = 100, columns = 200, rows = 200000, cells = 4000000, text = 100000;
};

Result<StudyReport> report_from_json(const std::string& text, const ReportBounds& bounds = {});

}  // namespace chokepoint::study
