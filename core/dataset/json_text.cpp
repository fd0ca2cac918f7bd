// JSON parsing with located errors.
#include "core/dataset/json_text.h"

namespace chokepoint {

std::string describe_offset(const std::string& text, size_t byte_offset) {
  size_t line = 1, col = 1;
  for (size_t i = 0; i < byte_offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      col = 1;
    } else
      ++col;
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(col);
}

Result<nlohmann::json> parse_json_text(const std::string& text) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    // e.byte is 1-based and points just past the offending character.
    size_t at = e.byte > 0 ? e.byte - 1 : 0;
    std::string what = e.what();
    auto colon = what.rfind(": ");
    std::string detail = colon == std::string::npos ? what : what.substr(colon + 2);
    return Error{"malformed JSON at " + describe_offset(text, at) + ": " + detail};
  } catch (const std::exception& e) {
    return Error{std::string("malformed JSON: ") + e.what()};
  }
}

}  // namespace chokepoint
