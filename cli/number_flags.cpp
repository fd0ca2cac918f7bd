// Whole-number flags (see number_flags.h).
#include "cli/number_flags.h"

namespace chokepoint::cli {
namespace {

bool digits(const std::string& v, size_t max_digits) {
  return !v.empty() && v.size() <= max_digits && v.find_first_not_of("0123456789") == std::string::npos;
}

}  // namespace

Result<size_t> positive_whole_number(const ArgReader& r, const char* flag, size_t fallback) {
  if (!r.has(flag)) return fallback;
  const std::string v = r.get(flag);
  if (!digits(v, 7) || std::stoul(v) == 0)
    return Error{std::string(flag) + " takes a positive whole number, not '" + v + "'"};
  return static_cast<size_t>(std::stoul(v));
}

Result<int> whole_number_in(const ArgReader& r, const std::string& flag, int fallback, int lo, int hi) {
  if (!r.has(flag)) return fallback;
  const std::string v = r.get(flag);
  if (!digits(v, 9) || std::stoi(v) < lo || std::stoi(v) > hi)
    return Error{flag + " takes a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) + ", not '" +
                 v + "'"};
  return std::stoi(v);
}

Result<size_t> item_limit(const ArgReader& r) {
  if (!r.has("--limit")) return size_t{0};
  const std::string v = r.get("--limit");
  if (!digits(v, 7)) return Error{"--limit takes a positive number, not '" + v + "'"};
  return static_cast<size_t>(std::stoul(v));
}

}  // namespace chokepoint::cli
