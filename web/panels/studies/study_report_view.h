// A study's report drawn in the app as report.html lays it out: each table with what its rows are over and, where a
// paper published the same quantity, the paper's rows beside ours; each chart as bars; the notes.
#pragma once
#include "core/study/study_report.h"

namespace chokepoint::web {

void draw_study_report(const study::StudyReport& report);

}  // namespace chokepoint::web
