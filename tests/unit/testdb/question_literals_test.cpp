// Literals of questions and evidence: the paper's own questions (A.10's Alton airport, card_games 357, A.3's setCode
// evidence), capitalised phrases, apostrophes that open nothing, and the question words that are never literals.
#include "core/testdb/question_literals.h"

#include <gtest/gtest.h>

namespace chokepoint::testdb {
namespace {

std::vector<std::string> texts(const std::vector<QuestionLiteral>& ls) {
  std::vector<std::string> out;
  for (const auto& l : ls) out.push_back(l.text);
  return out;
}

TEST(QuestionLiterals, CapitalisedNameInsideTheSentence) {
  EXPECT_EQ(texts(extract_literals("Which city and country is the Alton airport at?")),
            (std::vector<std::string>{"Alton"}));
}

TEST(QuestionLiterals, QuotedStringsKeepTheirSpelling) {
  const auto ls = extract_literals("What type of promotion is of card 'Duress'?");
  ASSERT_EQ(ls.size(), 1u);
  EXPECT_EQ(ls[0].text, "Duress");
  EXPECT_EQ(ls[0].source, LiteralSource::Quoted);
  EXPECT_EQ(texts(extract_literals("Find the \"Alton \" airport")), (std::vector<std::string>{"Alton "}));
}

TEST(QuestionLiterals, ApostrophesInWordsOpenNoQuote) {
  EXPECT_EQ(texts(extract_literals("What is the singer's name and the student's age?")), std::vector<std::string>{});
  EXPECT_EQ(texts(extract_literals("Is O'Brien's dog 'Rex' older?")), (std::vector<std::string>{"O'Brien's", "Rex"}));
}

TEST(QuestionLiterals, PhrasesAndTheirWords) {
  EXPECT_EQ(texts(extract_literals("How many singers from New York are older than 30?")),
            (std::vector<std::string>{"New York", "New", "York"}));
}

TEST(QuestionLiterals, QuestionWordsAndSqlInEvidenceAreNotLiterals) {
  EXPECT_TRUE(extract_literals("List the names. Show all. What about COUNT(id)?").empty());
  EXPECT_EQ(texts(extract_literals("most recent race = MAX(date); setCode = 'OGW'")),
            (std::vector<std::string>{"OGW"}));
  // A single capitalised word opening a sentence is only the sentence's first word.
  EXPECT_TRUE(extract_literals("Singers older than 30.").empty());
}

TEST(QuestionLiterals, QuestionThenEvidenceWithoutDuplicates) {
  EXPECT_EQ(texts(question_literals("What is the power ID of cryokinesis?", "power_name = 'cryokinesis'")),
            (std::vector<std::string>{"ID", "cryokinesis"}));
  EXPECT_EQ(question_literals("'a' 'b' 'c' 'd'", "'e'", 3).size(), 3u);
}

}  // namespace
}  // namespace chokepoint::testdb
