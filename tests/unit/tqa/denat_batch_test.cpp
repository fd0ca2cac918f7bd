// De-naturalising several databases one after another: the batch gives, database by database and in order, what
// each database's own DenatJob gives, however small the slices it is stepped in.
#include "core/tqa/denat_batch.h"

#include <gtest/gtest.h>

#include "core/dataset/eval_set_loader.h"
#include "core/schema/sqlite_schema.h"
#include "tests/unit/tqa/tqa_fixtures.h"

namespace chokepoint::tqa {
namespace {

TEST(DenatBatch, EachDatabaseGetsWhatItsOwnJobGivesInOrder) {
  const Lexicon* lex = testing_support::wordnet();
  if (!lex) GTEST_SKIP() << "WordNet not installed";
  auto db = testing_support::toxicology_sample();
  ASSERT_TRUE(db.ok()) << db.error();
  const auto original = std::make_shared<Connection>(std::move(*db));
  auto schema = read_schema(*original, "toxicology");
  ASSERT_TRUE(schema.ok()) << schema.error();
  auto set = load_eval_set(CHOKEPOINT_SOURCE_DIR "/assets/sets/sample_dev.json");
  ASSERT_TRUE(set.ok()) << set.error();
  std::vector<EvalItem> first, second;
  for (const auto& i : set->items)
    if (i.db_id == "toxicology") (first.size() < 4 ? first : second).push_back(i);
  ASSERT_FALSE(second.empty());

  DenatJobOptions options;
  DenatBatch batch({{*schema, original, first, ":memory:"}, {*schema, original, second, ":memory:"}}, *lex, options);
  EXPECT_DOUBLE_EQ(batch.progress(), 0.0);
  int steps = 0;
  for (; steps < 100000 && !batch.finished(); ++steps) batch.step(steps, 0.5);
  ASSERT_TRUE(batch.finished());
  EXPECT_EQ(batch.error(), "");
  EXPECT_GT(steps, 2) << "small slices take several steps";
  EXPECT_DOUBLE_EQ(batch.progress(), 1.0);
  ASSERT_EQ(batch.plans().size(), 2u);

  std::vector<DenatItem> expected;
  for (const auto* items : {&first, &second}) {
    options.renamed_path = ":memory:";
    DenatJob job(*schema, *original, *items, *lex, options);
    while (!job.finished()) job.step(0, 1000);
    ASSERT_EQ(job.error(), "");
    expected.insert(expected.end(), job.results().begin(), job.results().end());
    EXPECT_EQ(rename_plan_json(batch.plans()[items == &first ? 0 : 1]), rename_plan_json(job.plan()));
  }
  ASSERT_EQ(batch.results().size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(batch.results()[i].original.key, expected[i].original.key);
    EXPECT_EQ(batch.results()[i].less_natural_sql, expected[i].less_natural_sql);
    EXPECT_EQ(batch.results()[i].kept, expected[i].kept);
  }
}

TEST(DenatBatch, NoDatabaseIsFinishedAtOnce) {
  const Lexicon* lex = testing_support::wordnet();
  if (!lex) GTEST_SKIP() << "WordNet not installed";
  DenatBatch batch({}, *lex, {});
  EXPECT_TRUE(batch.finished());
  EXPECT_TRUE(batch.results().empty());
  EXPECT_DOUBLE_EQ(batch.progress(), 1.0);
}

}  // namespace
}  // namespace chokepoint::tqa
