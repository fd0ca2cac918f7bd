// The study job: stepped one pair at a time or run at once, it gives the report the study's function gives on the
// same evaluated items; progress counts the pairs of every list.
#include "core/study/study_job.h"

#include <gtest/gtest.h>

#include "core/mutate/metrics_scorer.h"
#include "core/mutate/sensitivity_table.h"
#include "core/study/augment_report_file.h"
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

// augment_report.json as `chokepoint tqa augment` writes it (trimmed): two items, SR hiding one question reference
// of two, and each item's linker table once per strategy.
const char* kAugmentReport = R"({
  "items": 9, "augmented": 2, "hiding_rule": "matcher",
  "hiding": {"SR": {"question_hidden": 1, "question_scored": 2, "evidence_hidden": 0, "evidence_scored": 0},
             "BT": {"question_hidden": 2, "question_scored": 2, "evidence_hidden": 1, "evidence_scored": 1}},
  "attributes": {"original": {"queries": 2, "join_in_questions": 50.0, "projection_filter_in_questions": 0,
                              "join_in_evidence": 0, "projection_filter_in_evidence": 100.0}},
  "items_detail": [{"id": "1", "db_id": "pets", "strategy": "SR", "linker_table": "owner"},
                   {"id": "2", "db_id": "pets", "strategy": "SR", "linker_table": "pet"},
                   {"id": "1", "db_id": "pets", "strategy": "BT", "linker_table": "owner"}]
})";

TEST(StudyJob, AugmentReportReadBackForTheStudy) {
  auto read = read_augment_report(kAugmentReport, "augment_report.json");
  ASSERT_TRUE(read.ok()) << read.error();
  EXPECT_EQ(read->inputs.hiding_rule, "matcher");
  ASSERT_EQ(read->inputs.hiding.size(), 2u);
  EXPECT_EQ(read->inputs.hiding[0].strategy, "SR");
  EXPECT_EQ(read->inputs.hiding[0].question_hidden, 1u);
  EXPECT_EQ(read->inputs.hiding[0].question_scored, 2u);
  EXPECT_EQ(read->inputs.hiding[1].evidence_hidden, 1u);
  ASSERT_EQ(read->inputs.attributes.size(), 1u);
  EXPECT_DOUBLE_EQ(read->inputs.attributes[0].join_in_questions, 50.0);
  EXPECT_DOUBLE_EQ(read->inputs.attributes[0].other_in_evidence, 100.0);
  ASSERT_EQ(read->linkers.size(), 2u);  // item 1 once, though two strategies name it
  EXPECT_EQ(read->linkers[1].table, "pet");

  auto bad = read_augment_report(R"({"hiding": {}})", "x.json");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error(), "x.json: not an augment_report.json (no hiding or attributes)");
  EXPECT_FALSE(read_augment_report("not json", "y.json").ok());
}

// Table 4.9's row for one variant: item 1's linker table (owner) was retrieved, item 2's (pet) was not; an item with
// no retrieval is counted apart. A run that retrieved only for items outside the augmentation is refused.
TEST(StudyJob, LinkerPresenceRowFromRetrievedTables) {
  auto read = read_augment_report(kAugmentReport, "augment_report.json");
  ASSERT_TRUE(read.ok()) << read.error();
  auto row = linker_presence_row("SR", read->linkers, {{"1", {"pet", "owner"}}, {"2", {"owner"}}}, "run");
  ASSERT_TRUE(row.ok()) << row.error();
  EXPECT_EQ(row->variant, "SR");
  EXPECT_EQ(row->retrieved, 1u);
  EXPECT_EQ(row->missed, 1u);
  EXPECT_EQ(row->no_retrieval, 0u);
  auto partial = linker_presence_row("BT", read->linkers, {{"2", {}}}, "run");
  ASSERT_TRUE(partial.ok()) << partial.error();
  EXPECT_EQ(partial->missed, 1u);  // answered with no table: a miss
  EXPECT_EQ(partial->no_retrieval, 1u);
  auto other = linker_presence_row("CA", read->linkers, {{"77", {"pet"}}}, "the run on other.json");
  ASSERT_FALSE(other.ok());
  EXPECT_EQ(other.error(), "the run on other.json names none of the augmented items");
  EXPECT_TRUE(linker_presence_row("CA", read->linkers, {}, "empty").ok());  // nothing retrieved: all no_retrieval
}

// The job evaluates each given list once and hands it to its system's variant: the report equals the study on the
// same items evaluated by hand.
TEST(StudyJob, TqaAugmentSteppedEqualsTheStudyOnTheSameItems) {
  Connection db = memory_db(kPets);
  auto read = read_augment_report(kAugmentReport, "augment_report.json");
  ASSERT_TRUE(read.ok()) << read.error();
  const std::vector<EvalPair> original = seeds();  // 1 right, 2 wrong
  std::vector<EvalPair> sr = seeds();
  sr[0].pred_sql = "SELECT 'x'";                // 1 now wrong: -1
  sr[1].pred_sql = "SELECT count(*) FROM pet";  // 2 now right: +1
  auto job =
      tqa_augment_job(read->inputs, {{"toy", {0, 1, -1, -1}}}, {original, sr}, EvaluationOptions{}, lookup_for(db));
  EXPECT_EQ(job.progress().total, 4u);
  while (!job.advance([] { return false; })) {
  }
  ASSERT_TRUE(job.report().ok()) << job.report().error();

  AugmentInputs in = read->inputs;
  EvaluationOptions ex_only;
  ex_only.regimes.clear();
  AugmentSystem toy{"toy", {}};
  for (const auto& p : original) toy.variants[0].push_back(evaluate_with_lookup(lookup_for(db), p, ex_only));
  for (const auto& p : sr) toy.variants[1].push_back(evaluate_with_lookup(lookup_for(db), p, ex_only));
  const auto t = augment_transitions(toy, 1).table;
  EXPECT_EQ(t.improved, 1u);
  EXPECT_EQ(t.degraded, 1u);
  in.systems.push_back(toy);
  auto direct = tqa_augment_study(in);
  ASSERT_TRUE(direct.ok()) << direct.error();
  EXPECT_EQ(report_json(*job.report()), report_json(*direct));

  // No system: the hiding and attribute tables alone, at once.
  auto text_only = tqa_augment_job(read->inputs, {}, {}, EvaluationOptions{}, lookup_for(db));
  EXPECT_TRUE(text_only.advance([] { return false; }));
  ASSERT_TRUE(text_only.report().ok()) << text_only.report().error();
  auto direct_text = tqa_augment_study(read->inputs);
  ASSERT_TRUE(direct_text.ok());
  EXPECT_EQ(report_json(*text_only.report()), report_json(*direct_text));
}

// denat-delta as a job: the settings' lists handed to their system give the study's report on the same items.
TEST(StudyJob, DenatDeltaSteppedEqualsTheStudyOnTheSameItems) {
  Connection db = memory_db(kPets);
  const std::vector<EvalPair> oo = seeds();  // 1 right, 2 wrong
  std::vector<EvalPair> ll = seeds();
  ll[0].pred_sql = "SELECT 'x'";  // the O/O-correct item lost in L/L: ΔEX -100 %
  const NaturalnessTally tally{"dictionary-coverage heuristic", {3, 1, 0}, {0, 1, 3}, true};
  auto job = denat_delta_job({{"toy", {0, -1, -1, 1}}}, tally, {oo, ll}, EvaluationOptions{}, lookup_for(db));
  EXPECT_EQ(job.progress().total, 4u);
  while (!job.advance([] { return false; })) {
  }
  ASSERT_TRUE(job.report().ok()) << job.report().error();

  EvaluationOptions ex_only;
  ex_only.regimes.clear();
  DenatSystem toy{"toy", {}};
  for (const auto& p : oo) toy.settings[0].push_back(evaluate_with_lookup(lookup_for(db), p, ex_only));
  for (const auto& p : ll) toy.settings[3].push_back(evaluate_with_lookup(lookup_for(db), p, ex_only));
  auto direct = denat_delta_study({toy}, tally);
  ASSERT_TRUE(direct.ok()) << direct.error();
  EXPECT_EQ(direct->systems[0].oo_correct, 1u);
  EXPECT_DOUBLE_EQ(direct->systems[0].deltas[3].delta, -100.0);
  EXPECT_EQ(report_json(*job.report()), report_json(direct->report));

  // A list index that does not exist is refused, naming the system.
  auto wrong = denat_delta_job({{"toy", {0, -1, -1, 5}}}, tally, {oo}, EvaluationOptions{}, lookup_for(db));
  EXPECT_TRUE(wrong.advance([] { return true; }));
  ASSERT_FALSE(wrong.report().ok());
  EXPECT_EQ(wrong.report().error(), "toy: no such list");
}

}  // namespace
}  // namespace chokepoint::study
