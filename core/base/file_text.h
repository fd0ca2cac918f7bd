// Whole files as bytes, with the error a user can act on ("cannot read X") instead of an empty string.
#pragma once
#include <cstddef>
#include <string>

#include "core/base/result.h"

namespace chokepoint {

// With max_bytes > 0, a larger file is refused before reading, naming its size and the limit.
Result<std::string> read_file(const std::string& path, size_t max_bytes = 0);
Status write_file(const std::string& path, const std::string& bytes);

}  // namespace chokepoint
