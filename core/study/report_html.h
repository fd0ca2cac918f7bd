// A study report as one self-contained HTML page a user can send to a colleague: inline CSS, charts as inline SVG,
// no script, no external asset, and a Content-Security-Policy that forbids every fetch, so it opens offline and the
// page cannot reach anything. Every string comes from input files (questions, SQL, system names) and is escaped.
#pragma once
#include <string>

#include "core/study/study_report.h"

namespace chokepoint::study {

// &, <, >, " and ' as entities; everything else as given (UTF-8 passes through).
std::string html_escape(const std::string& text);
// One chart as an <svg> element (grouped bars, or a histogram's bins); no xmlns, the page is HTML.
std::string chart_svg(const StudyChart& chart);
// The whole page: title, inputs, notes, each table with the published rows beside ours, each chart, then the
// per-item rows in a collapsed section.
std::string report_html(const StudyReport& report);

}  // namespace chokepoint::study
