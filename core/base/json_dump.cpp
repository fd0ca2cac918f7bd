// ASCII JSON strings escaped in runs (see json_dump.h).
#include "core/base/json_dump.h"

#include <cstdint>
#include <cstring>

namespace chokepoint {

namespace {

// Eight bytes at a time ("SWAR"): a text of a few KB (a prompt, a schema) is mostly bytes that need nothing, and a
// byte-at-a-time scan of it was a third of building an LLM request in wasm, which has no vector loop for it here.
constexpr uint64_t kOnes = 0x0101010101010101ull;
constexpr uint64_t kHighBits = 0x8080808080808080ull;

uint64_t load8(const char* p) {
  uint64_t w;
  std::memcpy(&w, p, 8);
  return w;
}

// Whether a byte of `w` is zero (exact: the classic bit trick has no false answer as a whole).
bool has_zero_byte(uint64_t w) { return ((w - kOnes) & ~w & kHighBits) != 0; }

// Whether one of eight ASCII bytes is a control character, '"' or '\\': one that JSON escapes.
bool has_byte_to_escape(uint64_t w) {
  const bool control = ((w - kOnes * 0x20) & ~w & kHighBits) != 0;  // a byte below 0x20 (w has no high bit set)
  return control || has_zero_byte(w ^ (kOnes * '"')) || has_zero_byte(w ^ (kOnes * '\\'));
}

bool all_ascii(std::string_view s) {
  uint64_t seen = 0;
  size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) seen |= load8(s.data() + i);
  for (; i < s.size(); ++i) seen |= static_cast<unsigned char>(s[i]);
  return (seen & kHighBits) == 0;
}

}  // namespace

bool append_ascii_json_string(TextBuilder& out, std::string_view s) {
  if (!all_ascii(s)) return false;
  static const char* const kHex = "0123456789abcdef";
  out += '"';
  size_t run = 0;  // start of the bytes not yet written, which need no escape
  for (size_t i = 0; i < s.size(); ++i) {
    if ((i & 7) == 0 && i + 8 <= s.size() && !has_byte_to_escape(load8(s.data() + i))) {
      i += 7;  // eight bytes that need nothing; the loop's ++i moves past them
      continue;
    }
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    out += s.substr(run, i - run);
    run = i + 1;
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:  // the other control characters, as nlohmann writes them: \u00XX in lower case
        out += "\\u00";
        out += kHex[c >> 4];
        out += kHex[c & 0xF];
    }
  }
  out += s.substr(run);
  out += '"';
  return true;
}

}  // namespace chokepoint
