// Small drawing helpers shared by panels: a query result as a table, an error line, a job's progress.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "core/db/connection.h"

namespace chokepoint::web {

// Draws a query outcome: its rows as an ImGui table (at most max_rows rows; 0 = all it holds), or its error. With
// `matched` (row by row, the result's shape), the cells it marks get a green background.
void draw_result_table(const char* id, const QueryOutcome& outcome, size_t max_rows,
                       const std::vector<std::vector<bool>>* matched = nullptr);
void draw_error(const std::string& message);
// A job's progress: a bar, "done / total" and a Cancel button on one line; true when Cancel was clicked.
bool draw_progress_cancel(size_t done, size_t total);
// What a retriever picked against what the gold query uses, names on one line (matched ignoring ASCII case): green a
// gold name retrieved, red one retrieved but not used, orange a gold name missed. With count_extra, the extra names
// are counted ("+12 others") instead of listed (Full-Schema retrieves every column).
void draw_retrieved_against_gold(const std::vector<std::string>& retrieved, const std::vector<std::string>& gold,
                                 bool count_extra = false);
// The legend of draw_retrieved_against_gold, for `what` ("table", "column").
void draw_retrieved_legend(const char* what);

// One item of a schema-linking or retrieval run, as the items table shows it.
struct RetrievedItemRow {
  const std::string& key;
  const char* outcome;
  const std::string& note;  // the outcome's tooltip ("" for none)
  const std::vector<std::string>& retrieved;
  const std::vector<std::string>& gold;
  const std::string& question;
  bool count_extra = false;  // as draw_retrieved_against_gold
};
// The legend, then a table of `rows` items (item, outcome, the retrieved `what`s against the gold's, question),
// clipped to the visible rows; row(i) describes item i.
void draw_retrieved_items(const char* id, const char* what, size_t rows,
                          const std::function<RetrievedItemRow(size_t)>& row);

}  // namespace chokepoint::web
