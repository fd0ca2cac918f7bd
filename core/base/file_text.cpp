#include "core/base/file_text.h"

#include <fstream>
#include <iterator>

namespace chokepoint {

Result<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{"cannot read " + path};
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) return Error{"cannot read " + path};
  return bytes;
}

Status write_file(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  if (!out) return Error{"cannot write " + path};
  out << bytes;
  out.flush();
  if (!out) return Error{"cannot write " + path};
  return ok_status();
}

}  // namespace chokepoint
