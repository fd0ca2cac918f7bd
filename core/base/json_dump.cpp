// ASCII JSON strings escaped in runs (see json_dump.h).
#include "core/base/json_dump.h"

namespace chokepoint {

bool append_ascii_json_string(std::string& out, std::string_view s) {
  for (unsigned char c : s)
    if (c >= 0x80) return false;
  static const char* const kHex = "0123456789abcdef";
  out.reserve(out.size() + s.size() + 2);
  out += '"';
  size_t run = 0;  // start of the bytes not yet written, which need no escape
  for (size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    out.append(s.data() + run, i - run);
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
  out.append(s.data() + run, s.size() - run);
  out += '"';
  return true;
}

}  // namespace chokepoint
