// Identifier segmentation. The dictionary step is a dynamic programme over split points; "word" means a WordNet
// lemma after morphy in any part of speech (so plurals and verb forms segment too: "moviecharacters").
#include "core/lexicon/identifier_segmentation.h"
#include "core/base/text.h"

#include <cctype>
#include <limits>

#include "core/lexicon/morphy.h"

namespace chokepoint {
namespace {

bool is_upper(char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; }
bool is_lower(char c) { return std::islower(static_cast<unsigned char>(c)) != 0; }
bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool is_alpha(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }

std::string base_form(const Lexicon& lex, const std::string& word) {
  for (auto p : kWordNetPosOrder) {
    auto forms = morphy_all(lex, word, p);
    if (!forms.empty()) return lemmatize(lex, word, p);
  }
  return word;
}

}  // namespace

std::vector<std::string> split_identifier(std::string_view id) {
  std::vector<std::string> out;
  std::string current;
  auto flush = [&] {
    if (!current.empty()) out.push_back(std::move(current));
    current.clear();
  };
  for (size_t i = 0; i < id.size(); ++i) {
    char c = id[i];
    if (!std::isalnum(static_cast<unsigned char>(c))) {
      flush();
      continue;
    }
    if (!current.empty()) {
      char prev = current.back();
      bool boundary = (is_digit(prev) != is_digit(c)) ||                      // letters | digits
                      (is_lower(prev) && is_upper(c)) ||                      // camel | Case
                      (is_upper(prev) && is_upper(c) && i + 1 < id.size() &&  // HTML | Parser
                       is_lower(id[i + 1]));
      if (boundary) flush();
    }
    current.push_back(c);
  }
  flush();
  return out;
}

std::vector<std::string> segment_words(const Lexicon& lex, std::string_view run) {
  std::string text = to_lower_ascii(run);
  const size_t n = text.size();
  if (n == 0) return {};
  if (is_wordnet_word(lex, text) || n > 64) return {text};
  // best[i]: the best cover of text[0, i) as (segments, -sum of squares); choice[i]: start of its last segment.
  const size_t kNone = std::numeric_limits<size_t>::max();
  std::vector<size_t> segments(n + 1, kNone), squares(n + 1, 0), choice(n + 1, kNone);
  segments[0] = 0;
  for (size_t end = 2; end <= n; ++end)
    for (size_t start = 0; start + 2 <= end; ++start) {
      if (segments[start] == kNone) continue;
      size_t len = end - start;
      size_t count = segments[start] + 1, sq = squares[start] + len * len;
      bool better = count < segments[end] || (count == segments[end] && sq > squares[end]);
      if (!better) continue;
      if (!is_wordnet_word(lex, text.substr(start, len))) continue;
      segments[end] = count;
      squares[end] = sq;
      choice[end] = start;
    }
  if (segments[n] == kNone) return {text};
  std::vector<std::string> out;
  for (size_t end = n; end > 0; end = choice[end]) out.insert(out.begin(), text.substr(choice[end], end - choice[end]));
  return out;
}

std::vector<Segment> segment_identifier(const Lexicon& lex, std::string_view identifier) {
  std::vector<Segment> out;
  for (const auto& piece : split_identifier(identifier)) {
    if (is_digit(piece[0])) {
      out.push_back(Segment{piece, piece, SegmentKind::number, false});
      continue;
    }
    bool caps = piece.size() > 1;
    for (char c : piece) caps = caps && (is_upper(c) || !is_alpha(c));
    for (auto& part : segment_words(lex, piece)) {
      Segment s;
      s.all_caps = caps;
      if (is_wordnet_word(lex, part)) {
        s.kind = SegmentKind::word;
        s.lemma = base_form(lex, part);
      } else {
        s.kind = SegmentKind::abbreviation;
        s.lemma = part;
      }
      s.text = std::move(part);
      out.push_back(std::move(s));
    }
  }
  return out;
}

}  // namespace chokepoint
