// Sharded runs (cli/shard.h, cli/shard_file.h, cli/shard_merge.h): which positions shard k of n takes, the words a
// shard records, its file, and merge's checks that the files are one run's.
#include "cli/shard.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "cli/shard_file.h"
#include "cli/shard_merge.h"

namespace chokepoint::cli {
namespace {

namespace fs = std::filesystem;

TEST(ShardSpec, ParsesKOfN) {
  auto s = parse_shard_spec("2/3");
  ASSERT_TRUE(s.ok()) << s.error();
  EXPECT_EQ(s->k, 2u);
  EXPECT_EQ(s->n, 3u);
  EXPECT_EQ(s->label(), "2/3");
}

TEST(ShardSpec, ShardKTakesEveryNthPositionFromKMinusOne) {
  const ShardSpec s{2, 3};  // positions 1, 4, 7, ...
  std::vector<size_t> taken;
  for (size_t p = 0; p < 9; ++p)
    if (s.contains(p)) taken.push_back(p);
  EXPECT_EQ(taken, (std::vector<size_t>{1, 4, 7}));
}

TEST(ShardSpec, OutOfRangeOrMalformedIsRefused) {
  for (const char* text : {"0/3", "4/3", "3", "a/b", "1/", "/2", "1/100001", "-1/2", "1/2/3"})
    EXPECT_FALSE(parse_shard_spec(text).ok()) << text;
  EXPECT_EQ(parse_shard_spec("4/3").error(), "--shard takes k/n with 1 <= k <= n <= 100000 (e.g. 2/8), not '4/3'");
  EXPECT_TRUE(parse_shard_spec("100000/100000").ok());
}

TEST(ShardArguments, WithoutFlagsDropsEachFlagWithItsValueInBothForms) {
  const Args args{"--gold", "g.json", "--out", "s1.json", "--shard=1/2", "--jobs", "4", "--fk"};
  EXPECT_EQ(without_flags(args, {"--out", "--shard", "--jobs"}), (Args{"--gold", "g.json", "--fk"}));
}

TEST(ShardArguments, EvalRecordsNeitherWhereItWritesNorHowItPacesItsCalls) {
  const Args args{"--gold",
                  "g",
                  "--out",
                  "o",
                  "--jobs",
                  "2",
                  "--csv",
                  "c.csv",
                  "--replay",
                  "r.sqlite",
                  "--concurrency",
                  "4",
                  "--request-timeout-ms",
                  "900",
                  "--max-calls",
                  "10"};
  EXPECT_EQ(report_arguments(args), (Args{"--gold", "g", "--max-calls", "10"}));
}

TEST(ShardHash, IsFnv1a64InHex) {
  EXPECT_EQ(text_hash(""), "cbf29ce484222325");   // the FNV-1a offset basis
  EXPECT_EQ(text_hash("a"), "af63dc4c8601ec8c");  // FNV-1a 64 of "a", from the algorithm's published test vectors
}

// Shard files in a scratch folder.
class ShardFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("chokepoint-shards-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Shard k of n of "eval" holding `items` at `positions`, with one count; written to <dir>/<name>.
  std::string write(const std::string& name, size_t k, size_t n, std::vector<size_t> positions,
                    std::vector<std::string> items, long long count, Args args = {"--gold", "g"}) {
    ShardFile f = new_shard("eval", ShardSpec{k, n}, std::move(args));
    f.run = {{"gold_hash", "0123"}};
    f.counts["embeddings_cached"] = count;
    f.positions = std::move(positions);
    f.items = std::move(items);
    const std::string path = (dir_ / name).string();
    EXPECT_TRUE(write_shard(path, f).ok());
    return path;
  }

  fs::path dir_;
};

TEST_F(ShardFiles, AFileReadsBackAsWritten) {
  const std::string path = write("s.json", 1, 2, {0, 2}, {std::string("a\0b", 3), "\xff"}, 7);
  auto f = read_shard(path);
  ASSERT_TRUE(f.ok()) << f.error();
  EXPECT_EQ(f->command, "eval");
  EXPECT_EQ(f->spec.label(), "1/2");
  EXPECT_EQ(f->positions, (std::vector<size_t>{0, 2}));
  EXPECT_EQ(f->items, (std::vector<std::string>{std::string("a\0b", 3), "\xff"}));  // bytes, not text
  EXPECT_EQ(f->counts.at("embeddings_cached"), 7);
}

TEST_F(ShardFiles, MergeAddsCountsAndKeepsItemsByPosition) {
  const auto a = write("a.json", 1, 2, {0, 2}, {"zero", "two"}, 3);
  const auto b = write("b.json", 2, 2, {1}, {"one"}, 4);
  auto m = combine_shards({b, a});  // any order
  ASSERT_TRUE(m.ok()) << m.error();
  EXPECT_EQ(m->n, 2u);
  EXPECT_EQ(m->counts.at("embeddings_cached"), 7);
  auto items = take_items(*m, {0, 1, 2}, "pair");
  ASSERT_TRUE(items.ok()) << items.error();
  EXPECT_EQ(*items, (std::vector<std::string>{"zero", "one", "two"}));
}

TEST_F(ShardFiles, MergeRefusesAMissingShard) {
  const auto a = write("a.json", 1, 3, {0}, {"zero"}, 0);
  const auto m = combine_shards({a});
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error(), "missing shards 2/3, 3/3");
}

TEST_F(ShardFiles, MergeRefusesAShardGivenTwice) {
  const auto a = write("a.json", 1, 2, {0}, {"zero"}, 0);
  const auto again = write("again.json", 1, 2, {0}, {"zero"}, 0);
  const auto m = combine_shards({a, again});
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error(), "shard 1/2 is given twice ('" + a + "' and '" + again + "')");
}

TEST_F(ShardFiles, MergeRefusesShardsOfRunsWithOtherArguments) {
  const auto a = write("a.json", 1, 2, {0}, {"zero"}, 0);
  const auto b = write("b.json", 2, 2, {1}, {"one"}, 0, {"--gold", "other"});
  const auto m = combine_shards({a, b});
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.error(), "'" + b + "' and '" + a + "' are not shards of one run: their eval arguments differ");
}

TEST_F(ShardFiles, TakingItemsRefusesAPositionNoShardHoldsAndOneLeftOver) {
  const auto a = write("a.json", 1, 1, {0, 1}, {"zero", "one"}, 0);
  auto m = combine_shards({a});
  ASSERT_TRUE(m.ok()) << m.error();
  MergedShards copy = *m;
  EXPECT_EQ(take_items(copy, {0, 5}, "pair").error(), "no shard holds the pair at position 5");
  EXPECT_EQ(take_items(*m, {0}, "pair").error(), "the shards hold a pair this run does not select (position 1)");
}

}  // namespace
}  // namespace chokepoint::cli
