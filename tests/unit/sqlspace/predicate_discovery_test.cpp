// SQLSpace steps 1-3 without a model: the describe prompts per item and aspect, the proposal prompts drawn with a
// seed, the predicates read from an answer in the forms models write, and the deduplication against the catalogue
// and each other by thefuzz's token_set_ratio.
#include <algorithm>

#include <gtest/gtest.h>

#include "core/sqlspace/aspect_descriptions.h"
#include "core/sqlspace/predicate_proposal.h"

namespace chokepoint::sqlspace {
namespace {

PromptLibrary test_prompt_library() {
  auto loaded = load_prompt_library(default_prompts_folder());
  EXPECT_TRUE(loaded.ok()) << (loaded.ok() ? "" : loaded.error());
  return loaded.ok() ? *loaded : PromptLibrary{};
}

TEST(AspectDescriptions, OnePromptPerItemAndAspectWithTheSchemaNamesAndNoRows) {
  const auto library = test_prompt_library();
  Schema s;
  s.db_id = "shop";
  Table orders;
  orders.name = "orders";
  orders.columns = {{"id", "INTEGER"}, {"total", "REAL"}};
  s.tables.push_back(orders);
  std::vector<EvalItem> items = {{"1", "shop", "How many orders?", "", "SELECT COUNT(*) FROM orders", ""},
                                 {"2", "shop", "", "", "SELECT 1", ""},
                                 {"3", "nowhere", "Q?", "", "SELECT 1", ""}};
  size_t skipped = 0;
  auto asks = plan_descriptions(items, {{"shop", s}}, library, {Aspect::Syntax, Aspect::DatabaseReasoning}, &skipped);
  ASSERT_TRUE(asks.ok()) << asks.error();
  ASSERT_EQ(asks->size(), 2u);
  EXPECT_EQ(skipped, 2u);  // no question; no schema
  EXPECT_EQ((*asks)[1].aspect, Aspect::DatabaseReasoning);
  const std::string& p = (*asks)[0].prompt;
  EXPECT_NE(p.find("shop | orders : id, total"), std::string::npos);
  EXPECT_NE(p.find("Question: How many orders?"), std::string::npos);
  EXPECT_NE(p.find(aspect_perspective(Aspect::Syntax).perspective), std::string::npos);
  EXPECT_EQ((*asks)[1].prompt.find(aspect_perspective(Aspect::Syntax).perspective), std::string::npos);
  EXPECT_EQ(*read_description("```\n  A paragraph.  \n```"), "A paragraph.");
  EXPECT_FALSE(read_description(" \n ").ok());
}

TEST(PredicateProposal, EachIterationDrawsItsOwnSeededSample) {
  const auto library = test_prompt_library();
  std::vector<std::vector<std::string>> by_aspect(kAspectCount);
  for (int i = 0; i < 10; ++i) by_aspect[1].push_back("description number " + std::to_string(i));
  ProposalOptions o;
  o.sample = 3;
  o.iterations = 2;
  o.predicates = 7;
  auto a = plan_proposals(by_aspect, library, o);
  ASSERT_TRUE(a.ok()) << a.error();
  ASSERT_EQ(a->size(), 2u);  // only the aspect with descriptions, twice
  EXPECT_EQ((*a)[0].aspect, Aspect::SqlSyntax);
  EXPECT_EQ((*a)[0].sample.size(), 3u);
  EXPECT_NE((*a)[0].sample, (*a)[1].sample);
  EXPECT_NE((*a)[0].prompt.find("Propose 7 short properties"), std::string::npos);
  EXPECT_NE((*a)[0].prompt.find(proposal_goal(Aspect::SqlSyntax)), std::string::npos);
  EXPECT_EQ(plan_proposals(by_aspect, library, o)->at(1).prompt, (*a)[1].prompt);  // the same seed, the same draw
}

TEST(PredicateProposal, ReadsBulletsNumbersOrAJsonList) {
  EXPECT_EQ(parse_predicates("Sure:\n- uses a JOIN.\n2. The example asks for a count\n* \"mentions a date\"\nnote"),
            (std::vector<std::string>{"uses a JOIN", "asks for a count", "mentions a date"}));
  EXPECT_EQ(parse_predicates("[\"is short\", \"ok\", 3]"), (std::vector<std::string>{"is short"}));
  EXPECT_TRUE(parse_predicates("No list here.").empty());
}

TEST(PredicateProposal, DropsWhatRepeatsTheCatalogueOrAnEarlierOneOfItsAspect) {
  const auto catalogue = FeatureCatalogue::sqlspace();
  const Feature& join = *std::find_if(catalogue.features().begin(), catalogue.features().end(),
                                      [](const Feature& f) { return f.aspect == Aspect::SqlSyntax; });
  std::vector<CandidatePredicate> c = {
      {Aspect::SqlSyntax, join.predicate + " clause", "m1", 1},               // the catalogue's, a word added
      {Aspect::Pragmatics, "asks politely for a ranking", "m1", 1},           // new
      {Aspect::Pragmatics, "asks for a ranking politely", "m2", 1},           // the same words reordered: a repeat
      {Aspect::Syntax, "asks politely for a ranking", "m2", 2},               // the same words in another aspect
      {Aspect::Syntax, "is written in the passive voice entirely", "m2", 2},  // new
  };
  const auto d = deduplicate_predicates(c, catalogue);
  ASSERT_EQ(d.kept.size(), 2u);
  EXPECT_EQ(d.kept[0].predicate, "asks politely for a ranking");
  EXPECT_EQ(d.kept[1].predicate, "is written in the passive voice entirely");
  ASSERT_EQ(d.dropped.size(), 3u);
  EXPECT_EQ(d.dropped[0].catalogue_id, join.id);
  EXPECT_EQ(d.dropped[1].repeats, "asks politely for a ranking");
  EXPECT_EQ(d.dropped[1].catalogue_id, 0);
  EXPECT_EQ(d.dropped[1].score, 100);
  EXPECT_EQ(d.dropped[2].repeats, "asks politely for a ranking");
  // What is kept can be added to the catalogue as `features --predicates` adds it.
  FeatureCatalogue grown = catalogue;
  for (const auto& k : d.kept) EXPECT_TRUE(grown.add_predicate(k.aspect, k.predicate).ok()) << k.predicate;
}

}  // namespace
}  // namespace chokepoint::sqlspace
