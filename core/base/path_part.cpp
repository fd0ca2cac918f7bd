// The path-component check and the parts of a path (see path_part.h).
#include "core/base/path_part.h"

namespace chokepoint {

Status check_path_part(const std::string& name, const std::string& what) {
  std::string shown;
  for (unsigned char c : name.substr(0, 64)) shown += c < 0x20 || c == 0x7f ? '?' : static_cast<char>(c);
  if (name.size() > 64) shown += "...";
  auto refuse = [&](const std::string& rule) { return Error{what + " '" + shown + "' cannot name a file: " + rule}; };
  if (name.empty()) return Error{what + " is empty, so it cannot name a file"};
  if (name.size() > 128) return refuse("it is longer than 128 bytes");
  if (name[0] == '.') return refuse("it starts with '.'");
  for (unsigned char c : name) {
    if (c == '/' || c == '\\' || c == ':') return refuse("it holds '" + std::string(1, static_cast<char>(c)) + "'");
    if (c < 0x20 || c == 0x7f) return refuse("it holds a control character");
  }
  return ok_status();
}

std::string file_name_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string file_stem_of(const std::string& path) {
  std::string name = file_name_of(path);
  const auto dot = name.find_last_of('.');
  if (dot != std::string::npos && dot > 0) name.resize(dot);
  return name;
}

}  // namespace chokepoint
