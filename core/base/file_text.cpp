#include "core/base/file_text.h"

#include <cstdio>
#include <fstream>

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
  size_t reserved = 0;
  if (max_bytes > 0) {
    in.seekg(0, std::ios::end);
    const auto size = static_cast<long long>(in.tellg());
    if (size > static_cast<long long>(max_bytes))
      return Error{path + " is " + megabytes(static_cast<double>(size)) + "; files of this kind may be at most " +
                   megabytes(static_cast<double>(max_bytes))};
    in.seekg(0, std::ios::beg);
    if (size > 0) reserved = static_cast<size_t>(size);
  }
  // In blocks, not a character at a time through istreambuf_iterator (a tenth of the time for a 300 KB set file).
  std::string bytes;
  bytes.reserve(reserved);
  char block[1 << 14];
  while (in.read(block, sizeof block) || in.gcount() > 0) bytes.append(block, static_cast<size_t>(in.gcount()));
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
