// Whole files as bytes, with the error a user can act on ("cannot read X") instead of an empty string.
#pragma once
#include <string>

#include "core/base/result.h"

namespace chokepoint {

Result<std::string> read_file(const std::string& path);
Status write_file(const std::string& path, const std::string& bytes);

}  // namespace chokepoint
