// A point on the monotonic clock after which work must stop. One item of an evaluation gets one deadline: its gold
// query, its prediction and its scoring all spend from the same time limit, so the limit the user sets bounds the
// whole item (decisions.md §8). Long loops poll passed() every few hundred iterations; it costs one clock read.
#pragma once
#include <limits>

#include "core/base/clock.h"

namespace chokepoint {

class Deadline {
 public:
  // No limit: passed() is always false.
  static Deadline never() { return Deadline(std::numeric_limits<double>::infinity()); }
  // `ms` from now; ms <= 0 means no limit (as QueryLimits::timeout_ms does).
  static Deadline after_ms(double ms) { return ms > 0 ? Deadline(monotonic_ms() + ms) : never(); }

  bool limited() const { return end_ms_ != std::numeric_limits<double>::infinity(); }
  bool passed() const { return limited() && monotonic_ms() >= end_ms_; }
  // Whole milliseconds left (at least 1 while not passed), or 0 when passed; -1 when unlimited.
  int remaining_ms() const {
    if (!limited()) return -1;
    const double left = end_ms_ - monotonic_ms();
    if (left <= 0) return 0;
    return left < 1 ? 1 : static_cast<int>(left);
  }

 private:
  explicit Deadline(double end_ms) : end_ms_(end_ms) {}
  double end_ms_;
};

}  // namespace chokepoint
