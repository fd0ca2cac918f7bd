// Loading schemas from Spider/BIRD `tables.json` files: table_names_original, column_names_original, column_types,
// primary_keys (a composite key is a nested list of column indices) and foreign_keys ([from_index, to_index] pairs).
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/schema/schema.h"

namespace chokepoint {

Result<std::vector<Schema>> parse_tables_json(const std::string& text);
Result<std::vector<Schema>> load_tables_json(const std::string& path);

}  // namespace chokepoint
