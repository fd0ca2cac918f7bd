// A seeded random source whose sequence is the same on every platform and compiler (the CLI under glibc, the app
// under Emscripten's libc++): std::mt19937 is portable, but std::uniform_int_distribution and friends are not, so the
// draws below are written out. SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
// generators", OOPSLA 2014) is small, passes BigCrush, and any 64-bit seed is a good one.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace chokepoint::learn {

class SeededRandom {
 public:
  explicit SeededRandom(uint64_t seed) : state_(seed) {}

  uint64_t next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, 1) with 53 random bits.
  double uniform() { return static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0); }
  // Uniform in [0, n) for n > 0, without modulo bias (OpenBSD arc4random_uniform's rejection of the low 2^64 mod n
  // draws).
  size_t below(size_t n) {
    const uint64_t bound = static_cast<uint64_t>(n);
    const uint64_t threshold = (0 - bound) % bound;
    for (;;) {
      const uint64_t r = next();
      if (r >= threshold) return static_cast<size_t>(r % bound);
    }
  }
  // Fisher-Yates, last position first.
  template <typename T>
  void shuffle(std::vector<T>& v) {
    for (size_t i = v.size(); i > 1; --i) {
      const size_t j = below(i);
      std::swap(v[i - 1], v[j]);
    }
  }

 private:
  uint64_t state_;
};

}  // namespace chokepoint::learn
