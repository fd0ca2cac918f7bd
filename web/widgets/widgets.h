// Small drawing helpers shared by panels: a query result as a table, an error line, a job's progress.
#pragma once
#include "core/db/connection.h"

namespace chokepoint::web {

// Draws a query outcome: its rows as an ImGui table (at most max_rows rows; 0 = all it holds), or its error.
void draw_result_table(const char* id, const QueryOutcome& outcome, size_t max_rows);
void draw_error(const std::string& message);
// A job's progress: a bar, "done / total" and a Cancel button on one line; true when Cancel was clicked.
bool draw_progress_cancel(size_t done, size_t total);

}  // namespace chokepoint::web
