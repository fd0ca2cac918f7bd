// Morphy and the lemmatizer, with NLTK's documented examples (wordnet.py morphy docstring) and the exception lists.
#include <gtest/gtest.h>

#include "core/lexicon/morphy.h"
#include "tests/unit/lexicon/wordnet_fixture.h"

namespace chokepoint {
namespace {

using P = PartOfSpeech;

TEST(Morphy, NltkDocstringExamples) {
  REQUIRE_WORDNET();
  EXPECT_EQ(morphy(lex, "dogs"), "dog");
  EXPECT_EQ(morphy(lex, "churches"), "church");
  EXPECT_EQ(morphy(lex, "aardwolves"), "aardwolf");
  EXPECT_EQ(morphy(lex, "abaci"), "abacus");
  EXPECT_EQ(morphy(lex, "hardrock", P::adverb), std::nullopt);
  EXPECT_EQ(morphy(lex, "book", P::noun), "book");
  EXPECT_EQ(morphy(lex, "book", P::adjective), std::nullopt);
}

TEST(Morphy, ExceptionListsComeFirst) {
  REQUIRE_WORDNET();
  EXPECT_EQ(morphy(lex, "geese", P::noun), "goose");  // noun.exc
  EXPECT_EQ(morphy(lex, "ran", P::verb), "run");      // verb.exc
  EXPECT_EQ(morphy(lex, "ran", P::noun), std::nullopt);
  // adj.exc "better good well": the form itself is an adjective lemma, so NLTK lists it first.
  EXPECT_EQ(morphy_all(lex, "better", P::adjective), (std::vector<std::string>{"better", "good", "well"}));
}

TEST(Morphy, DetachmentRulesPerPartOfSpeech) {
  REQUIRE_WORDNET();
  EXPECT_EQ(morphy(lex, "boxes", P::noun), "box");    // xes -> x
  EXPECT_EQ(morphy(lex, "women", P::noun), "woman");  // men -> man
  EXPECT_EQ(morphy(lex, "cities", P::noun), "city");  // ies -> y
  EXPECT_EQ(morphy(lex, "flies", P::noun), "flies");  // itself a noun lemma (theatre flies): kept first
  EXPECT_EQ(morphy(lex, "played", P::verb), "play");  // ed -> ""
  EXPECT_EQ(morphy(lex, "hoping", P::verb), "hope");  // ing -> e
  EXPECT_EQ(morphy(lex, "sold", P::verb), "sell");    // verb.exc
  EXPECT_EQ(morphy(lex, "characters", P::noun), "character");
}

// A token made of detachable suffixes loses one or two at each round, keeping a few forms a round (the scan that
// removes duplicates stays short), and ends with what is left: nothing for these, and the word under the suffixes.
TEST(Morphy, LongTokensOfSuffixesEnd) {
  REQUIRE_WORDNET();
  std::string es, ing, erest;
  for (int i = 0; i < 1000; ++i) es += "es", ing += "ing", erest += "erest";
  EXPECT_TRUE(morphy_all(lex, es, P::verb).empty());
  EXPECT_TRUE(morphy_all(lex, ing + "s", P::verb).empty());
  EXPECT_TRUE(morphy_all(lex, erest, P::adjective).empty());
  // A suffix over a real word reaches it through the rounds: "boxeses" loses "ses" for "s" ("boxes"), then "xes" for
  // "x"; the verb "dogses" loses "es" ("dogs"), then "s".
  EXPECT_EQ(morphy(lex, "boxeses", P::noun), "box");
  EXPECT_EQ(morphy_all(lex, "dogses", P::verb), (std::vector<std::string>{"dog"}));
}

TEST(Lemmatizer, ShortestBaseFormAsWordNetLemmatizer) {
  REQUIRE_WORDNET();
  EXPECT_EQ(lemmatize(lex, "better", P::adjective), "good");
  EXPECT_EQ(lemmatize(lex, "dogs"), "dog");
  EXPECT_EQ(lemmatize(lex, "ran", P::verb), "run");
  EXPECT_EQ(lemmatize(lex, "xyzzy"), "xyzzy");  // unknown words come back unchanged
}

TEST(Morphy, SynsetsOfAWordFollowNltk) {
  REQUIRE_WORDNET();
  // wn.synsets("dogs"): the seven noun senses of "dog", then the verb sense.
  auto all = synsets_of(lex, "Dogs");
  ASSERT_EQ(all.size(), 8u);
  EXPECT_EQ(lex.name(all.front()), "dog.n.01");
  EXPECT_EQ(lex.name(all.back()), "chase.v.01");
  EXPECT_EQ(synsets_of(lex, "dogs", P::verb).size(), 1u);
  EXPECT_TRUE(is_wordnet_word(lex, "characters"));
  EXPECT_FALSE(is_wordnet_word(lex, "img"));
}

}  // namespace
}  // namespace chokepoint
