// The literals a question and its evidence name: quoted strings ('Duress', "Alton") and runs of capitalised words
// (New York, Alton), the named entities SynSQL aligns synthetic data with (§2.4 rule 3) and the audit looks up in
// the stored values (A.10). A heuristic without a model: deterministic, bounded, and documented in decisions.md §25.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace chokepoint::testdb {

enum class LiteralSource { Quoted, Capitalised };

struct QuestionLiteral {
  std::string text;  // as written, quotes removed; never empty
  LiteralSource source = LiteralSource::Quoted;
};

// Literals of one text, in order of first appearance, without duplicates (exact spelling), at most `max` of them.
// Quoted: '...' (an apostrophe inside a word, as in singer's, opens nothing), "...", `...` and “...”; at most 100
// bytes. Capitalised: a word starting with an upper-case ASCII letter that is not a question or instruction word at
// the start of a sentence (What, Which, List, ...); consecutive capitalised words give the phrase (New York) and,
// when the phrase has several words, each word too. Words inside quotes are not taken again as capitalised.
std::vector<QuestionLiteral> extract_literals(std::string_view text, size_t max = 32);

// The literals of a question and its evidence together (question first), without duplicates, at most `max`.
std::vector<QuestionLiteral> question_literals(std::string_view question, std::string_view evidence, size_t max = 32);

}  // namespace chokepoint::testdb
