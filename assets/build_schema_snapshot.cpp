// Builds the schema snapshot of the sample databases (core/schema/schema_snapshot.h): each file is opened with SQLite
// and its schema read as the app reads it, rows counted. The app draws the samples from it in its first frame.
// Linking only the db and schema modules: `make run` builds this, under node, beside the app.
// Usage: build_schema_snapshot OUT_FILE DATABASE_FILE...
#include <iostream>
#include <string>
#include <vector>

#include "core/base/file_text.h"
#include "core/base/path_part.h"
#include "core/db/connection.h"
#include "core/schema/schema_snapshot.h"
#include "core/schema/sqlite_schema.h"

int main(int argc, char** argv) {
  using namespace chokepoint;
  if (argc < 3) {
    std::cerr << "usage: build_schema_snapshot OUT_FILE DATABASE_FILE...\n";
    return 2;
  }
  std::vector<SchemaSnapshotEntry> entries;
  for (int i = 2; i < argc; ++i) {
    const std::string path = argv[i];
    const std::string file = file_name_of(path);
    auto db = Connection::open_read_only(path);
    if (!db.ok()) {
      std::cerr << "build_schema_snapshot: " << db.error() << "\n";
      return 2;
    }
    auto schema = read_schema(*db, file_stem_of(path));
    if (!schema.ok()) {
      std::cerr << "build_schema_snapshot: " << file << ": " << schema.error() << "\n";
      return 2;
    }
    entries.push_back({file, std::move(schema).value()});
  }
  const std::string text = write_schema_snapshot(entries);
  if (auto check = read_schema_snapshot(text); !check.ok()) {  // never ship a snapshot the reader rejects
    std::cerr << "build_schema_snapshot: the snapshot does not read back: " << check.error() << "\n";
    return 2;
  }
  if (auto written = write_file(argv[1], text); !written.ok()) {
    std::cerr << "build_schema_snapshot: " << written.error() << "\n";
    return 2;
  }
  return 0;
}
