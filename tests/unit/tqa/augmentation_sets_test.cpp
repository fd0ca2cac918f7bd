// A finished augmentation as evaluation sets and augment_report.json: the thesis' movie example (§4.1.2) with the
// thesis' own rewrites, beside an item whose join graph has no linker table (the job skips it, so the sets do too).
#include "core/tqa/augmentation_sets.h"

#include <gtest/gtest.h>

#include "core/graph/schema_graph.h"
#include "core/llm/prompt_template.h"
#include "tests/unit/llm/scripted_transport.h"
#include "tests/unit/tqa/tqa_fixtures.h"

namespace chokepoint::tqa {
namespace {

using testing_support::kMovieQuestion;
using testing_support::kMovieSql;
using testing_support::movie_schema;
using testing_support::scripted_endpoint;
using testing_support::ScriptedTransport;

// SR answers with a position that is no matched token (an unusable answer); BT and CA rewrite "character".
std::string rewrites(const std::string& prompt) {
  if (prompt.find("You replace words with synonyms") != std::string::npos)
    return R"([{"token": "figure", "position": 3}])";
  if (prompt.find("back-translation") != std::string::npos)
    return "New question: Who portrayed the No.2 role in the credit list of the movie \"American Hustle\"?";
  return "New question: Who was second in the credits of the movie \"American Hustle\"?";
}

TEST(AugmentationSets, OneSetPerStrategyOverTheRewrittenItemsWithTheGoldUnchanged) {
  REQUIRE_WORDNET();
  ReferenceMatcher matcher(lex);
  const Schema schema = movie_schema();
  const SchemaGraph graph = build_schema_graph(schema);
  std::map<std::string, LinkerDatabase> dbs = {{"movie", {&schema, &graph}}};
  const std::vector<EvalItem> items = {
      {"7", "movie", "How many actors are there?", "", "SELECT count(*) FROM actor", "simple"},
      {"14", "movie", kMovieQuestion, "", kMovieSql, "simple"}};
  const auto analyses = analyze_linker_tables(items, dbs, matcher);
  ASSERT_EQ(analyses.size(), 2u);
  ASSERT_EQ(augmented_items(analyses).size(), 1u);  // item 7 has no linker table
  EXPECT_EQ(augmented_items(analyses)[0]->item.key, "14");

  auto library = load_prompt_library(default_prompts_folder());
  ASSERT_TRUE(library.ok()) << library.error();
  ScriptedTransport transport(rewrites);
  CallScheduler scheduler(scripted_endpoint(), transport, nullptr);
  AugmentationJob job(analyses, {{"movie", &schema}}, *library, scheduler, matcher, {});
  ASSERT_TRUE(job.start().ok());
  for (int i = 0; i < 100 && !job.finished(); ++i) job.step(i);
  ASSERT_TRUE(job.finished());

  const std::vector<Strategy> strategies(std::begin(kAllStrategies), std::end(kAllStrategies));
  const AugmentationSets sets = augmentation_sets(job, analyses, strategies);
  ASSERT_EQ(sets.original.items.size(), 1u);
  EXPECT_EQ(sets.original.items[0].question, kMovieQuestion);
  ASSERT_EQ(sets.variants.size(), 3u);
  EXPECT_EQ(sets.variants[0].first, "SR");
  EXPECT_EQ(sets.variants[1].first, "BT");
  EXPECT_EQ(sets.variants[2].first, "CA");
  for (const auto& [code, set] : sets.variants) {
    ASSERT_EQ(set.items.size(), 1u) << code;
    EXPECT_EQ(set.items[0].key, "14") << code;
    EXPECT_EQ(set.items[0].sql, kMovieSql) << code;
  }
  EXPECT_EQ(sets.variants[0].second.items[0].question, kMovieQuestion);  // the failed SR keeps the original
  EXPECT_EQ(sets.variants[1].second.items[0].question,
            "Who portrayed the No.2 role in the credit list of the movie \"American Hustle\"?");
  EXPECT_EQ(sets.failed, 1u);
  ASSERT_EQ(sets.items_detail.size(), 3u);
  EXPECT_EQ(sets.items_detail[0]["strategy"], "SR");
  EXPECT_FALSE(sets.items_detail[0]["errors"].empty());
  EXPECT_EQ(sets.items_detail[2]["linker_table"], "characters");
  EXPECT_EQ(sets.items_detail[2]["hiding_question"], nlohmann::json::array({1}));  // "second in the credits"

  const auto summary = augmentation_summary(job, sets, {2, 1, strategies, HidingRule::matcher});
  std::vector<std::string> keys;
  for (const auto& [k, v] : summary.items()) keys.push_back(k);
  EXPECT_EQ(keys, (std::vector<std::string>{"items", "linker_items", "augmented", "strategies", "hiding_rule", "hiding",
                                            "attributes", "failed_rewrites"}));
  EXPECT_EQ(summary["items"], 2);
  EXPECT_EQ(summary["augmented"], 1);
  EXPECT_EQ(summary["strategies"], nlohmann::ordered_json::array({"SR", "BT", "CA"}));
  const auto report = augmentation_report(summary, sets, "movie_dev.json", "fake");
  EXPECT_EQ(report["gold"], "movie_dev.json");
  EXPECT_EQ(report["model"], "fake");
  EXPECT_EQ(report["items_detail"].size(), 3u);
}

}  // namespace
}  // namespace chokepoint::tqa
