// BigTable-0.2k as one stepped job on the toxicology sample: without the rename step it is the subset with each item's
// filter changed (the pieces composed by hand, however small the slices); items appended before the first step go
// through the filter step too; with the rename step each kept item's gold gives, on the renamed copy, the rows its
// changed gold gives on the original, and Table 2 counts the set it built; with a model for the rename step, its
// naturalness levels decide the names (nothing asked while its scheduler is held).
#include "core/runner/bigtable_job.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <set>

#include "core/dataset/eval_set_loader.h"
#include "core/llm/prompt_template.h"
#include "core/schema/sqlite_schema.h"
#include "tests/unit/llm/scripted_transport.h"
#include "tests/unit/tqa/tqa_fixtures.h"

namespace chokepoint::runner {
namespace {

std::string rows_text(const QueryOutcome& q) {
  std::string out;
  for (const auto& row : q.result.rows) {
    for (const auto& v : row)
      out += std::to_string(static_cast<int>(v.type)) + ":" + std::to_string(v.integer) + ":" + std::to_string(v.real) +
             ":" + v.bytes + "|";
    out += "\n";
  }
  return out;
}

class BigtableJobTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto db = testing_support::toxicology_sample();
    ASSERT_TRUE(db.ok()) << db.error();
    db_ = std::make_shared<Connection>(std::move(*db));
    auto schema = read_schema(*db_, "toxicology");
    ASSERT_TRUE(schema.ok()) << schema.error();
    schema_ = *schema;
    auto set = load_eval_set(CHOKEPOINT_SOURCE_DIR "/assets/sets/sample_dev.json");
    ASSERT_TRUE(set.ok()) << set.error();
    set_.format = set->format;
    for (const auto& i : set->items)
      if (i.db_id == "toxicology") set_.items.push_back(i);
    options_.per_stratum = 3;
    options_.seed = 5;
  }
  std::map<std::string, BigtableDatabase> databases() const { return {{"toxicology", {schema_, db_}}}; }
  static void drive(BigtableJob& job) {
    for (int i = 0; i < 100000 && !job.finished(); ++i) job.step(i, 0.5);
  }
  std::shared_ptr<Connection> db_;
  Schema schema_;
  EvalSet set_;
  BigtableOptions options_;
};

TEST_F(BigtableJobTest, WithoutRenamingItIsTheSubsetWithEachFilterChanged) {
  auto job = BigtableJob::start(set_, databases(), options_);
  ASSERT_TRUE(job.ok()) << job.error();
  drive(**job);
  ASSERT_EQ((*job)->phase(), BigtablePhase::done) << (*job)->error();

  auto sub = bigtable_subset(set_, {{"toxicology", schema_}}, 3, 5);
  ASSERT_TRUE(sub.ok());
  EvalSet expected = sub->subset;
  FilterChangeTally tally;
  for (size_t i = 0; i < expected.items.size(); ++i)
    change_item_filter(expected.items[i], i, db_.get(), 5, options_.limits, tally);
  const EvalSet& built = (*job)->built();
  ASSERT_EQ(built.items.size(), expected.items.size());
  for (size_t i = 0; i < built.items.size(); ++i) {
    EXPECT_EQ(built.items[i].key, expected.items[i].key);
    EXPECT_EQ(built.items[i].sql, expected.items[i].sql);
    EXPECT_EQ(built.items[i].question, expected.items[i].question);
  }
  EXPECT_EQ((*job)->tally().changed, tally.changed);
  EXPECT_GT(tally.changed, 0u) << "the sample has filter values to change";
  EXPECT_EQ((*job)->tally().changes, tally.changes);
  auto t2 = bigtable_table2(expected, {{"toxicology", schema_}}, 5);
  ASSERT_TRUE(t2.ok());
  EXPECT_EQ((*job)->table2(), *t2);
  EXPECT_TRUE((*job)->renamed().empty());
  EXPECT_EQ((*job)->left_out(), 0u);
}

TEST_F(BigtableJobTest, ItemsAppendedBeforeTheFirstStepAreFilteredToo) {
  auto job = BigtableJob::start(set_, databases(), options_);
  ASSERT_TRUE(job.ok()) << job.error();
  const size_t subset = (*job)->subset().subset.items.size();
  EvalItem extra;
  extra.key = "extra";
  extra.db_id = "toxicology";
  extra.sql = "SELECT molecule_id FROM molecule WHERE label = '+'";
  extra.question = "Which molecules are labelled +?";
  (*job)->append({extra});
  drive(**job);
  ASSERT_EQ((*job)->phase(), BigtablePhase::done) << (*job)->error();
  ASSERT_EQ((*job)->built().items.size(), subset + 1);
  EXPECT_EQ((*job)->built().items.back().key, "extra");
  EXPECT_EQ((*job)->filtered(), subset + 1);
  (*job)->append({extra});
  EXPECT_EQ((*job)->built().items.size(), subset + 1) << "nothing is added once the steps began";
}

TEST_F(BigtableJobTest, RenamedItemsGiveTheChangedGoldsRowsOnTheRenamedCopy) {
  const Lexicon* lex = testing_support::wordnet();
  if (!lex) GTEST_SKIP() << "WordNet not installed";
  // The same build without renaming: each item's changed gold on the original.
  auto plain = BigtableJob::start(set_, databases(), options_);
  ASSERT_TRUE(plain.ok());
  drive(**plain);
  std::map<std::string, EvalItem> changed;
  for (const auto& it : (*plain)->built().items) changed[it.key] = it;

  const std::string path = ::testing::TempDir() + "bigtable_job_toxicology.sqlite";
  std::remove(path.c_str());
  BigtableOptions options = options_;
  options.lexicon = lex;
  options.rename_to = [&](const std::string& db_id) { return RenamedCopy{path, db_id + "_renamed"}; };
  auto job = BigtableJob::start(set_, databases(), options);
  ASSERT_TRUE(job.ok()) << job.error();
  drive(**job);
  ASSERT_EQ((*job)->phase(), BigtablePhase::done) << (*job)->error();
  ASSERT_EQ((*job)->renamed().size(), 1u);
  EXPECT_EQ((*job)->renamed()[0].db_id, "toxicology_renamed");
  ASSERT_EQ((*job)->plans().size(), 1u);
  const EvalSet& built = (*job)->built();
  EXPECT_EQ(built.items.size() + (*job)->left_out(), changed.size());
  EXPECT_GT(built.items.size(), changed.size() / 2);

  auto copy = Connection::open_read_only(path);
  ASSERT_TRUE(copy.ok()) << copy.error();
  auto renamed_schema = read_schema(*copy, "toxicology_renamed");
  ASSERT_TRUE(renamed_schema.ok());
  std::set<std::string> before, after;
  for (const auto& t : schema_.tables) before.insert(t.name);
  for (const auto& t : renamed_schema->tables) after.insert(t.name);
  EXPECT_NE(before, after) << "some table is renamed";
  for (const auto& it : built.items) {
    EXPECT_EQ(it.db_id, "toxicology_renamed");
    ASSERT_TRUE(changed.count(it.key)) << it.key;
    const EvalItem& was = changed[it.key];
    EXPECT_EQ(it.question, was.question) << "O/L: the question as it was";
    EXPECT_NE(it.sql, was.sql) << "the gold names the renamed tables";
    const auto on_copy = copy->query(it.sql), on_original = db_->query(was.sql);
    ASSERT_TRUE(on_copy.ok()) << it.sql << ": " << on_copy.message;
    ASSERT_TRUE(on_original.ok());
    EXPECT_EQ(rows_text(on_copy), rows_text(on_original)) << it.sql;
  }
  auto t2 = bigtable_table2(built, {{"toxicology_renamed", *renamed_schema}}, 5);
  ASSERT_TRUE(t2.ok());
  EXPECT_EQ((*job)->table2(), *t2);
  size_t counted = 0;
  for (const auto& s : (*job)->table2()) counted += s["items"].get<size_t>();
  EXPECT_EQ(counted, built.items.size());
  std::remove(path.c_str());
}

TEST_F(BigtableJobTest, WithAModelItsNaturalnessDecidesTheNamesOnceReleased) {
  const Lexicon* lex = testing_support::wordnet();
  if (!lex) GTEST_SKIP() << "WordNet not installed";
  auto library = load_prompt_library(default_prompts_folder());
  ASSERT_TRUE(library.ok()) << library.error();
  // "molecule" is N3 by the model's say, so it keeps its name; every other name is N1 and gets a new one.
  testing_support::ScriptedTransport transport([](const std::string& prompt) -> std::string {
    if (prompt.find("SNAILS") != std::string::npos)
      return prompt.find("Identifier: molecule\n") != std::string::npos ? "N3" : "N1";
    return "New question: the same question, renamed.";
  });
  CallScheduler scheduler(testing_support::scripted_endpoint(), transport, nullptr);
  scheduler.hold();
  const std::string path = ::testing::TempDir() + "bigtable_job_model.sqlite";
  std::remove(path.c_str());
  BigtableOptions options = options_;
  options.lexicon = lex;
  options.rename_to = [&](const std::string& db_id) { return RenamedCopy{path, db_id + "_renamed"}; };
  options.rename_llm = {&scheduler, &*library, ChatRequest{}, false};
  options.rename_llm.request.model = "scripted";
  auto job = BigtableJob::start(set_, databases(), options);
  ASSERT_TRUE(job.ok()) << job.error();
  for (int i = 0; i < 1000 && !(*job)->waiting_for_llm(); ++i) (*job)->step(i, 0.5);
  ASSERT_TRUE((*job)->waiting_for_llm()) << "the rename step waits for the naturalness answers";
  for (int i = 0; i < 20; ++i) (*job)->step(1000 + i, 0.5);
  EXPECT_EQ(transport.sent, 0) << "nothing is sent while the scheduler is held";
  EXPECT_FALSE((*job)->finished());
  scheduler.resume();
  drive(**job);
  ASSERT_EQ((*job)->phase(), BigtablePhase::done) << (*job)->error();
  EXPECT_GT(transport.sent, 0);
  ASSERT_EQ((*job)->plans().size(), 1u);
  const tqa::RenamePlan& plan = (*job)->plans()[0];
  EXPECT_EQ(plan.naturalness_source, tqa::NaturalnessSource::llm);
  EXPECT_EQ(plan.table_name("molecule"), "molecule");
  EXPECT_NE(plan.table_name("atom"), "atom");
  const tqa::DenatLlmUse& use = (*job)->rename_llm_use();
  EXPECT_GT(use.naturalness.asked, 0u);
  EXPECT_EQ(use.naturalness.used, use.naturalness.asked);
  auto copy = Connection::open_read_only(path);
  ASSERT_TRUE(copy.ok()) << copy.error();
  auto renamed_schema = read_schema(*copy, "toxicology_renamed");
  ASSERT_TRUE(renamed_schema.ok());
  std::set<std::string> tables;
  for (const auto& t : renamed_schema->tables) tables.insert(t.name);
  EXPECT_TRUE(tables.count("molecule"));
  EXPECT_FALSE(tables.count("atom"));
  for (const auto& it : (*job)->built().items) EXPECT_EQ(it.db_id, "toxicology_renamed");
  std::remove(path.c_str());
}

TEST_F(BigtableJobTest, TheExpansionStepsSeedsAndWhatItTakesBack) {
  options_.per_stratum = 4;
  auto job = BigtableJob::start(set_, databases(), options_);
  ASSERT_TRUE(job.ok()) << job.error();
  const auto& strata = (*job)->subset().strata;
  ASSERT_EQ(strata.size(), 4u);
  const size_t short_by = 4 - strata[3].taken;
  EXPECT_EQ((*job)->four_table_shortfall(), short_by);
  ASSERT_GE(short_by, 2u) << "the sample has few queries over four tables";

  // The seeds: the three-table items the subset did not take, in the set's order.
  std::set<std::string> taken;
  for (const auto& it : (*job)->subset().subset.items) taken.insert(it.key);
  std::vector<std::string> expected;
  for (const auto& it : set_.items) {
    auto t = gold_tables(it.sql, schema_);
    if (t.ok() && t->size() == 3 && !taken.count(it.key)) expected.push_back(it.key);
  }
  std::vector<std::string> seeds;
  for (const auto& it : (*job)->expansion_seeds(set_)) seeds.push_back(it.key);
  EXPECT_EQ(seeds, expected);

  // Taken back: generated questions over more than three tables, once per id, up to the shortfall.
  const std::string four =
      "SELECT T1.molecule_id FROM molecule AS T1 JOIN atom AS T2 ON T1.molecule_id = T2.molecule_id JOIN connected "
      "AS T3 ON T2.atom_id = T3.atom_id JOIN bond AS T4 ON T3.bond_id = T4.bond_id WHERE T4.bond_type = '='";
  const std::string three =
      "SELECT T1.molecule_id FROM molecule AS T1 JOIN atom AS T2 ON T1.molecule_id = T2.molecule_id JOIN connected "
      "AS T3 ON T2.atom_id = T3.atom_id";
  auto x = [](const std::string& id, const std::string& status, const std::string& sql) {
    return nlohmann::json{{"question_id", id}, {"db_id", "toxicology"},    {"question", "q " + id}, {"evidence", "e"},
                          {"SQL", sql},        {"question_status", status}};
  };
  nlohmann::json expansions =
      nlohmann::json::array({x("1-e1", "failed", four), x("2-e1", "generated", three), x("3-e1", "generated", four),
                             x("3-e1", "generated", four), x("4-e1", "pending", four)});
  for (size_t i = 0; i < short_by + 2; ++i) expansions.push_back(x("9-e" + std::to_string(i), "generated", four));
  const size_t before = (*job)->built().items.size();
  EXPECT_EQ((*job)->append_expansions(expansions), short_by);
  const auto& built = (*job)->built().items;
  ASSERT_EQ(built.size(), before + short_by);
  EXPECT_EQ(built[before].key, "jqe-3-e1");
  EXPECT_EQ(built[before].question, "q 3-e1");
  EXPECT_EQ(built[before + 1].key, "jqe-9-e0");
  const auto& notes = (*job)->notes();
  EXPECT_TRUE(std::any_of(notes.begin(), notes.end(), [&](const std::string& n) {
    return n.find("has " + std::to_string(short_by) + " three-table items expanded") != std::string::npos;
  }));
  drive(**job);
  ASSERT_EQ((*job)->phase(), BigtablePhase::done);
  EXPECT_EQ((*job)->table2()[3]["items"], 4) << "the >3 stratum is full";
}

TEST_F(BigtableJobTest, TooFewExpansionsLeaveTheStratumShortAndSaySo) {
  auto job = BigtableJob::start(set_, databases(), options_);
  ASSERT_TRUE(job.ok()) << job.error();
  const size_t short_by = (*job)->four_table_shortfall();
  ASSERT_GT(short_by, 0u);
  EXPECT_EQ((*job)->append_expansions(nlohmann::json::array()), 0u);
  const auto& notes = (*job)->notes();
  EXPECT_TRUE(std::any_of(notes.begin(), notes.end(), [&](const std::string& n) {
    return n.find("is " + std::to_string(short_by) + " items short after expanding") != std::string::npos;
  }));
  EXPECT_EQ((*job)->append_expansions("not a list"), 0u);
}

TEST_F(BigtableJobTest, RenamingWithoutTheLexiconIsRefused) {
  BigtableOptions options = options_;
  options.rename_to = [](const std::string& db_id) { return RenamedCopy{"/nowhere/x.sqlite", db_id}; };
  auto job = BigtableJob::start(set_, databases(), options);
  ASSERT_FALSE(job.ok());
  EXPECT_NE(job.error().find("lexicon"), std::string::npos) << job.error();
}

}  // namespace
}  // namespace chokepoint::runner
