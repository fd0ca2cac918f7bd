// The resumable JQE job: sliced one unit at a time it decides exactly what one uninterrupted run decides, reports
// where it is, and can be cancelled with what it decided so far intact.
#include <gtest/gtest.h>

#include "core/jqe/expansion_job.h"
#include "core/jqe/report.h"
#include "tests/unit/jqe/toxicology_fixture.h"

namespace chokepoint::jqe {
namespace {

using testing::kToxicologySeed;
using testing::several;
using testing::Toxicology;

std::string fingerprint(const JqeRun& run) {
  return jqe_report(run).dump() + expansion_set_json(run).dump() + pruned_set_json(run).dump();
}

JqeRun one_unit_at_a_time(const std::vector<EvalItem>& seeds, const std::map<std::string, JqeDatabase>& dbs,
                          const JqeOptions& o, size_t* advances) {
  JqeJob job(seeds, dbs, o);
  *advances = 0;
  while (!job.advance([] { return false; })) ++*advances;
  return job.take_run();
}

TEST(ExpansionJob, SlicedRunEqualsOneCall) {
  Toxicology t = Toxicology::load();
  const auto dbs = t.databases(true);
  JqeOptions o;
  o.rounds = 2;
  o.per_pattern = 2;
  o.add_projection = true;
  o.add_predicate = true;
  size_t advances = 0;
  const std::string sliced = fingerprint(one_unit_at_a_time(several(), dbs, o, &advances));
  const std::string whole = fingerprint(run_jqe(several(), dbs, o));
  EXPECT_GT(whole.size(), 1000u);
  EXPECT_EQ(sliced, whole);
  // One unit per advance: statistics and parsing per seed, then per combination, so far more than one per seed.
  EXPECT_GT(advances, 3 * several().size());
}

TEST(ExpansionJob, SlicedBudgetAndSchemaOnlyRunsEqualOneCall) {
  Toxicology t = Toxicology::load();
  const auto dbs = t.databases(false);
  JqeOptions o;
  o.per_pattern = 0;
  o.budget = 3;
  size_t advances = 0;
  EXPECT_EQ(fingerprint(one_unit_at_a_time(several(), dbs, o, &advances)), fingerprint(run_jqe(several(), dbs, o)));
}

TEST(ExpansionJob, ProgressWalksThroughThePhases) {
  Toxicology t = Toxicology::load();
  const auto dbs = t.databases(true);
  JqeJob job(several(), dbs, JqeOptions{});
  EXPECT_EQ(job.progress().phase, JqeProgress::Phase::parsing);  // no enrichment: no statistics phase
  EXPECT_EQ(job.progress().round_seeds, several().size());
  std::vector<JqeProgress::Phase> seen;
  uint64_t most_combinations = 0;
  while (!job.advance([] { return false; })) {
    if (seen.empty() || seen.back() != job.progress().phase) seen.push_back(job.progress().phase);
    most_combinations = std::max(most_combinations, job.progress().combinations);
  }
  EXPECT_EQ(seen, (std::vector<JqeProgress::Phase>{JqeProgress::Phase::parsing, JqeProgress::Phase::expanding}));
  EXPECT_EQ(job.progress().phase, JqeProgress::Phase::done);
  EXPECT_GT(most_combinations, 1u);  // a seed's combinations were judged over several advances
  EXPECT_EQ(job.run().seeds.size(), several().size());
}

TEST(ExpansionJob, CancelKeepsWhatWasDecided) {
  Toxicology t = Toxicology::load();
  const auto dbs = t.databases(true);
  JqeOptions o;
  o.per_pattern = 0;
  JqeJob job(several(), dbs, o);
  size_t units = 0;
  // Run until the first expansion is kept, then stop.
  job.advance([&] { return ++units < 100000 && job.run().expansions.empty(); });
  ASSERT_FALSE(job.done());
  ASSERT_EQ(job.run().expansions.size(), 1u);
  job.cancel();
  EXPECT_TRUE(job.done());
  EXPECT_TRUE(job.cancelled());
  EXPECT_TRUE(job.advance([] { return true; }));  // a finished job stays finished
  JqeRun run = job.take_run();
  EXPECT_EQ(run.expansions.size(), 1u);
  const JqeRun full = run_jqe(several(), dbs, o);
  EXPECT_EQ(run.expansions[0].sql, full.expansions[0].sql);
}

TEST(ExpansionJob, DecisionLimitStopsTheRunAndSaysSo) {
  Toxicology t = Toxicology::load();
  const auto dbs = t.databases(true);
  JqeOptions o;
  o.per_pattern = 0;
  o.max_recorded_decisions = 5;
  JqeJob job(several(), dbs, o);
  EXPECT_TRUE(job.advance([] { return true; }));
  const JqeRun& run = job.run();
  EXPECT_EQ(run.expansions.size() + run.discards.size(), 5u);  // each unit records at most one decision
  EXPECT_NE(run.stopped.find("stopped after 5 recorded decisions"), std::string::npos);
  EXPECT_EQ(jqe_report(run)["stopped"], run.stopped);
  // Without the limit the same run goes further and is not stopped.
  o.max_recorded_decisions = 0;
  const JqeRun full = run_jqe(several(), dbs, o);
  EXPECT_GT(full.expansions.size() + full.discards.size(), 5u);
  EXPECT_TRUE(full.stopped.empty());
  EXPECT_FALSE(jqe_report(full).contains("stopped"));
}

TEST(ExpansionJob, EmptyInputFinishesInAFewUnits) {
  Toxicology t = Toxicology::load();
  const auto dbs = t.databases(true);
  JqeOptions o;
  o.add_predicate = true;
  JqeJob job({}, dbs, o);
  EXPECT_TRUE(job.advance([] { return true; }));
  EXPECT_LE(job.progress().units, 3u);  // statistics, parsing and expanding each end at once
  EXPECT_TRUE(job.run().seeds.empty());
  EXPECT_EQ(job.run().input_seeds, 0u);
}

}  // namespace
}  // namespace chokepoint::jqe

namespace chokepoint::jqe {
namespace {

// Thesis Alg. 1 keeps at most n expansions per isomorphism class, counting the input set's own queries. A context
// query takes its class's slot like an input query would, but is neither expanded nor reported.
TEST(ExpansionJob, ContextSeedFillsItsClassWithoutBeingExpanded) {
  Toxicology t = Toxicology::load();
  const auto dbs = t.databases(true);
  JqeOptions o;
  o.per_pattern = 1;
  const JqeRun alone = run_jqe({testing::seed(kToxicologySeed)}, dbs, o);
  ASSERT_FALSE(alone.expansions.empty());
  const std::string taken = alone.expansions[0].sql;

  JqeOptions with_context = o;
  with_context.context_seeds = {testing::seed(taken, "context")};
  const JqeRun run = run_jqe({testing::seed(kToxicologySeed)}, dbs, with_context);
  ASSERT_EQ(run.seeds.size(), 1u);  // the context query has no seed record
  EXPECT_EQ(run.seeds[0].item.key, "0");
  EXPECT_EQ(run.input_seeds, 1u);
  EXPECT_EQ(run.expansions.size(), alone.expansions.size() - 1);  // its class was already full
  for (const auto& x : run.expansions) {
    EXPECT_NE(x.sql, taken);
    EXPECT_EQ(x.seed, 0);
  }
  auto isomorphic = [](const JqeRun& r) {
    size_t n = 0;
    for (const auto& d : r.discards) n += d.reason == DiscardReason::isomorphic;
    return n;
  };
  EXPECT_GT(isomorphic(run), isomorphic(alone));
}

}  // namespace
}  // namespace chokepoint::jqe
