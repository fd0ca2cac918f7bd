// Parsing JSON text into a value with errors that say where: nlohmann's exceptions become an Error naming the line
// and column of the problem, so a corrupt 10 MB dev.json points the user at the spot.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "core/base/result.h"

namespace chokepoint {

Result<nlohmann::json> parse_json_text(const std::string& text);

// "line L, column C" of a byte offset (1-based), for messages.
std::string describe_offset(const std::string& text, size_t byte_offset);

}  // namespace chokepoint
