// From a Schema value to SQL: CREATE TABLE statements, and an empty in-memory database built from them, so that
// schema-only sources (tables.json) can still prepare and type-check queries in SQLite.
#pragma once
#include <string>

#include "core/base/result.h"
#include "core/db/connection.h"
#include "core/schema/schema.h"

namespace chokepoint {

// Identifiers are always double-quoted here (names in tables.json may contain spaces or keywords).
std::string schema_to_ddl(const Schema& schema);
Result<Connection> create_schema_database(const Schema& schema);

}  // namespace chokepoint
