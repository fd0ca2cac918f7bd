// ASCII JSON strings escaped in runs (see json_dump.h).
#include "core/base/json_dump.h"

#include "core/base/ascii_scan.h"

namespace chokepoint {

bool append_ascii_json_string(TextBuilder& out, std::string_view s) {
  if (!all_ascii(s.data(), s.size())) return false;
  static const char* const kHex = "0123456789abcdef";
  out += '"';
  size_t i = 0;
  while (true) {
    const size_t plain = json_plain_prefix(s.data() + i, s.size() - i);
    out += s.substr(i, plain);
    i += plain;
    if (i == s.size()) break;
    const unsigned char c = static_cast<unsigned char>(s[i++]);
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
  out += '"';
  return true;
}

}  // namespace chokepoint
