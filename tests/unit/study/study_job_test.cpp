// The study job: stepped one pair at a time or run at once, it gives the report the study's function gives on the
// same evaluated items; progress counts the pairs of every list.
#include "core/study/study_job.h"

#include <gtest/gtest.h>

#include "core/mutate/metrics_scorer.h"
#include "core/mutate/sensitivity_table.h"
#include "core/study/mutation_sensitivity_study.h"
#include "core/study/shared_failures_study.h"
#include "tests/unit/metrics/result_builders.h"

namespace chokepoint::study {
namespace {

using testing_support::memory_db;

const char* kPets =
    "CREATE TABLE owner(id INTEGER PRIMARY KEY, name TEXT);"
    "CREATE TABLE pet(id INTEGER PRIMARY KEY, owner_id INT REFERENCES owner(id), kind TEXT, age INT);"
    "INSERT INTO owner VALUES (1,'ann'),(2,'bob');"
    "INSERT INTO pet VALUES (1,1,'cat',3),(2,2,'dog',5),(3,1,'cat',7);";

DatabaseLookup lookup_for(const Connection& db) {
  return [&db](const std::string& db_id) -> Result<const Connection*> {
    if (db_id == "pets") return &db;
    return Error{"database " + db_id + " is not loaded"};
  };
}

// Seeds: "1" predicted right, "2" wrong. Expansions: two of seed 1 (right, wrong), one of seed 2 (right).
std::vector<EvalPair> seeds() {
  return {{"1", "pets", "SELECT kind FROM pet WHERE age > 4", "SELECT kind FROM pet WHERE age > 4"},
          {"2", "pets", "SELECT count(*) FROM pet", "SELECT 0"}};
}
std::vector<EvalPair> expansions() {
  const char* e1 = "SELECT pet.kind FROM pet JOIN owner ON owner.id = pet.owner_id WHERE age > 4";
  const char* e3 = "SELECT count(*) FROM pet JOIN owner ON owner.id = pet.owner_id";
  return {{"1-e1", "pets", e1, e1}, {"1-e2", "pets", e1, "SELECT 'x'"}, {"2-e1", "pets", e3, e3}};
}
JqeDeltaInputs shape() {
  JqeDeltaInputs in;
  in.system = "toy";
  in.seed_ids = {"1", "2"};
  in.shapes = {{"1", 2, 1}, {"1", 2, 1}, {"2", 2, 1}};
  return in;
}

TEST(StudyJob, JqeDeltaSteppedPairByPairEqualsTheStudyOnTheSameItems) {
  Connection db = memory_db(kPets);
  auto job = jqe_delta_job(shape(), seeds(), expansions(), EvaluationOptions{}, lookup_for(db));
  EXPECT_EQ(job.progress().total, 5u);
  size_t steps = 0;
  while (!job.advance([] { return false; })) ++steps;
  EXPECT_EQ(steps, 5u);  // one pair per step, the report built on the step after the last pair
  EXPECT_EQ(job.progress().done, 5u);
  ASSERT_TRUE(job.report().ok()) << job.report().error();

  JqeDeltaInputs in = shape();
  EvaluationOptions ex_only;
  ex_only.regimes.clear();
  for (const auto& p : seeds()) in.seeds.push_back(evaluate_with_lookup(lookup_for(db), p, ex_only));
  for (const auto& p : expansions()) in.expansions.push_back(evaluate_with_lookup(lookup_for(db), p, ex_only));
  auto direct = jqe_delta_study(in);
  ASSERT_TRUE(direct.ok()) << direct.error();
  EXPECT_EQ(report_json(*job.report()), report_json(direct->report));
  // By hand: seed 1 right, seed 2 wrong; 1-e1 right (0|EX=1), 1-e2 wrong (-1), 2-e1 right (+1).
  EXPECT_EQ(direct->numbers.transitions.kept_correct, 1u);
  EXPECT_EQ(direct->numbers.transitions.degraded, 1u);
  EXPECT_EQ(direct->numbers.transitions.improved, 1u);
}

TEST(StudyJob, SharedFailuresRunAtOnceEqualsTheStudy) {
  Connection db = memory_db(kPets);
  const std::vector<EvalPair> gold = seeds();
  std::vector<std::vector<EvalPair>> runs(2, gold);
  runs[0][0].pred_sql = "SELECT 'x'";  // A fails both
  runs[1][0].pred_sql = "SELECT 'y'";  // B fails both
  EvaluationOptions options;
  options.regimes = {Regime{}};
  auto job = shared_failures_job({"A", "B"}, runs, options, lookup_for(db));
  EXPECT_TRUE(job.advance([] { return true; }));
  ASSERT_TRUE(job.report().ok()) << job.report().error();
  std::vector<SystemRun> evaluated;
  for (size_t s = 0; s < 2; ++s) {
    SystemRun run{s ? "B" : "A", {}};
    for (const auto& p : runs[s]) run.items.push_back(evaluate_with_lookup(lookup_for(db), p, options));
    evaluated.push_back(run);
  }
  auto direct = shared_failures_study(evaluated, options.regimes);
  ASSERT_TRUE(direct.ok()) << direct.error();
  EXPECT_EQ(direct->numbers.common_failures, 2u);
  EXPECT_EQ(report_json(*job.report()), report_json(direct->report));
}

TEST(StudyJob, MutationSensitivitySteppedGoldByGoldEqualsTheRunAtOnce) {
  Connection db = memory_db(kPets);
  const std::vector<mutate::GoldQuery> golds = {
      {"1", "pets", "SELECT kind, age FROM pet WHERE age > 4 AND kind = 'cat'"},
      {"2", "pets", "SELECT nope FROM pet"},  // fails: skipped
      {"3", "pets", "SELECT kind FROM pet LIMIT 2"},
      {"4", "zoo", "SELECT 1"}};  // no database: skipped
  const std::vector<Regime> regimes = {Regime{}};
  auto job = mutation_sensitivity_job(golds, {}, ExSemantics::Bird, regimes, false, lookup_for(db));
  EXPECT_EQ(job.progress().total, 4u);
  size_t steps = 0;
  while (!job.advance([] { return false; })) ++steps;
  EXPECT_EQ(steps, 4u);  // one gold per step
  ASSERT_TRUE(job.report().ok()) << job.report().error();

  DatabasePool pool("/nonexistent");
  pool.add("pets", memory_db(kPets));
  mutate::SensitivityOptions options;
  options.regime_count = 1;
  const auto run = mutate::run_sensitivity(golds, pool, options, mutate::metrics_scorer(ExSemantics::Bird, regimes));
  EXPECT_EQ(run.golds, 4u);
  EXPECT_EQ(run.skipped.size(), 2u);
  EXPECT_GT(run.mutants.size(), 3u);
  const auto table = mutate::tabulate_sensitivity(run.mutants, {regimes[0].name()}, false);
  EXPECT_EQ(report_json(*job.report()), report_json(mutation_sensitivity_report(run, table)));
}

}  // namespace
}  // namespace chokepoint::study
