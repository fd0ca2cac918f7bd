// Header lookup shared by the protocol parsers and the redaction of call logs.
#include "core/llm/http_message.h"

#include <cctype>

namespace chokepoint {

std::string header_value(const HttpHeaders& headers, const std::string& name) {
  for (const auto& [key, value] : headers) {
    if (key.size() != name.size()) continue;
    bool same = true;
    for (size_t i = 0; i < key.size() && same; ++i) {
      same = std::tolower(static_cast<unsigned char>(key[i])) == std::tolower(static_cast<unsigned char>(name[i]));
    }
    if (same) return value;
  }
  return "";
}

}  // namespace chokepoint
