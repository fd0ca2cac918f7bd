// Tokens keep their offsets in the original text (synonym replacement rewrites exactly those characters).
#include <gtest/gtest.h>

#include "core/lexicon/tokenizer.h"

namespace chokepoint {
namespace {

std::vector<std::string> texts(const std::vector<Token>& tokens) {
  std::vector<std::string> out;
  for (const auto& t : tokens) out.push_back(t.text);
  return out;
}

TEST(Tokenizer, ThesisMovieQuestionWithOffsets) {
  const std::string q = "Who played the No.2 character in the credit list of the movie \"American Hustle\"?";
  auto tokens = tokenize(q);
  EXPECT_EQ(texts(tokens),
            (std::vector<std::string>{"Who", "played", "the", "No", ".", "2", "character", "in", "the", "credit",
                                      "list", "of", "the", "movie", "\"", "American", "Hustle", "\"", "?"}));
  for (const auto& t : tokens) EXPECT_EQ(q.substr(t.offset, t.length), t.text);
  EXPECT_EQ(tokens[6].offset, 20u);  // "Who played the No.2 " is 20 characters
  EXPECT_EQ(tokens[5].kind, TokenKind::number);
  EXPECT_EQ(tokens[4].kind, TokenKind::punctuation);
  EXPECT_FALSE(tokens[6].quoted);
  EXPECT_TRUE(tokens[15].quoted);
  EXPECT_TRUE(tokens[16].quoted);
  EXPECT_FALSE(tokens[18].quoted);
}

TEST(Tokenizer, ApostrophesPossessivesAndHyphens) {
  EXPECT_EQ(texts(tokenize("the actor's well-known role, don't")),
            (std::vector<std::string>{"the", "actor", "'s", "well", "-", "known", "role", ",", "don't"}));
  auto players = tokenize("players' club");
  EXPECT_EQ(texts(players), (std::vector<std::string>{"players", "'", "club"}));
  EXPECT_FALSE(players[2].quoted);  // a trailing apostrophe opens no quotation
}

TEST(Tokenizer, NumbersAndAlphanumerics) {
  auto tokens = tokenize("rate 3.5 of 1,000 in 2nd u2base.");
  EXPECT_EQ(texts(tokens), (std::vector<std::string>{"rate", "3.5", "of", "1,000", "in", "2nd", "u2base", "."}));
  EXPECT_EQ(tokens[1].kind, TokenKind::number);
  EXPECT_EQ(tokens[3].kind, TokenKind::number);
  EXPECT_EQ(tokens[5].kind, TokenKind::word);
}

TEST(Tokenizer, SingleQuotedValuesAreMarked) {
  // BIRD evidence style: quoted values must be recognisable so matching can skip them.
  auto tokens = tokenize("element = 'cl' refers to chlorine");
  ASSERT_EQ(texts(tokens), (std::vector<std::string>{"element", "=", "'", "cl", "'", "refers", "to", "chlorine"}));
  EXPECT_TRUE(tokens[3].quoted);
  EXPECT_FALSE(tokens[5].quoted);
  EXPECT_EQ(tokens[3].offset, 11u);
}

TEST(Tokenizer, Utf8BytesStayInsideWords) {
  auto tokens = tokenize("café crème");
  ASSERT_EQ(tokens.size(), 2u);
  EXPECT_EQ(tokens[0].text, "café");
  EXPECT_EQ(tokens[1].offset, 6u);  // byte offset: "é" takes two bytes
}

}  // namespace
}  // namespace chokepoint
