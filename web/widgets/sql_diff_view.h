// Draws a token diff (sql_diff.h) as wrapped text: kept words in the normal colour, added words green, removed words
// red; a legend line is left to the caller.
#pragma once
#include <vector>

#include "core/sql/sql_diff.h"

namespace chokepoint::web {

void draw_sql_diff(const std::vector<sql::DiffRun>& runs);

}  // namespace chokepoint::web
