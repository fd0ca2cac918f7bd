// A table of JSON objects, a column per member: how a tab shows a run it holds only as JSON (one restored from the
// workspace after a reload), with the same columns as the live run's table.
#pragma once
#include <vector>

#include <nlohmann/json.hpp>

namespace chokepoint::web {

struct JsonColumn {
  const char* header;
  const char* pointer;  // a JSON pointer into each row: "/ves", "/as_published/ves"
  int decimals = -1;    // a number's decimals; -1: an integer as is, any other number with %g
};

// A cell that is missing or null shows "-"; an object of counts shows "name n, name n".
void draw_json_rows_table(const char* id, const nlohmann::json& rows, const std::vector<JsonColumn>& columns);

}  // namespace chokepoint::web
