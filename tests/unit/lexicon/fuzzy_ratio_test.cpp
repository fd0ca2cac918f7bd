// Indel ratios checked by hand, and the vowel-stripped abbreviation match of thesis §4.2.
#include <gtest/gtest.h>

#include "core/lexicon/fuzzy_ratio.h"

namespace chokepoint {
namespace {

TEST(FuzzyRatio, FuzzywuzzyReadmeExamples) {
  // fuzzywuzzy README: fuzz.ratio("this is a test", "this is a test!") -> 97 (rounded),
  // fuzz.partial_ratio(...) -> 100.
  EXPECT_NEAR(ratio("this is a test", "this is a test!"), 100.0 * 28 / 29, 1e-9);  // LCS 14, lengths 14 + 15
  EXPECT_DOUBLE_EQ(partial_ratio("this is a test", "this is a test!"), 100.0);
}

TEST(FuzzyRatio, HandComputedPartialRatios) {
  // "abcd" against the windows of "xxbcdy": "xbcd" and "bcdy" share 3 characters -> 2*3/8 = 75.
  EXPECT_DOUBLE_EQ(partial_ratio("abcd", "xxbcdy"), 75.0);
  EXPECT_DOUBLE_EQ(partial_ratio("xxbcdy", "abcd"), 75.0);  // argument order does not matter
  // Equal lengths: "mg" vs "gm" has LCS 1 (50), but the edge window "g" scores 2*1/3.
  EXPECT_NEAR(partial_ratio("mg", "gm"), 200.0 / 3.0, 1e-9);
  EXPECT_DOUBLE_EQ(partial_ratio("", "abc"), 0.0);
  EXPECT_DOUBLE_EQ(ratio("abc", "abc"), 100.0);
  EXPECT_EQ(longest_common_subsequence("character", "chapter"), 6u);  // c h a t e r
}

TEST(FuzzyRatio, VowelStripping) {
  EXPECT_EQ(strip_vowels("Image"), "mg");
  EXPECT_EQ(strip_vowels("WaterTemperature"), "wtrtmprtr");
}

TEST(AbbreviationMatch, ThesisImgMatchesImage) {
  EXPECT_TRUE(abbreviation_matches("img", "image"));
  EXPECT_TRUE(abbreviation_matches("img", "images"));  // "mg" inside "mgs"
  EXPECT_TRUE(abbreviation_matches("tmp", "temperature"));
  EXPECT_FALSE(abbreviation_matches("img", "game"));  // "mg" vs "gm": 66.7
  EXPECT_FALSE(abbreviation_matches("io", "audio"));  // nothing left after stripping
}

}  // namespace
}  // namespace chokepoint
