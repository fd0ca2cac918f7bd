// A small hand-written scanner (no regex: the wasm build stays small and the offsets stay exact).
#include "core/lexicon/tokenizer.h"

#include <cctype>

namespace chokepoint {
namespace {

bool is_letter(unsigned char c) { return std::isalpha(c) || c >= 0x80; }
bool is_digit(unsigned char c) { return std::isdigit(c) != 0; }
bool is_alnum(unsigned char c) { return is_letter(c) || is_digit(c); }

bool is_quote(char c) { return c == '"' || c == '\'' || c == '`'; }

}  // namespace

std::vector<Token> tokenize(std::string_view text) {
  std::vector<Token> out;
  auto at = [&](size_t i) -> unsigned char { return i < text.size() ? static_cast<unsigned char>(text[i]) : 0; };
  auto emit = [&](size_t begin, size_t end, TokenKind kind) {
    out.push_back(Token{std::string(text.substr(begin, end - begin)), begin, end - begin, kind, false});
  };
  size_t i = 0;
  while (i < text.size()) {
    unsigned char c = at(i);
    if (std::isspace(c)) {
      ++i;
      continue;
    }
    if (is_digit(c)) {  // a number, or an alphanumeric run that starts with digits ("2nd")
      size_t j = i;
      while (is_digit(at(j)) || ((at(j) == '.' || at(j) == ',') && is_digit(at(j + 1)) && j > i)) ++j;
      if (is_letter(at(j))) {
        while (is_alnum(at(j))) ++j;
        emit(i, j, TokenKind::word);
      } else {
        emit(i, j, TokenKind::number);
      }
      i = j;
      continue;
    }
    if (is_letter(c)) {
      size_t j = i;
      for (;;) {
        while (is_alnum(at(j))) ++j;
        // An apostrophe between letters joins the word, unless it starts the possessive "'s".
        bool possessive = (at(j + 1) == 's' || at(j + 1) == 'S') && !is_alnum(at(j + 2));
        if (at(j) == '\'' && is_letter(at(j + 1)) && !possessive) {
          ++j;
          continue;
        }
        break;
      }
      emit(i, j, TokenKind::word);
      i = j;
      if (at(i) == '\'' && (at(i + 1) == 's' || at(i + 1) == 'S') && !is_alnum(at(i + 2))) {
        emit(i, i + 2, TokenKind::word);  // "'s"
        i += 2;
      }
      continue;
    }
    emit(i, i + 1, TokenKind::punctuation);
    ++i;
  }

  // Quoted spans: an opening quote starts a token sequence and the next token of the same quote character closes
  // it. A single quote only opens when it is not glued to a preceding word (so "players' club" opens nothing).
  for (size_t t = 0; t < out.size(); ++t) {
    const Token& open = out[t];
    if (open.kind != TokenKind::punctuation || !is_quote(open.text[0])) continue;
    bool glued_left = open.offset > 0 && is_alnum(static_cast<unsigned char>(text[open.offset - 1]));
    if (open.text[0] == '\'' && glued_left) continue;
    size_t close = t + 1;
    while (close < out.size() && !(out[close].kind == TokenKind::punctuation && out[close].text == open.text)) ++close;
    if (close >= out.size()) continue;
    for (size_t k = t + 1; k < close; ++k) out[k].quoted = true;
    t = close;
  }
  return out;
}

}  // namespace chokepoint
