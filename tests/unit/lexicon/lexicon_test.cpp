// The lexicon asset and NLTK's synset naming: build from WordNet, load, look synsets up by name and offset.
#include <gtest/gtest.h>

#include "core/lexicon/lexicon.h"
#include "core/lexicon/wordnet_import.h"
#include "tests/unit/lexicon/wordnet_fixture.h"

namespace chokepoint {
namespace {

std::string names(const Lexicon& lex, IdRange ids) {
  std::string out;
  for (SynsetId s : ids) out += (out.empty() ? "" : " ") + lex.name(s);
  return out;
}

TEST(Lexicon, DogIsNamedAfterItsFirstLemmaAndSense) {
  REQUIRE_WORDNET();
  // data.noun: "02084071 05 n 03 dog 0 domestic_dog 0 Canis_familiaris 0 ..."; index.noun lists it first for "dog".
  auto dog = lex.synset_by_name("dog.n.01");
  ASSERT_TRUE(dog);
  EXPECT_EQ(lex.offset(*dog), 2084071u);
  EXPECT_EQ(lex.name(*dog), "dog.n.01");
  EXPECT_EQ(lex.lexname(*dog), "noun.animal");
  EXPECT_EQ(lex.lemma_names(*dog), (std::vector<std::string>{"dog", "domestic_dog", "Canis_familiaris"}));
  EXPECT_EQ(lex.pos(*dog), PartOfSpeech::noun);
}

TEST(Lexicon, SynsetNamesUseTheFirstLemmaNotTheLookupWord) {
  REQUIRE_WORDNET();
  // index.noun "dog" sense 3 is 10023039 (dog as a contemptible man), whose first lemma is "dog" too, while sense 7
  // is 02710044 "andiron.n.01" (andiron, firedog, dog, dog-iron).
  auto andiron = lex.synset_by_name("dog.n.07");
  ASSERT_TRUE(andiron);
  EXPECT_EQ(lex.offset(*andiron), 2710044u);
  EXPECT_EQ(lex.name(*andiron), "andiron.n.01");
  EXPECT_FALSE(lex.synset_by_name("dog.n.08"));
  EXPECT_FALSE(lex.synset_by_name("dog.x.01"));
  EXPECT_FALSE(lex.synset_by_name("nosuchword.n.01"));
  EXPECT_EQ(lex.synset_by_name("Dog.N.01"), lex.synset_by_name("dog.n.01"));  // NLTK lower-cases the name
}

TEST(Lexicon, HypernymsAndDepthsOfDog) {
  REQUIRE_WORDNET();
  auto dog = *lex.synset_by_name("dog.n.01");
  EXPECT_EQ(names(lex, lex.hypernyms(dog)), "canine.n.02 domestic_animal.n.01");
  EXPECT_TRUE(lex.instance_hypernyms(dog).empty());
  // NLTK: dog.min_depth() == 8 (via domestic_animal), dog.max_depth() == 13 (via canine ... entity).
  EXPECT_EQ(lex.min_depth(dog), 8);
  EXPECT_EQ(lex.max_depth(dog), 13);
  auto entity = *lex.synset_by_name("entity.n.01");
  EXPECT_EQ(lex.offset(entity), 1740u);
  EXPECT_EQ(lex.max_depth(entity), 0);
}

TEST(Lexicon, InstanceHypernymsAndProperNounSpelling) {
  REQUIRE_WORDNET();
  auto paris = lex.synset_by_name("paris.n.01");
  ASSERT_TRUE(paris);
  auto spelled = lex.lemma_names(*paris);
  ASSERT_FALSE(spelled.empty());
  EXPECT_EQ(spelled[0], "Paris");
  EXPECT_TRUE(lex.hypernyms(*paris).empty());
  EXPECT_FALSE(lex.instance_hypernyms(*paris).empty());  // Paris is an instance of a national capital
}

TEST(Lexicon, SensesFollowTheIndexOrder) {
  REQUIRE_WORDNET();
  auto dog = lex.senses("dog", PartOfSpeech::noun);
  ASSERT_EQ(dog.size(), 7u);  // index.noun: "dog n 7 ..."
  std::vector<uint32_t> offsets;
  for (SynsetId s : dog) offsets.push_back(lex.offset(s));
  EXPECT_EQ(offsets, (std::vector<uint32_t>{2084071, 10114209, 10023039, 9886220, 7676602, 3901548, 2710044}));
  EXPECT_EQ(lex.senses("dog", PartOfSpeech::verb).size(), 1u);
  EXPECT_TRUE(lex.senses("dog", PartOfSpeech::adverb).empty());
}

// The binary search over the sorted strings compares bytes itself: every stored string is found at its own id, in
// the order string_view::compare gives (checked over the whole table), and a string one byte short of or past a stored
// one is found only if it is stored itself.
TEST(Lexicon, EveryStringIsFoundAtItsOwnId) {
  REQUIRE_WORDNET();
  ASSERT_GT(lex.string_count(), 100000u);
  size_t misses = 0, disorders = 0, false_hits = 0;
  for (uint32_t i = 0; i < lex.string_count(); ++i) {
    std::string_view s = lex.string_at(i);
    if (lex.find_string(s) != std::optional<uint32_t>(i)) ++misses;
    if (i > 0 && lex.string_at(i - 1).compare(s) >= 0) ++disorders;
    for (std::string probe :
         {std::string(s.substr(0, s.size() - (s.empty() ? 0 : 1))), std::string(s) + "~", std::string(s) + "\xe9"}) {
      auto found = lex.find_string(probe);
      if (found && lex.string_at(*found) != probe) ++false_hits;
    }
  }
  EXPECT_EQ(misses, 0u);
  EXPECT_EQ(disorders, 0u);
  EXPECT_EQ(false_hits, 0u);
  EXPECT_FALSE(lex.find_string("").has_value() && !lex.string_at(*lex.find_string("")).empty());
  EXPECT_FALSE(lex.find_string("zzzzzzzzzz~").has_value());
}

TEST(Lexicon, SatellitesShareTheAdjectiveIndex) {
  REQUIRE_WORDNET();
  // index.adj "better a 4 ...": four adjective senses, heads and satellites together.
  EXPECT_EQ(lex.senses("better", PartOfSpeech::adjective).size(), 4u);
  EXPECT_EQ(lex.senses("better", PartOfSpeech::adjective_satellite).size(), 4u);
}

TEST(Lexicon, ExceptionListsKeepTheLastLineOfARepeatedForm) {
  REQUIRE_WORDNET();
  auto geese = lex.exception_bases("geese", PartOfSpeech::noun);
  ASSERT_NE(geese, nullptr);
  ASSERT_EQ(geese->size(), 1u);
  EXPECT_EQ(lex.string_at((*geese)[0]), "goose");
  // noun.exc lists "aurar eyir" then "aurar eyrir"; NLTK's dict keeps the second.
  auto aurar = lex.exception_bases("aurar", PartOfSpeech::noun);
  ASSERT_NE(aurar, nullptr);
  EXPECT_EQ(lex.string_at((*aurar)[0]), "eyrir");
  EXPECT_EQ(lex.exception_bases("dogs", PartOfSpeech::noun), nullptr);
}

TEST(Lexicon, CorruptAssetsAreErrorsNotCrashes) {
  REQUIRE_WORDNET();
  auto bytes = build_lexicon_from_wordnet_dir(testing_support::kWordnetDir);
  ASSERT_TRUE(bytes.ok());
  EXPECT_FALSE(Lexicon::load("").ok());
  EXPECT_FALSE(Lexicon::load("not a lexicon").ok());
  EXPECT_FALSE(Lexicon::load(std::string_view(*bytes).substr(0, bytes->size() / 2)).ok());
  std::string extended = *bytes + "x";
  EXPECT_FALSE(Lexicon::load(extended).ok());
  EXPECT_FALSE(build_lexicon_from_wordnet_dir("/nonexistent/wordnet").ok());
}

// The browser decodes in small steps over several frames; the result must be the lexicon Lexicon::load gives.
TEST(LexiconDecoder, SmallStepsGiveTheSameLexicon) {
  REQUIRE_WORDNET();
  auto bytes = build_lexicon_from_wordnet_dir(testing_support::kWordnetDir);
  ASSERT_TRUE(bytes.ok());
  LexiconDecoder decoder(*bytes);
  size_t steps = 0;
  double last = 0;
  while (!decoder.step(5000)) {
    ++steps;
    EXPECT_GE(decoder.fraction(), last);
    last = decoder.fraction();
  }
  EXPECT_GT(steps, 50u);  // ~270k strings and synsets: many steps, not one
  auto stepped = decoder.take();
  ASSERT_TRUE(stepped.ok()) << stepped.error();
  EXPECT_FALSE(decoder.take().ok());  // taken once
  EXPECT_EQ(stepped->synset_count(), lex.synset_count());
  EXPECT_EQ(stepped->string_count(), lex.string_count());
  for (SynsetId s : {0u, 1000u, 50000u, 117658u}) {
    EXPECT_EQ(stepped->name(s), lex.name(s));
    EXPECT_EQ(stepped->max_depth(s), lex.max_depth(s));
    EXPECT_EQ(names(*stepped, stepped->hypernyms(s)), names(lex, lex.hypernyms(s)));
  }
  EXPECT_EQ(names(*stepped, stepped->senses("dog", PartOfSpeech::noun)),
            names(lex, lex.senses("dog", PartOfSpeech::noun)));
  ASSERT_NE(stepped->exception_bases("geese", PartOfSpeech::noun), nullptr);
}

TEST(LexiconDecoder, CorruptDataEndsWithAnError) {
  REQUIRE_WORDNET();
  auto bytes = build_lexicon_from_wordnet_dir(testing_support::kWordnetDir);
  ASSERT_TRUE(bytes.ok());
  LexiconDecoder truncated(bytes->substr(0, bytes->size() / 3));
  while (!truncated.step(1000)) {
  }
  auto r = truncated.take();
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("corrupt"), std::string::npos);
  LexiconDecoder empty("");
  EXPECT_TRUE(empty.step(1));
  EXPECT_FALSE(empty.take().ok());
}

TEST(Lexicon, AssetIsCompact) {
  REQUIRE_WORDNET();
  auto bytes = build_lexicon_from_wordnet_dir(testing_support::kWordnetDir);
  ASSERT_TRUE(bytes.ok());
  EXPECT_LT(bytes->size(), 4u * 1024 * 1024);
  EXPECT_EQ(lex.synset_count(), 117659u);  // WordNet 3.0: 82115 + 13767 + 18156 + 3621
}

}  // namespace
}  // namespace chokepoint
