#include "core/base/file_text.h"

#include <cstdio>
#include <fstream>
#include <iterator>

namespace chokepoint {

namespace {

std::string megabytes(double bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f MB", bytes / 1e6);
  return buf;
}

}  // namespace

Result<std::string> read_file(const std::string& path, size_t max_bytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{"cannot read " + path};
  if (max_bytes > 0) {
    in.seekg(0, std::ios::end);
    const auto size = static_cast<long long>(in.tellg());
    if (size > static_cast<long long>(max_bytes))
      return Error{path + " is " + megabytes(static_cast<double>(size)) + "; files of this kind may be at most " +
                   megabytes(static_cast<double>(max_bytes))};
    in.seekg(0, std::ios::beg);
  }
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
