// Linker-table identification and reference detection on the thesis' movie example (§4.1.2) and hand-made graphs.
#include "core/tqa/linker_table.h"

#include <gtest/gtest.h>

#include "core/tqa/reference_detection.h"
#include "tests/unit/tqa/tqa_fixtures.h"

namespace chokepoint::tqa {
namespace {

using testing_support::kMovieQuestion;
using testing_support::kMovieSql;
using testing_support::movie_schema;

TEST(LinkerTable, MovieExampleChoosesCharacters) {
  REQUIRE_WORDNET();
  Schema schema = movie_schema();
  SchemaGraph graph = build_schema_graph(schema);
  auto q = identify_linker_table(kMovieSql, schema, graph, lex);
  ASSERT_TRUE(q.ok()) << q.error();
  ASSERT_TRUE(q->linker.has_value());
  EXPECT_EQ(q->linker->table, "characters");
  EXPECT_DOUBLE_EQ(q->linker->betweenness, 1.0);  // the middle of a 3-node path
  EXPECT_FALSE(q->linker->tie_broken_by_schema);
  ASSERT_EQ(q->linker->components.size(), 1u);
  EXPECT_EQ(q->linker->components[0].segment, "characters");
  EXPECT_EQ(q->linker->components[0].lemma, "character");
  EXPECT_FALSE(q->linker->components[0].is_abbreviation);
}

TEST(LinkerTable, TwoTableQueriesHaveNone) {
  REQUIRE_WORDNET();
  Schema schema = movie_schema();
  SchemaGraph graph = build_schema_graph(schema);
  auto q = identify_linker_table(
      "SELECT T2.Name FROM characters AS T1 INNER JOIN actor AS T2 ON T1.ActorID = T2.ActorID", schema, graph, lex);
  ASSERT_TRUE(q.ok());
  EXPECT_FALSE(q->linker.has_value());
}

TEST(LinkerTable, TriangleTieGoesToTheSchemaGraphHub) {
  REQUIRE_WORDNET();
  // Every node of a triangle has betweenness 0; in the schema graph `characters` is the only bridge.
  Schema schema = movie_schema();
  SchemaGraph graph = build_schema_graph(schema);
  auto q = identify_linker_table(
      "SELECT 1 FROM movie AS a JOIN characters AS b ON a.MovieID = b.MovieID JOIN actor AS c "
      "ON c.ActorID = b.ActorID AND c.ActorID = a.MovieID",
      schema, graph, lex);
  ASSERT_TRUE(q.ok());
  ASSERT_TRUE(q->linker.has_value());
  EXPECT_TRUE(q->linker->tie_broken_by_schema);
  EXPECT_EQ(q->linker->table, "characters");
}

TEST(LinkerTable, ComponentsOfRunTogetherAndAbbreviatedNames) {
  REQUIRE_WORDNET();
  auto parts = linker_components(lex, "img_tags");
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(parts[0].segment, "img");
  EXPECT_TRUE(parts[0].is_abbreviation);
  EXPECT_EQ(parts[1].lemma, "tag");
  EXPECT_FALSE(parts[1].is_abbreviation);
}

TEST(ReferenceDetection, MovieQuestionMatchesCharacter) {
  REQUIRE_WORDNET();
  ReferenceMatcher matcher(lex);
  auto refs = detect_references(matcher, linker_components(lex, "characters"), kMovieQuestion, "", movie_schema());
  ASSERT_EQ(refs.components.size(), 1u);
  ASSERT_EQ(refs.components[0].question.size(), 1u);
  EXPECT_EQ(refs.components[0].question[0].text, "character");
  EXPECT_EQ(refs.components[0].question[0].position, 20u);  // "Who played the No.2 " is 20 bytes
  EXPECT_EQ(refs.components_in_question(), 1u);
  EXPECT_EQ(refs.components_in_evidence(), 0u);
}

TEST(ReferenceDetection, AbbreviationMatchesByVowelStrippedPartialRatio) {
  REQUIRE_WORDNET();
  ReferenceMatcher matcher(lex);
  LinkerComponent img{"img", "img", true};
  auto tokens = candidate_tokens(lex, "Show every image and its imaging date and the magazine");
  auto hits = matcher.matching_tokens(img, tokens);
  // "image" -> "mg", "imaging" -> "mgng" contain "mg"; "magazine" -> "mgzn" contains "mg" as well (partial ratio).
  ASSERT_EQ(hits.size(), 3u);
  EXPECT_EQ(hits[0].text, "image");
  EXPECT_EQ(hits[1].text, "imaging");
  EXPECT_EQ(hits[2].text, "magazine");
}

TEST(ReferenceDetection, EvidenceValuesAndColumnReferencesAreIgnored) {
  REQUIRE_WORDNET();
  ReferenceMatcher matcher(lex);
  // The prose "characters" counts; the quoted value, the CamelCase column and T2.characters do not.
  std::string evidence =
      "main characters refers to CreditOrder = 1; name of character refers to CharacterName = 'character'; "
      "T2.characters";
  auto refs = detect_references(matcher, linker_components(lex, "characters"), "", evidence, movie_schema());
  ASSERT_EQ(refs.components[0].evidence.size(), 2u);
  EXPECT_EQ(refs.components[0].evidence[0].position, 5u);
  EXPECT_EQ(refs.components[0].evidence[1].text, "character");
  EXPECT_EQ(refs.components[0].evidence[1].position, evidence.find("of character") + 3);
}

TEST(ReferenceDetection, WuPalmerSynonymMatchesAWordComponent) {
  REQUIRE_WORDNET();
  ReferenceMatcher matcher(lex);
  LinkerComponent character{"characters", "character", false};
  // role.n.?? and character.n.04 are one synset (Wu-Palmer 1.0); figure scores 0.67, played 0.29.
  auto hits = matcher.matching_tokens(character, candidate_tokens(lex, "Which figure played the lead roles?"));
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].text, "roles");
  EXPECT_EQ(hits[0].lemma, "role");
}

TEST(ReferenceDetection, KeptLemmasGiveTheSameTokensAsEachLookup) {
  REQUIRE_WORDNET();
  TokenLemmas lemmas(lex);
  // Inflected words, words sharing a prefix, one word in two cases, an irregular plural and unknown words, each
  // text twice: the second pass reads every lemma kept.
  const std::vector<std::string> texts = {
      "Which movies were moving the movers? Movies played by geese",
      "The geese played better roles in movies; MOVIES ran, running runners",
      "zqxj zqxjs the studios' studio recorded recordings",
  };
  const std::vector<TextSpan> excluded = {{4, 6}};
  for (int pass = 0; pass < 2; ++pass) {
    for (const auto& text : texts) {
      for (const auto& spans : {std::vector<TextSpan>{}, excluded}) {
        auto kept = candidate_tokens(lemmas, text, spans);
        auto each = candidate_tokens(lex, text, spans);
        ASSERT_EQ(kept.size(), each.size()) << text;
        for (size_t i = 0; i < kept.size(); ++i) {
          EXPECT_EQ(kept[i].text, each[i].text) << text;
          EXPECT_EQ(kept[i].lower, each[i].lower) << text;
          EXPECT_EQ(kept[i].lemma, each[i].lemma) << text << ": " << each[i].text;
          EXPECT_EQ(kept[i].position, each[i].position) << text;
          EXPECT_EQ(kept[i].length, each[i].length) << text;
        }
      }
    }
  }
  auto geese = candidate_tokens(lex, "geese movies");
  ASSERT_EQ(geese.size(), 2u);
  EXPECT_EQ(geese[0].lemma, "goose");
  EXPECT_EQ(geese[1].lemma, "movie");
}

}  // namespace
}  // namespace chokepoint::tqa
