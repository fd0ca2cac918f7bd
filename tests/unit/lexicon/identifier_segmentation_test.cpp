// Name segmentation of linker tables and columns (thesis §4.2) and word/abbreviation classification.
#include <gtest/gtest.h>

#include "core/lexicon/identifier_segmentation.h"
#include "tests/unit/lexicon/wordnet_fixture.h"

namespace chokepoint {
namespace {

std::vector<std::string> texts(const std::vector<Segment>& segments) {
  std::vector<std::string> out;
  for (const auto& s : segments) out.push_back(s.text);
  return out;
}

TEST(SplitIdentifier, SeparatorsCaseAndDigits) {
  EXPECT_EQ(split_identifier("ActorID"), (std::vector<std::string>{"Actor", "ID"}));
  EXPECT_EQ(split_identifier("movie_characters"), (std::vector<std::string>{"movie", "characters"}));
  EXPECT_EQ(split_identifier("WaterTemperature"), (std::vector<std::string>{"Water", "Temperature"}));
  EXPECT_EQ(split_identifier("HTMLParser"), (std::vector<std::string>{"HTML", "Parser"}));
  EXPECT_EQ(split_identifier("u2base"), (std::vector<std::string>{"u", "2", "base"}));
  EXPECT_EQ(split_identifier("Free Meal Count (K-12)"), (std::vector<std::string>{"Free", "Meal", "Count", "K", "12"}));
  EXPECT_TRUE(split_identifier("__").empty());
}

TEST(SegmentIdentifier, ActorId) {
  REQUIRE_WORDNET();
  auto segments = segment_identifier(lex, "ActorID");
  ASSERT_EQ(texts(segments), (std::vector<std::string>{"actor", "id"}));
  EXPECT_EQ(segments[0].kind, SegmentKind::word);
  EXPECT_FALSE(segments[0].all_caps);
  EXPECT_TRUE(segments[1].all_caps);  // "ID" is written in capitals: callers may read it as an abbreviation
}

TEST(SegmentIdentifier, SnakeCaseWithPluralLemma) {
  REQUIRE_WORDNET();
  auto segments = segment_identifier(lex, "movie_characters");
  ASSERT_EQ(texts(segments), (std::vector<std::string>{"movie", "characters"}));
  EXPECT_EQ(segments[1].kind, SegmentKind::word);
  EXPECT_EQ(segments[1].lemma, "character");
}

TEST(SegmentIdentifier, CamelCase) {
  REQUIRE_WORDNET();
  EXPECT_EQ(texts(segment_identifier(lex, "WaterTemperature")), (std::vector<std::string>{"water", "temperature"}));
}

TEST(SegmentIdentifier, RunTogetherWordsUseTheDictionary) {
  REQUIRE_WORDNET();
  auto segments = segment_identifier(lex, "moviecharacters");
  ASSERT_EQ(texts(segments), (std::vector<std::string>{"movie", "characters"}));
  EXPECT_EQ(segments[1].lemma, "character");
  EXPECT_EQ(segment_words(lex, "studentclub"), (std::vector<std::string>{"student", "club"}));
  EXPECT_EQ(segment_words(lex, "characters"), (std::vector<std::string>{"characters"}));  // already a word
}

TEST(SegmentIdentifier, UnsegmentableRunsAreAbbreviations) {
  REQUIRE_WORDNET();
  auto img = segment_identifier(lex, "img");
  ASSERT_EQ(texts(img), (std::vector<std::string>{"img"}));
  EXPECT_EQ(img[0].kind, SegmentKind::abbreviation);
  auto wt = segment_identifier(lex, "WtTp");
  ASSERT_EQ(texts(wt), (std::vector<std::string>{"wt", "tp"}));
  EXPECT_EQ(wt[1].kind, SegmentKind::abbreviation);
  auto numbered = segment_identifier(lex, "cards2");
  ASSERT_EQ(numbered.size(), 2u);
  EXPECT_EQ(numbered[1].kind, SegmentKind::number);
}

}  // namespace
}  // namespace chokepoint
