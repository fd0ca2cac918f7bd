// English stopwords that never count as references to a linker table ("the", "of", "have"): NLTK's English list,
// which the reference implementation's spaCy filter approximates. Kept here, not in the lexicon, because it is a
// TQA matching rule rather than a property of WordNet.
#pragma once
#include <string_view>

namespace chokepoint::tqa {

// `word` must be lower-case.
bool is_stopword(std::string_view word);

}  // namespace chokepoint::tqa
