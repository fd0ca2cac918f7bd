// The evaluation job: sliced or run at once, the same items in the same order; missing databases are reported with
// the lookup's message; cancel keeps what was evaluated.
#include "core/metrics/evaluation_job.h"

#include <gtest/gtest.h>

#include "tests/unit/metrics/result_builders.h"

namespace chokepoint {
using namespace testing_support;

namespace {

const char* kPets =
    "CREATE TABLE pet(id INTEGER PRIMARY KEY, kind TEXT, age INT);"
    "INSERT INTO pet VALUES (1,'cat',3),(2,'dog',5),(3,'cat',7);";

std::vector<EvalPair> sample_pairs() {
  return {{"a", "pets", "SELECT kind FROM pet WHERE age > 4", "SELECT kind FROM pet WHERE age > 4"},
          {"b", "pets", "SELECT count(*) FROM pet", "SELECT count(*) FROM pet WHERE kind = 'cat'"},
          {"c", "gone", "SELECT 1", "SELECT 1"},
          {"d", "pets", "SELECT id FROM pet", "SELECT nope FROM pet"}};
}

DatabaseLookup lookup_for(const Connection& db) {
  return [&db](const std::string& db_id) -> Result<const Connection*> {
    if (db_id == "pets") return &db;
    return Error{"database " + db_id + " is not loaded"};
  };
}

}  // namespace

TEST(EvaluationJob, OneUnitPerPairWhenTheCallerStopsEachTime) {
  Connection db = memory_db(kPets);
  EvaluationJob job(sample_pairs(), EvaluationOptions{}, lookup_for(db));
  EXPECT_EQ(job.progress().total, 4u);
  EXPECT_FALSE(job.advance([] { return false; }));
  EXPECT_EQ(job.progress().done, 1u);
  EXPECT_FALSE(job.advance([] { return false; }));
  EXPECT_EQ(job.progress().done, 2u);
}

TEST(EvaluationJob, SlicedRunEqualsRunToTheEnd) {
  Connection db = memory_db(kPets);
  EvaluationJob whole(sample_pairs(), EvaluationOptions{}, lookup_for(db));
  EXPECT_TRUE(whole.advance([] { return true; }));
  EvaluationJob sliced(sample_pairs(), EvaluationOptions{}, lookup_for(db));
  while (!sliced.advance([] { return false; })) {
  }
  ASSERT_EQ(whole.items().size(), 4u);
  ASSERT_EQ(sliced.items().size(), 4u);
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(whole.items()[i].id, sliced.items()[i].id);
    EXPECT_EQ(whole.items()[i].status, sliced.items()[i].status);
    EXPECT_EQ(whole.items()[i].ex, sliced.items()[i].ex);
    ASSERT_EQ(whole.items()[i].scores.size(), sliced.items()[i].scores.size());
    for (size_t r = 0; r < whole.items()[i].scores.size(); ++r)
      EXPECT_EQ(whole.items()[i].scores[r].f1, sliced.items()[i].scores[r].f1);
  }
}

TEST(EvaluationJob, ItemsFollowThePairsAndReportWhatFailed) {
  Connection db = memory_db(kPets);
  EvaluationJob job(sample_pairs(), EvaluationOptions{}, lookup_for(db));
  job.advance([] { return true; });
  const auto& items = job.items();
  ASSERT_EQ(items.size(), 4u);
  EXPECT_EQ(items[0].id, "a");
  EXPECT_TRUE(items[0].ex);
  EXPECT_EQ(items[1].status, ItemStatus::Scored);
  EXPECT_FALSE(items[1].ex);  // 3 pets against 2 cats
  EXPECT_EQ(items[2].status, ItemStatus::NoDatabase);
  EXPECT_EQ(items[2].message, "database gone is not loaded");
  EXPECT_EQ(items[3].pred_status, QueryStatus::Error);
  EXPECT_NE(items[3].message.find("no such column"), std::string::npos);
}

TEST(EvaluationJob, CancelKeepsWhatWasEvaluated) {
  Connection db = memory_db(kPets);
  EvaluationJob job(sample_pairs(), EvaluationOptions{}, lookup_for(db));
  job.advance([] { return false; });
  job.cancel();
  EXPECT_TRUE(job.done());
  EXPECT_TRUE(job.cancelled());
  EXPECT_TRUE(job.advance([] { return true; }));  // a cancelled job does no more work
  EXPECT_EQ(job.items().size(), 1u);
}

TEST(EvaluationJob, EmptyListIsDoneAtOnce) {
  EvaluationJob job({}, EvaluationOptions{}, nullptr);
  EXPECT_TRUE(job.done());
  EXPECT_TRUE(job.advance([] { return true; }));
  EXPECT_TRUE(job.items().empty());
}

}  // namespace chokepoint
