// LLM features as prompts and answers: which features each prompt asks (LLM ones, batched per aspect, rule ones only
// for the agreement), what it shows (003 Prompt F's inputs per aspect; no SQL online), and how answers are read —
// fenced JSON, loose keys, yes/no spellings — with malformed answers leaving their cells unknown.
#include "core/sqlspace/llm_features.h"

#include <gtest/gtest.h>

#include "core/sqlspace/deterministic_features.h"

namespace chokepoint::sqlspace {
namespace {

Column named_column(const char* name) {
  Column c;
  c.name = name;
  return c;
}

const PromptLibrary& library() {
  static const PromptLibrary lib = [] {
    auto loaded = load_prompt_library(default_prompts_folder());
    EXPECT_TRUE(loaded.ok()) << (loaded.ok() ? "" : loaded.error());
    return loaded.ok() ? *loaded : PromptLibrary{};
  }();
  return lib;
}

Schema sample_schema() {
  Schema s;
  s.db_id = "toxicology";
  Table atom;
  atom.name = "atom";
  atom.columns = {named_column("atom_id"), named_column("element")};
  Table bond;
  bond.name = "bond";
  bond.columns = {named_column("bond_id"), named_column("bond_type")};
  s.tables = {atom, bond};
  return s;
}

std::vector<EvalItem> sample_items() {
  EvalItem a;
  a.key = "0";
  a.db_id = "toxicology";
  a.question = "How many atoms are chlorine?";
  a.sql = "SELECT COUNT(*) FROM atom WHERE element = 'cl'";
  EvalItem b = a;
  b.key = "1";
  b.db_id = "elsewhere";  // no schema: Database Reasoning is not asked
  return {a, b};
}

FeatureMatrix empty_matrix(const FeatureCatalogue& c, const std::vector<EvalItem>& items) {
  FeatureMatrix m;
  for (const auto& f : c.features()) m.feature_ids.push_back(f.id);
  for (const auto& it : items) m.rows.push_back(m.new_row(it.key, it.db_id));
  return m;
}

size_t llm_features_of(const FeatureCatalogue& c, Aspect a) {
  size_t n = 0;
  for (const auto& f : c.features()) n += f.aspect == a && !f.deterministic();
  return n;
}

TEST(LlmFeatures, SchemaTextIsThePapersSerialisation) {
  EXPECT_EQ(sqlspace_schema_text(sample_schema()), "toxicology | atom : atom_id, element | bond : bond_id, bond_type");
}

TEST(LlmFeatures, PlanAsksLlmFeaturesInBatchesPerAspect) {
  const auto c = FeatureCatalogue::sqlspace();
  const auto items = sample_items();
  const auto m = empty_matrix(c, items);
  const std::map<std::string, Schema> schemas{{"toxicology", sample_schema()}};
  LlmFeatureOptions o;
  o.batch_size = 10;
  auto asks = plan_llm_features(c, m, items, schemas, library(), o);
  ASSERT_TRUE(asks.ok()) << asks.error();
  size_t cells_0 = 0, cells_1 = 0, reasoning_1 = 0;
  for (const auto& a : *asks) {
    EXPECT_LE(a.feature_ids.size(), 10u);
    for (int id : a.feature_ids) {
      EXPECT_FALSE(c.find(id)->deterministic()) << id;
      EXPECT_EQ(c.find(id)->aspect, a.aspect) << id;
      EXPECT_NE(a.prompt.find(feature_column_name(id) + ": " + c.find(id)->predicate), std::string::npos);
    }
    (a.row == 0 ? cells_0 : cells_1) += a.feature_ids.size();
    reasoning_1 += a.row == 1 && a.aspect == Aspect::DatabaseReasoning;
  }
  EXPECT_EQ(cells_0, 187u - 73u);  // every LLM feature, once
  EXPECT_EQ(cells_1, 187u - 73u - llm_features_of(c, Aspect::DatabaseReasoning));
  EXPECT_EQ(reasoning_1, 0u);
  // Syntax's first prompt: the question, never the SQL; ten features; the JSON shape with their keys.
  const auto& first = asks->front();
  EXPECT_EQ(first.aspect, Aspect::Syntax);
  EXPECT_EQ(first.feature_ids.size(), 10u);
  EXPECT_NE(first.prompt.find("Question: How many atoms are chlorine?"), std::string::npos);
  EXPECT_EQ(first.prompt.find("SELECT"), std::string::npos);
  EXPECT_NE(first.prompt.find("\"f001\": \"Yes or No\""), std::string::npos);
  EXPECT_NE(first.prompt.find("not sure, say \"No\""), std::string::npos);
}

TEST(LlmFeatures, AgreementAlsoAsksRuleFeaturesAndAspectsFilter) {
  const auto c = FeatureCatalogue::sqlspace();
  const auto items = sample_items();
  const auto m = empty_matrix(c, items);
  LlmFeatureOptions o;
  o.include_deterministic = true;
  o.aspects = {Aspect::SqlSyntax};
  o.batch_size = 40;
  auto asks = plan_llm_features(c, m, {items[0]}, {}, library(), o);
  ASSERT_TRUE(asks.ok()) << asks.error();
  ASSERT_EQ(asks->size(), 1u);
  EXPECT_EQ((*asks)[0].feature_ids.size(), 40u);
  EXPECT_EQ((*asks)[0].feature_ids.front(), 74);
  EXPECT_NE((*asks)[0].prompt.find("SQL query: SELECT COUNT(*) FROM atom"), std::string::npos);
}

TEST(LlmFeatures, OnlineHidesTheSqlFromPragmaticsAndSkipsSqlAspects) {
  const auto c = FeatureCatalogue::sqlspace();
  const auto items = sample_items();
  const auto m = empty_matrix(c, items);
  LlmFeatureOptions o;
  o.show_sql = false;
  auto asks = plan_llm_features(c, m, {items[0]}, {}, library(), o);
  ASSERT_TRUE(asks.ok()) << asks.error();
  bool pragmatics = false;
  for (const auto& a : *asks) {
    EXPECT_NE(a.aspect, Aspect::ExampleSemantics);
    EXPECT_EQ(a.prompt.find("SELECT"), std::string::npos);
    pragmatics = pragmatics || a.aspect == Aspect::Pragmatics;
  }
  EXPECT_TRUE(pragmatics);
}

TEST(LlmFeatures, MissingTemplateIsAnError) {
  const auto c = FeatureCatalogue::sqlspace();
  const auto items = sample_items();
  auto asks = plan_llm_features(c, empty_matrix(c, items), items, {}, PromptLibrary{}, {});
  ASSERT_FALSE(asks.ok());
  EXPECT_NE(asks.error().find("sqlspace_syntax"), std::string::npos);
}

TEST(LlmFeatureAnswer, FencedJsonWithProseAndLooseKeys) {
  const auto c = FeatureCatalogue::sqlspace();
  const std::string answer =
      "Here is my judgement:\n```json\n{\"F-009\": \"yes.\", \"f012\": \"No\", \"15\": true, \"f020\": \"maybe\", "
      "\"f999\": \"Yes\"}\n```\nHope it helps.";
  auto read = parse_llm_feature_answer(answer, {9, 12, 15, 20}, c);
  ASSERT_TRUE(read.ok()) << read.error();
  ASSERT_EQ(read->size(), 3u);  // f020's "maybe" and the unasked f999 are not read
  EXPECT_EQ((*read)[0].id, 9);
  EXPECT_TRUE((*read)[0].value);
  EXPECT_EQ((*read)[1].id, 12);
  EXPECT_FALSE((*read)[1].value);
  EXPECT_EQ((*read)[2].id, 15);
  EXPECT_TRUE((*read)[2].value);
}

TEST(LlmFeatureAnswer, LeadingYesOrNoOfAnExplainedValue) {
  const auto c = FeatureCatalogue::sqlspace();
  auto read = parse_llm_feature_answer(
      "{\"f009\": \"Yes, the verb is left out\", \"f012\": \"No - flat\", \"f015\": \"Not sure\", "
      "\"f020\": \"Yesterday\"}",
      {9, 12, 15, 20}, c);
  ASSERT_TRUE(read.ok()) << read.error();
  ASSERT_EQ(read->size(), 2u);  // "Not sure" and "Yesterday" are no answer
  EXPECT_TRUE((*read)[0].value);
  EXPECT_FALSE((*read)[1].value);
}

TEST(LlmFeatureAnswer, PredicateTextAsKeyAndWrappedObject) {
  const auto c = FeatureCatalogue::sqlspace();
  auto read = parse_llm_feature_answer("{\"answers\": {\"contains elided predicates\": \"Yes\"}}", {9, 12}, c);
  ASSERT_TRUE(read.ok()) << read.error();
  ASSERT_EQ(read->size(), 1u);
  EXPECT_EQ((*read)[0].id, 9);
}

TEST(LlmFeatureAnswer, LinesWithoutJson) {
  const auto c = FeatureCatalogue::sqlspace();
  auto read =
      parse_llm_feature_answer("- f009: Yes\n- f012 = no (the question is short)\nf015: unsure", {9, 12, 15}, c);
  ASSERT_TRUE(read.ok()) << read.error();
  ASSERT_EQ(read->size(), 2u);
  EXPECT_TRUE((*read)[0].value);
  EXPECT_FALSE((*read)[1].value);
}

TEST(LlmFeatureAnswer, MalformedAnswersAreErrors) {
  const auto c = FeatureCatalogue::sqlspace();
  EXPECT_FALSE(parse_llm_feature_answer("", {9}, c).ok());
  EXPECT_FALSE(parse_llm_feature_answer("Yes", {9}, c).ok());
  EXPECT_FALSE(parse_llm_feature_answer("{\"f009\": ", {9}, c).ok());
  EXPECT_FALSE(parse_llm_feature_answer("{\"f009\": \"perhaps\"}", {9}, c).ok());
  EXPECT_FALSE(parse_llm_feature_answer("{\"f010\": \"Yes\"}", {9}, c).ok());
}

TEST(LlmFeatureReading, FillsOnlyAnsweredCellsAndNeverARulesAnswer) {
  const auto c = FeatureCatalogue::sqlspace();
  FeatureMatrix m;
  m.feature_ids = {9, 12, 39};
  m.rows = {m.new_row("a", "db"), m.new_row("b", "db")};
  m.rows[0].set(2, false);  // the rule's answer for #39
  const std::vector<LlmFeatureAsk> asks{
      {0, Aspect::Syntax, {9, 12, 39}, "p"}, {1, Aspect::Syntax, {9, 12}, "p"}, {1, Aspect::Syntax, {39}, "p"}};
  const std::vector<Result<std::string>> answers{std::string("{\"f009\": \"Yes\", \"f039\": \"Yes\"}"),
                                                 std::string("I cannot tell."), Error{"HTTP 500"}};
  const auto r = read_llm_features(m, asks, answers, c);
  EXPECT_EQ(r.prompts, 3u);
  EXPECT_EQ(r.answered, 1u);
  EXPECT_EQ(r.unreadable, 1u);
  EXPECT_EQ(r.failed, 1u);
  EXPECT_EQ(r.cells_asked, 6u);
  EXPECT_EQ(r.cells_answered, 2u);
  ASSERT_EQ(r.notes.size(), 2u);
  EXPECT_EQ(r.notes[1], "b syntax: HTTP 500");
  EXPECT_EQ(r.answers.rows[0].get(0), true);
  EXPECT_EQ(r.answers.rows[0].get(1), std::nullopt);  // f012 left out: unknown
  EXPECT_EQ(fill_unknown_cells(m, r.answers), 1u);    // f009 of row a; #39 keeps the rule's 0
  EXPECT_EQ(m.rows[0].get(0), true);
  EXPECT_EQ(m.rows[0].get(2), false);
  EXPECT_EQ(m.rows[1].get(0), std::nullopt);
}

}  // namespace
}  // namespace chokepoint::sqlspace
