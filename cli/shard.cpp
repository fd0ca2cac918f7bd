// Shard selection, the arguments a shard records and input hashes.
#include "cli/shard.h"

#include <cstdint>

#include "core/base/file_text.h"

namespace chokepoint::cli {
namespace {

bool whole_number(const std::string& text, size_t& value) {
  if (text.empty() || text.size() > 6) return false;
  value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    value = value * 10 + static_cast<size_t>(c - '0');
  }
  return true;
}

}  // namespace

Result<ShardSpec> parse_shard_spec(const std::string& text) {
  const auto slash = text.find('/');
  ShardSpec spec;
  if (slash == std::string::npos || !whole_number(text.substr(0, slash), spec.k) ||
      !whole_number(text.substr(slash + 1), spec.n) || spec.k < 1 || spec.k > spec.n || spec.n > 100000)
    return Error{"--shard takes k/n with 1 <= k <= n <= 100000 (e.g. 2/8), not '" + text + "'"};
  return spec;
}

Args without_flags(const Args& args, const std::vector<std::string>& flags) {
  Args kept;
  for (size_t i = 0; i < args.size(); ++i) {
    bool dropped = false;
    for (const std::string& f : flags) {
      if (args[i] == f) {
        ++i;  // and its value
        dropped = true;
        break;
      }
      if (args[i].rfind(f + "=", 0) == 0) {
        dropped = true;
        break;
      }
    }
    if (!dropped) kept.push_back(args[i]);
  }
  return kept;
}

Result<std::optional<ShardSpec>> read_shard(const FlagValues& r) {
  if (!r.has("--shard")) return std::optional<ShardSpec>();
  auto spec = parse_shard_spec(r.text("--shard"));
  if (!spec.ok()) return Error{spec.error()};
  return std::optional<ShardSpec>(*spec);
}

Args report_arguments(const Args& args) {
  return without_flags(args,
                       {"--out", "--shard", "--jobs", "--csv", "--replay", "--concurrency", "--request-timeout-ms"});
}

std::string text_hash(const std::string& bytes) {
  uint64_t h = 14695981039346656037ull;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 1099511628211ull;
  }
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, h >>= 4) out[static_cast<size_t>(i)] = "0123456789abcdef"[h & 15];
  return out;
}

Result<std::string> content_hash(const std::string& path) {
  auto bytes = read_file(path);
  if (!bytes.ok()) return Error{bytes.error()};
  return text_hash(*bytes);
}

}  // namespace chokepoint::cli
