// A study table as CSV (RFC 4180): a header, our rows with source "ours", then the published rows with their
// source, so a spreadsheet sets the paper's numbers beside ours. Fields holding a comma, a quote, a CR or an LF are
// quoted with quotes doubled; a field starting with =, +, -, @ or a tab is not altered (numbers may be negative).
#pragma once
#include <string>

#include "core/base/csv_text.h"  // csv_field
#include "core/study/study_report.h"

namespace chokepoint::study {

// "source,<columns...>\r\n" then one line per row; the items table has no published rows and no source column.
std::string table_csv(const StudyTable& table);
std::string items_csv(const StudyTable& items);

}  // namespace chokepoint::study
