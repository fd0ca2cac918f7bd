// JSON text out of nlohmann::json that never throws: strings from databases, files and LLM answers may hold
// invalid UTF-8, which nlohmann's dump() rejects with an exception; here such bytes become U+FFFD.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

namespace chokepoint {

// indent < 0: one line; otherwise pretty-printed with that many spaces. A template so nlohmann::ordered_json keeps
// its key order (a conversion to nlohmann::json would sort the keys).
template <typename Json>
std::string dump_json(const Json& j, int indent = -1) {
  return j.dump(indent, ' ', false, Json::error_handler_t::replace);
}

}  // namespace chokepoint
