// From a Schema value to SQL: CREATE TABLE statements, and an empty in-memory database built from them, so that
// schema-only sources (tables.json) can still prepare and type-check queries in SQLite. Schemas are data, never
// scripts: a database's stored CREATE text and a tables.json entry are read into a Schema, and the DDL run on a
// connection is always printed here, identifiers quoted and type names checked, so nothing from an input runs as SQL.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/db/connection.h"
#include "core/schema/schema.h"

namespace chokepoint {

// Table name -> its UNIQUE column lists (testdb/unique_keys.h reads them from a live database).
using UniqueKeys = std::map<std::string, std::vector<std::vector<std::string>>>;

// SQLite's type-name grammar (https://www.sqlite.org/syntax/type-name.html): one or more names, then optionally
// "(number)" or "(number, number)", and nothing else: no punctuation, so no second statement ("INT); ATTACH ..."),
// no word that starts a column constraint ("TEXT PRIMARY KEY", "INT DEFAULT 1"), and only words SQLite accepts in a
// type (Spider's "others" is a keyword it takes as a name; "SELECT" is not).
bool valid_type_name(const std::string& type);
// The type printed into DDL: `type` when valid_type_name, else the canonical type of its affinity (INTEGER, TEXT,
// BLOB, REAL, NUMERIC), so the column still compares and converts values as the declared type would.
std::string ddl_type_name(const std::string& type);

// Identifiers are always double-quoted here (names in tables.json may contain spaces or keywords); types go through
// ddl_type_name; a column's collation is printed when it is NOCASE or RTRIM. `uniques`, when given, adds each
// table's UNIQUE constraints (the random test databases need them to draw rows the original would accept).
std::string schema_to_ddl(const Schema& schema, const UniqueKeys* uniques = nullptr);
Result<Connection> create_schema_database(const Schema& schema);

}  // namespace chokepoint
