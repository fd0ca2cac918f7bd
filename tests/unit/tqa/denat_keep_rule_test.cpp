// Which de-naturalised items are kept (SQLMorph §V): by the gold check (the renamed gold returns the original's
// rows), by the system's EX on the original item (§V-D counts only items whose O/O answer was right), or by both.
#include "core/tqa/denat_keep_rule.h"

#include <gtest/gtest.h>

#include "core/dataset/eval_set_loader.h"
#include "core/schema/sqlite_schema.h"
#include "core/tqa/denat_job.h"
#include "tests/unit/tqa/tqa_fixtures.h"

namespace chokepoint::tqa {
namespace {

DenatItem item(const std::string& key, bool same_gold_result) {
  DenatItem d;
  d.original.key = key;
  d.same_gold_result = same_gold_result;
  d.gold_reason = same_gold_result ? "" : "the renamed SQL returns different rows";
  d.kept = same_gold_result;
  d.reason = d.gold_reason;
  return d;
}

// a: gold check passes, EX 1;  b: passes, EX 0;  c: fails, EX 1;  d: passes, no EX in the run.
std::vector<DenatItem> four() { return {item("a", true), item("b", true), item("c", false), item("d", true)}; }
const ExByItem kEx = {{"a", true}, {"b", false}, {"c", true}};

TEST(DenatKeepRule, TheGoldRuleKeepsWhatTheRenamedGoldAnswersAlike) {
  DenatSelection s = select_denat_items(four(), DenatKeepRule::gold_result, kEx);
  EXPECT_EQ(s.kept, (std::vector<size_t>{0, 1, 3}));
  ASSERT_EQ(s.dropped.size(), 1u);
  EXPECT_EQ(s.dropped[0].key, "c");
  EXPECT_EQ(s.dropped[0].reason, "the renamed SQL returns different rows");
  EXPECT_EQ(s.without_ex, 0u);
}

TEST(DenatKeepRule, TheExRuleKeepsWhatTheSystemAnsweredRightOnTheOriginal) {
  DenatSelection s = select_denat_items(four(), DenatKeepRule::system_ex, kEx);
  EXPECT_EQ(s.kept, (std::vector<size_t>{0, 2}));
  ASSERT_EQ(s.dropped.size(), 2u);
  EXPECT_EQ(s.dropped[0].key, "b");
  EXPECT_EQ(s.dropped[0].reason, "the system did not answer the original correctly (EX = 0)");
  EXPECT_EQ(s.dropped[1].key, "d");
  EXPECT_EQ(s.dropped[1].reason, "the run has no EX for this item");
  EXPECT_EQ(s.without_ex, 1u);
}

TEST(DenatKeepRule, BothRulesKeepOnlyWhatPassesEach) {
  DenatSelection s = select_denat_items(four(), DenatKeepRule::both, kEx);
  EXPECT_EQ(s.kept, std::vector<size_t>{0});
  ASSERT_EQ(s.dropped.size(), 3u);
  EXPECT_EQ(s.dropped[1].key, "c");
  EXPECT_EQ(s.dropped[1].reason, "the renamed SQL returns different rows");  // the gold check speaks first
}

TEST(DenatKeepRule, SelectionLeavesTheItemsAsTheyWere) {
  const std::vector<DenatItem> items = four();
  select_denat_items(items, DenatKeepRule::system_ex, kEx);
  EXPECT_TRUE(items[3].kept);
}

TEST(DenatKeepRule, NamesRoundTripAndAnUnknownOneIsRefused) {
  for (DenatKeepRule r : {DenatKeepRule::gold_result, DenatKeepRule::system_ex, DenatKeepRule::both})
    EXPECT_EQ(*denat_keep_rule_from_name(denat_keep_rule_name(r)), r);
  auto bad = denat_keep_rule_from_name("ex");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("'ex'"), std::string::npos);
}

TEST(DenatKeepRule, TheJsonFormListsKeptKeysAndReasons) {
  DenatSelection s = select_denat_items(four(), DenatKeepRule::system_ex, kEx);
  const nlohmann::json j = denat_selection_json(s, four());
  EXPECT_EQ(j["rule"], "system-ex");
  EXPECT_EQ(j["items"], 4);
  EXPECT_EQ(j["kept_keys"], (nlohmann::json{"a", "c"}));
  EXPECT_EQ(j["dropped_items"][1]["key"], "d");
}

// The job applies the option while it checks the SQL, so only kept items get their text rewritten.
TEST(DenatKeepRule, TheJobKeepsByTheSystemsExWhenAsked) {
  const Lexicon* lex = testing_support::wordnet();
  if (!lex) GTEST_SKIP() << "WordNet not installed";
  auto db = testing_support::toxicology_sample();
  ASSERT_TRUE(db.ok()) << db.error();
  auto schema = read_schema(*db, "toxicology");
  ASSERT_TRUE(schema.ok());
  auto set = load_eval_set(CHOKEPOINT_SOURCE_DIR "/assets/sets/sample_dev.json");
  ASSERT_TRUE(set.ok()) << set.error();
  std::vector<EvalItem> items;
  for (const auto& i : set->items)
    if (i.db_id == "toxicology" && items.size() < 3) items.push_back(i);
  ASSERT_EQ(items.size(), 3u);
  DenatJobOptions options;
  options.renamed_path = ":memory:";
  options.keep_rule = DenatKeepRule::system_ex;
  options.system_ex = {{items[0].key, true}, {items[1].key, false}};  // items[2]: the run did not score it
  DenatJob job(*schema, *db, items, *lex, options);
  for (int i = 0; i < 10000 && !job.finished(); ++i) job.step(i, 1);
  ASSERT_EQ(job.phase(), DenatPhase::done) << job.error();
  ASSERT_EQ(job.results().size(), 3u);
  EXPECT_TRUE(job.results()[0].kept);
  EXPECT_FALSE(job.results()[1].kept);
  EXPECT_EQ(job.results()[1].reason, "the system did not answer the original correctly (EX = 0)");
  EXPECT_FALSE(job.results()[2].kept);
  EXPECT_EQ(job.results()[2].reason, "the run has no EX for this item");
  EXPECT_EQ(job.kept(), 1u);
}

}  // namespace
}  // namespace chokepoint::tqa
