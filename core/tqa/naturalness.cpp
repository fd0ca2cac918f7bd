// The heuristic is a stand-in for the SNAILS CANINE classifier (which needs a GPU model): it rewards dictionary
// coverage, the property the SNAILS levels describe.
#include "core/tqa/naturalness.h"

#include <cctype>

#include "core/lexicon/identifier_segmentation.h"
#include "core/tqa/stopwords.h"

namespace chokepoint::tqa {

const char* naturalness_name(Naturalness n) {
  switch (n) {
    case Naturalness::N1:
      return "N1";
    case Naturalness::N2:
      return "N2";
    case Naturalness::N3:
      return "N3";
  }
  return "";
}

const char* naturalness_source_name(NaturalnessSource s) {
  return s == NaturalnessSource::heuristic ? "dictionary-coverage heuristic" : "llm classifier";
}

Naturalness heuristic_naturalness(const Lexicon& lex, std::string_view identifier) {
  double score = 0, letters = 0;
  for (const Segment& s : segment_identifier(lex, identifier)) {
    if (s.kind == SegmentKind::number) continue;
    double n = static_cast<double>(s.text.size());
    letters += n;
    if ((s.kind == SegmentKind::word && s.text.size() >= 2) || is_stopword(s.text))
      score += n;  // "Of" in DateOfBirth
    else if (s.text.size() >= 4)
      score += 0.5 * n;
  }
  if (letters == 0) return Naturalness::N3;
  double coverage = score / letters;
  if (coverage >= 0.9) return Naturalness::N1;
  if (coverage >= 0.4) return Naturalness::N2;
  return Naturalness::N3;
}

Result<Naturalness> parse_naturalness(const std::string& answer) {
  for (size_t i = 0; i + 1 < answer.size(); ++i) {
    if ((answer[i] == 'N' || answer[i] == 'n') && answer[i + 1] >= '1' && answer[i + 1] <= '3' &&
        (i + 2 == answer.size() || !std::isdigit(static_cast<unsigned char>(answer[i + 2]))))
      return static_cast<Naturalness>(answer[i + 1] - '0');
  }
  return Error{"the classifier answered neither N1, N2 nor N3: \"" + answer.substr(0, 40) + "\""};
}

}  // namespace chokepoint::tqa
