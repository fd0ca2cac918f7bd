// A schema snapshot: the schemas of a few SQLite files, read from the files at build time and kept as a small text
// file, so that a reader can show their tables before SQLite has opened them. The app's first frame draws the sample
// databases from one (web/app.cpp, start_app) and opens the files in the frames after it: the first use of SQLite
// compiles much of its code in the browser, which no longer delays the first picture. assets/build_schema_snapshot.cpp
// writes it.
//
// Every field of Schema survives the round trip. The text is one record a line, fields separated by tabs, with
// backslash, tab, carriage return and newline escaped as \\, \t, \r and \n:
//   chokepoint schema snapshot 1
//   database  FILE  DB_ID
//   table     NAME  NATURAL_NAME  ROW_COUNT
//   column    NAME  TYPE  NATURAL_NAME  NOT_NULL(0|1)  COLLATION
//   primary_key  COLUMN...
//   foreign_key  N  FROM_COLUMN x N  TO_TABLE  M  TO_COLUMN x M
// A table's lines follow its database's, a column's and key's follow its table's, in declaration order.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/base/result.h"
#include "core/schema/schema.h"

namespace chokepoint {

struct SchemaSnapshotEntry {
  std::string file;  // the database's file name, e.g. "toxicology.sqlite"
  Schema schema;
};

std::string write_schema_snapshot(const std::vector<SchemaSnapshotEntry>& entries);

// Refuses text that is not a snapshot of this version, naming the line and what is wrong with it.
Result<std::vector<SchemaSnapshotEntry>> read_schema_snapshot(std::string_view text);

}  // namespace chokepoint
