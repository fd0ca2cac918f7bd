// Archives of files in SQLite (the workspace export): checked whole before a byte is used.
#include "core/db/file_archive.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <cstdio>
#include <fstream>
#include <sstream>

namespace chokepoint {
namespace {

// An archive image made with the raw API from `script` (run after the two tables are made).
std::string archive_image(const std::string& script, bool with_tables = true) {
  const std::string path = ::testing::TempDir() + "/chokepoint_archive_test.sqlite";
  std::remove(path.c_str());
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  std::string all = with_tables ? "CREATE TABLE files(path TEXT PRIMARY KEY, bytes BLOB NOT NULL);"
                                  "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);"
                                  "INSERT INTO meta VALUES ('format', 'fmt-1');"
                                : "";
  all += script;
  char* err = nullptr;
  EXPECT_EQ(sqlite3_exec(db, all.c_str(), nullptr, nullptr, &err), SQLITE_OK) << (err ? err : "");
  sqlite3_free(err);
  sqlite3_close(db);
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  std::remove(path.c_str());
  return ss.str();
}

Result<std::vector<ArchiveEntry>> read(const std::string& image, const ArchiveLimits& limits = {}) {
  auto db = Connection::open_image(image, "archive");
  if (!db.ok()) return Error{db.error()};
  return read_file_archive(*db, "fmt-1", limits);
}

TEST(FileArchive, AGoodArchiveGivesItsFilesInPathOrder) {
  auto entries = read(archive_image("INSERT INTO files VALUES ('files/b.json', x'7B7D'), ('a.sqlite', x'00FF');"));
  ASSERT_TRUE(entries.ok()) << entries.error();
  ASSERT_EQ(entries->size(), 2u);
  EXPECT_EQ(entries->at(0).path, "a.sqlite");
  EXPECT_EQ(entries->at(0).bytes, std::string("\x00\xff", 2));
  EXPECT_EQ(entries->at(1).bytes, "{}");
}

TEST(FileArchive, ViewsTriggersAndOtherTablesAreRefused) {
  EXPECT_EQ(read(archive_image("CREATE VIEW big AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) "
                               "SELECT zeroblob(1000000) FROM n;"))
                .error(),
            "the archive holds a view (big); only tables are accepted");
  EXPECT_NE(read(archive_image("CREATE TRIGGER t AFTER INSERT ON files BEGIN DELETE FROM meta; END;"))
                .error()
                .find("trigger"),
            std::string::npos);
  EXPECT_FALSE(read(archive_image("CREATE TABLE extra(a);")).ok());
  EXPECT_FALSE(read(archive_image("CREATE TABLE x(a);", false)).ok());
  EXPECT_FALSE(read(archive_image("UPDATE meta SET value = 'other';")).ok());
}

TEST(FileArchive, PathsOutsideTheWorkspaceAreRefused) {
  for (const char* path : {"../x", "/etc/passwd", "files/../../x", "a//b", "a/", "./a", "a\\b", ""}) {
    const std::string quoted = std::string("'") + path + "'";
    EXPECT_FALSE(read(archive_image("INSERT INTO files VALUES (" + quoted + ", x'00');")).ok()) << path;
  }
  EXPECT_TRUE(safe_archive_path("files/toxicology.sqlite"));
  EXPECT_FALSE(safe_archive_path("files/.."));
}

TEST(FileArchive, SizesAreCappedBeforeAnyContentIsRead) {
  const std::string image = archive_image("INSERT INTO files VALUES ('a', zeroblob(3000)), ('b', zeroblob(3000));");
  ArchiveLimits entry;
  entry.max_entry_bytes = 2000;
  EXPECT_EQ(read(image, entry).error(), "a is 3000 bytes; an archive's file may be at most 2000 bytes");
  ArchiveLimits total;
  total.max_total_bytes = 5000;
  EXPECT_EQ(read(image, total).error(), "the archive's files come to more than 5000 bytes");
  ArchiveLimits count;
  count.max_entries = 1;
  EXPECT_EQ(read(image, count).error(), "the archive lists more than 1 files");
  EXPECT_TRUE(read(image).ok());
}

TEST(FileArchive, AStoreCarriedInAnArchiveMustBePlainTables) {
  const std::string store =
      archive_image("CREATE TABLE llm_replay(key TEXT); INSERT INTO llm_replay VALUES ('k');", false);
  auto counts = check_store_image(store, "llm_replay.sqlite", {"llm_replay"});
  ASSERT_TRUE(counts.ok()) << counts.error();
  EXPECT_EQ(counts->at(0).second, 1);
  EXPECT_FALSE(check_store_image(store, "runs.sqlite", {"runs"}).ok());
  const std::string poisoned =
      archive_image("CREATE TABLE llm_replay(key TEXT); CREATE VIEW v AS SELECT randomblob(1000000000);", false);
  EXPECT_FALSE(check_store_image(poisoned, "llm_replay.sqlite", {"llm_replay"}).ok());
  EXPECT_FALSE(check_store_image("not sqlite at all", "llm_replay.sqlite", {"llm_replay"}).ok());
}

}  // namespace
}  // namespace chokepoint
