// Which items have no database under --db-root (cli/missing_databases.h), on a folder made here: the counts, the
// db_ids in order of first appearance, and the one line a command stops with.
#include "cli/missing_databases.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

namespace chokepoint::cli {
namespace {

namespace fs = std::filesystem;

// DIR/present/present.sqlite exists; nothing else does.
class MissingDatabases : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("chokepoint-missing-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(root_ / "present");
    std::ofstream(root_ / "present" / "present.sqlite") << "";
  }
  void TearDown() override { fs::remove_all(root_); }
  std::string root() const { return root_.string(); }

  fs::path root_;
};

TEST_F(MissingDatabases, CountsItemsAndListsEachMissingIdOnceInOrder) {
  const auto m = find_missing_databases(root(), {"present", "b", "a", "b", "present"});
  EXPECT_EQ(m.items, 5u);
  EXPECT_EQ(m.missing_items, 3u);  // b, a, b
  EXPECT_EQ(m.db_ids, (std::vector<std::string>{"b", "a"}));
  EXPECT_EQ(m.reasons, (std::vector<std::string>{"", ""}));
}

TEST_F(MissingDatabases, AFolderWithoutItsFileIsMissing) {
  fs::create_directories(root_ / "empty");
  EXPECT_EQ(find_missing_databases(root(), {"empty"}).db_ids, std::vector<std::string>{"empty"});
}

TEST_F(MissingDatabases, AnIdThatIsNoPlainFileNameIsMissingWithItsReason) {
  const auto m = find_missing_databases(root(), {"../present"});
  ASSERT_EQ(m.db_ids, std::vector<std::string>{"../present"});
  EXPECT_FALSE(m.reasons[0].empty());
}

TEST_F(MissingDatabases, EveryDatabaseThereIsOk) {
  auto r = require_databases(root(), {"present", "present"}, false);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->items, 0u);
  EXPECT_EQ(r->note, "");
}

TEST_F(MissingDatabases, WithoutSkipMissingTheErrorNamesCountsRootAndIds) {
  const auto r = require_databases(root(), {"present", "b", "a", "b"}, false);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "3 of 4 items have no database under " + root() +
                           ": 2 db_ids missing (b, a); give --db-root the folder that holds <db_id>/<db_id>.sqlite, "
                           "or --skip-missing to score the rest");
}

TEST_F(MissingDatabases, OneMissingItemIsSingular) {
  const auto r = require_databases(root(), {"x"}, false, "");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "1 of 1 item has no database under " + root() +
                           ": 1 db_id missing (x); give --db-root the folder that holds <db_id>/<db_id>.sqlite");
}

TEST_F(MissingDatabases, MoreThanFiveMissingIdsAreCounted) {
  const auto r = require_databases(root(), {"a", "b", "c", "d", "e", "f", "g"}, false);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("7 db_ids missing (a, b, c, d, e, and 2 more)"), std::string::npos) << r.error();
}

TEST_F(MissingDatabases, WithSkipMissingTheRestIsScoredAndTheNoteSaysWhat) {
  auto r = require_databases(root(), {"present", "b", "b"}, true);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->items, 2u);
  EXPECT_EQ(r->note, "skipping 2 of 3 items: no database under " + root() + " for 1 db_id missing (b)");
}

}  // namespace
}  // namespace chokepoint::cli
