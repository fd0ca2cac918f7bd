// Reading the Schema of a live SQLite database through PRAGMA table_list / table_info / foreign_key_list.
#pragma once
#include <string>

#include "core/base/result.h"
#include "core/db/connection.h"
#include "core/schema/schema.h"

namespace chokepoint {

struct SchemaReadOptions {
  bool count_rows = true;  // fills Table::row_count with SELECT count(*)
};

Result<Schema> read_schema(const Connection& db, const std::string& db_id, const SchemaReadOptions& options = {});

}  // namespace chokepoint
