// Splits question and evidence text into tokens that keep their byte offsets in the original text, so a rewrite can
// replace exactly the characters of a matched token. Offsets are UTF-8 byte offsets (equal to character offsets for
// ASCII text); bytes >= 0x80 count as letters, so accented words stay whole.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace chokepoint {

enum class TokenKind { word, number, punctuation };

struct Token {
  std::string text;   // exactly text.substr(offset, length)
  size_t offset = 0;  // byte offset in the input
  size_t length = 0;
  TokenKind kind = TokenKind::word;
  bool quoted = false;  // inside a "..." / '...' / `...` pair (evidence values are excluded from matching)
};

// Rules: letters and digits form one run ("No2", "u2base" are words; "42", "3.5", "1,000" are numbers);
// an apostrophe between letters stays inside the word ("don't", "o'clock") except the possessive "'s", which
// becomes its own token, as does a trailing "'" after s ("players'"); hyphens and every other symbol are
// single-character punctuation tokens ("well-known" -> well, -, known). Whitespace is skipped.
std::vector<Token> tokenize(std::string_view text);

}  // namespace chokepoint
