// The schema snapshot the app draws its first frame from (<build>/assets/db/samples.snapshot) holds every sample
// database of assets/db, each with the schema read from the built file itself, so the first picture shows what
// opening the file shows.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "core/base/file_text.h"
#include "core/db/connection.h"
#include "core/schema/schema_snapshot.h"
#include "core/schema/sqlite_schema.h"

namespace chokepoint {
namespace {

TEST(SampleSnapshot, HoldsEverySampleDatabaseAsItsFileReads) {
  const std::string built = CHOKEPOINT_BUILD_DIR "/assets/db/";
  auto text = read_file(built + "samples.snapshot");
  ASSERT_TRUE(text.ok()) << text.error();
  auto snapshot = read_schema_snapshot(*text);
  ASSERT_TRUE(snapshot.ok()) << snapshot.error();

  std::vector<std::string> sources;  // assets/db/NAME.sql, built into NAME.sqlite
  for (const auto& f : std::filesystem::directory_iterator(std::string(CHOKEPOINT_SOURCE_DIR) + "/assets/db"))
    if (f.path().extension() == ".sql") sources.push_back(f.path().stem().string());
  ASSERT_GE(sources.size(), 2u);
  EXPECT_EQ(snapshot->size(), sources.size());
  for (const auto& name : sources) {
    const SchemaSnapshotEntry* entry = nullptr;
    for (const auto& e : *snapshot)
      if (e.file == name + ".sqlite") entry = &e;
    ASSERT_NE(entry, nullptr) << name << ".sqlite is not in the snapshot";
    auto db = Connection::open_read_only(built + name + ".sqlite");
    ASSERT_TRUE(db.ok()) << db.error();
    auto schema = read_schema(*db, name);
    ASSERT_TRUE(schema.ok()) << schema.error();
    EXPECT_TRUE(entry->schema == *schema) << name << ": the snapshot differs from the file";
    EXPECT_FALSE(entry->schema.tables.empty()) << name;
    for (const auto& t : entry->schema.tables) EXPECT_GE(t.row_count, 0) << name << "." << t.name << ": rows counted";
  }
}

}  // namespace
}  // namespace chokepoint
