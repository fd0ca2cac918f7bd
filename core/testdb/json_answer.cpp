// First JSON object of a model's answer (see json_answer.h).
#include "core/testdb/json_answer.h"

#include <cctype>

namespace chokepoint::testdb {
namespace {

// The end (one past '}') of the balanced object opening at `open`, or npos when it never closes.
size_t object_end(const std::string& s, size_t open) {
  int depth = 0;
  bool in_string = false;
  for (size_t i = open; i < s.size(); ++i) {
    const char c = s[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    if (c == '{') ++depth;
    if (c == '}' && --depth == 0) return i + 1;
  }
  return std::string::npos;
}

}  // namespace

Result<nlohmann::ordered_json> first_json_object(const std::string& answer) {
  if (answer.find_first_not_of(" \t\r\n") == std::string::npos) return Error{"the answer is empty"};
  for (size_t open = answer.find('{'); open != std::string::npos; open = answer.find('{', open + 1)) {
    const size_t end = object_end(answer, open);
    if (end == std::string::npos) continue;
    auto doc = nlohmann::ordered_json::parse(answer.begin() + static_cast<long>(open),
                                             answer.begin() + static_cast<long>(end), nullptr, false);
    if (!doc.is_discarded() && doc.is_object()) return doc;
  }
  return Error{"the answer holds no JSON object"};
}

std::string loose_key(const std::string& key) {
  std::string out;
  for (unsigned char c : key)
    if (std::isalnum(c)) out += static_cast<char>(std::tolower(c));
  return out;
}

}  // namespace chokepoint::testdb
