// The catalogue as 003 publishes it: 187 predicates, aspect counts 73/40/26/32/16 (Table 10; notes §3.1), the
// online mask of 121 (§6), and our deciders agreeing with the rules that exist.
#include "core/sqlspace/feature_catalogue.h"

#include <gtest/gtest.h>

#include <array>
#include <set>

#include "core/sqlspace/deterministic_features.h"
#include "core/sqlspace/question_features.h"
#include "core/sqlspace/sql_syntax_features.h"

namespace chokepoint::sqlspace {
namespace {

TEST(FeatureCatalogue, Has187PredicatesWithIdsOneTo187) {
  const auto c = FeatureCatalogue::sqlspace();
  ASSERT_EQ(c.size(), 187u);
  EXPECT_EQ(c.features().back().id, kCatalogueFeatures);  // a user's own predicates are numbered after it
  for (size_t i = 0; i < c.size(); ++i) EXPECT_EQ(c.features()[i].id, static_cast<int>(i + 1));
}

TEST(FeatureCatalogue, AspectCountsAreThoseOfTable10) {
  std::array<int, kAspectCount> counts{};
  const auto c = FeatureCatalogue::sqlspace();
  for (const auto& f : c.features()) ++counts[static_cast<size_t>(f.aspect)];
  EXPECT_EQ(counts, (std::array<int, kAspectCount>{73, 40, 26, 32, 16}));
}

TEST(FeatureCatalogue, OnlineMaskIs121ByDefaultAnd89WithoutSqlPrompts) {
  const auto c = FeatureCatalogue::sqlspace();
  EXPECT_EQ(online_feature_ids(c, OnlineMaskRule::QuestionSchemaAspects).size(), 121u);
  EXPECT_EQ(online_feature_ids(c, OnlineMaskRule::NoSqlInPrompt).size(), 89u);
  EXPECT_EQ(online_mask_rule_named("aspects"), OnlineMaskRule::QuestionSchemaAspects);
  EXPECT_FALSE(online_mask_rule_named("all").has_value());
}

TEST(FeatureCatalogue, PredicatesAreVerbatim) {
  const auto c = FeatureCatalogue::sqlspace();
  EXPECT_EQ(c.find(39)->predicate, "includes mixed use of symbols and words");
  EXPECT_EQ(c.find(104)->predicate, "uses a correlated subquery");
  EXPECT_EQ(c.find(187)->aspect, Aspect::DatabaseReasoning);
  EXPECT_EQ(c.find(188), nullptr);
}

TEST(FeatureCatalogue, AllSqlSyntaxFeaturesAreDecidedFromTheAst) {
  const auto c = FeatureCatalogue::sqlspace();
  for (const auto& f : c.features()) EXPECT_EQ(f.aspect == Aspect::SqlSyntax, f.decider == Decider::SqlAst) << f.id;
}

TEST(FeatureCatalogue, EachDeterministicFeatureHasExactlyOneRule) {
  std::multiset<int> ruled;
  for (const auto* rules : {&sql_syntax_rules(), &question_rules(), &grounding_rules()})
    for (const auto& r : *rules) ruled.insert(r.id);
  std::multiset<int> deterministic;
  const auto c = FeatureCatalogue::sqlspace();
  for (const auto& f : c.features())
    if (f.deterministic()) deterministic.insert(f.id);
  EXPECT_EQ(ruled, deterministic);
  EXPECT_EQ(deterministic.size(), 73u);  // 40 SQL + 28 question surface + 5 grounding
  for (int id : deterministic) EXPECT_NE(rule_definition(id), nullptr);
  EXPECT_EQ(rule_definition(1), nullptr);
}

TEST(FeatureCatalogue, RulesReadWhatTheirDeciderSays) {
  const auto c = FeatureCatalogue::sqlspace();
  EXPECT_EQ(c.find(74)->rule_inputs, kSql);
  EXPECT_EQ(c.find(39)->rule_inputs, kQuestion);
  EXPECT_EQ(c.find(182)->rule_inputs, kQuestion | kSchema);
  EXPECT_EQ(c.find(179)->rule_inputs, kQuestion | kSchema | kSql);
  EXPECT_EQ(c.find(1)->rule_inputs, 0);
  EXPECT_EQ(inputs_name(paper_inputs(Aspect::DatabaseReasoning)), "question+schema");
  EXPECT_TRUE(c.find(113)->approximation);
  EXPECT_FALSE(c.find(74)->approximation);
}

TEST(FeatureCatalogue, UserPredicatesGetTheNextIdAndAreDecidedByAnLlm) {
  auto c = FeatureCatalogue::sqlspace();
  auto id = c.add_predicate(Aspect::Pragmatics, "asks for a ranking");
  ASSERT_TRUE(id.ok());
  EXPECT_EQ(*id, 188);
  EXPECT_EQ(c.find(188)->decider, Decider::Llm);
  EXPECT_FALSE(c.add_predicate(Aspect::Syntax, "  Uses complex   sentence structures").ok());
  EXPECT_FALSE(c.add_predicate(Aspect::Syntax, "   ").ok());
}

}  // namespace
}  // namespace chokepoint::sqlspace
