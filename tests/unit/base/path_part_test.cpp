// A name from an input becomes a path component only when it is one plain component.
#include "core/base/path_part.h"

#include <gtest/gtest.h>

namespace chokepoint {
namespace {

TEST(PathPart, PlainNamesPass) {
  for (const char* ok : {"concert_singer", "toxicology_denat2", "a b", "california_schools", "x-1.v2", "é"})
    EXPECT_TRUE(check_path_part(ok, "db_id").ok()) << ok;
}

TEST(PathPart, NamesThatLeaveTheFolderAreRefusedWithTheRule) {
  EXPECT_EQ(check_path_part("../x", "db_id").error(), "db_id '../x' cannot name a file: it starts with '.'");
  EXPECT_EQ(check_path_part("a/b", "db_id").error(), "db_id 'a/b' cannot name a file: it holds '/'");
  EXPECT_EQ(check_path_part("/etc", "db_id").error(), "db_id '/etc' cannot name a file: it holds '/'");
  EXPECT_FALSE(check_path_part("..", "db_id").ok());
  EXPECT_FALSE(check_path_part(".hidden", "db_id").ok());
  EXPECT_FALSE(check_path_part("a\\b", "db_id").ok());
  EXPECT_FALSE(check_path_part("c:x", "db_id").ok());
  EXPECT_EQ(check_path_part(std::string("a\0b", 3), "db_id").error(),
            "db_id 'a?b' cannot name a file: it holds a control character");
  EXPECT_EQ(check_path_part("", "db_id").error(), "db_id is empty, so it cannot name a file");
  EXPECT_FALSE(check_path_part(std::string(129, 'a'), "db_id").ok());
  EXPECT_TRUE(check_path_part(std::string(128, 'a'), "db_id").ok());
}

TEST(PathPart, FileNameAndStemOfAPath) {
  EXPECT_EQ(file_name_of("assets/db/toxicology.sqlite"), "toxicology.sqlite");
  EXPECT_EQ(file_name_of("/toxicology.sqlite"), "toxicology.sqlite");
  EXPECT_EQ(file_name_of("toxicology.sqlite"), "toxicology.sqlite");
  EXPECT_EQ(file_name_of("dir/"), "");
  EXPECT_EQ(file_stem_of("spider/database/concert_singer/concert_singer.sqlite"), "concert_singer");
  EXPECT_EQ(file_stem_of("a.b/c"), "c");  // a dot in a folder's name is not the file's extension
  EXPECT_EQ(file_stem_of("x/c.v2.sqlite"), "c.v2");
  EXPECT_EQ(file_stem_of("x/.sqlite"), ".sqlite");
  EXPECT_EQ(file_stem_of("x/c."), "c");
  EXPECT_EQ(file_stem_of(""), "");
}

}  // namespace
}  // namespace chokepoint
