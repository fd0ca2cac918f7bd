// Python-compatible value equality and hashing for result comparison.
#include "core/metrics/value_equality.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace chokepoint {
namespace {

// Python compares int and float exactly: 2**53 + 1 != float(2**53). A real equals an integer only when the real is
// integral, inside int64 range, and converts to exactly that integer.
bool int_equals_real(int64_t i, double r) {
  if (!std::isfinite(r) || r != std::floor(r)) return false;
  if (r < -9223372036854775808.0 || r >= 9223372036854775808.0) return false;
  return static_cast<int64_t>(r) == i;
}

bool real_is_int64(double r, int64_t* out) {
  if (!std::isfinite(r) || r != std::floor(r)) return false;
  if (r < -9223372036854775808.0 || r >= 9223372036854775808.0) return false;
  *out = static_cast<int64_t>(r);
  return true;
}

uint64_t mix(uint64_t h, uint64_t x) {
  // splitmix64 finaliser: deterministic on every platform, unlike std::hash.
  x += 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

uint64_t bytes_hash(const std::string& s) {
  uint64_t h = 1469598103934665603ULL;  // FNV-1a
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ULL;
  return h;
}

int rank(const Value& v) {
  switch (v.type) {
    case ValueType::Null:
      return 0;
    case ValueType::Integer:
    case ValueType::Real:
      return 1;
    case ValueType::Text:
      return 2;
    case ValueType::Blob:
      return 3;
  }
  return 4;
}

}  // namespace

bool python_equal(const Value& a, const Value& b) {
  switch (a.type) {
    case ValueType::Null:
      return b.type == ValueType::Null;
    case ValueType::Integer:
      if (b.type == ValueType::Integer) return a.integer == b.integer;
      if (b.type == ValueType::Real) return int_equals_real(a.integer, b.real);
      return false;
    case ValueType::Real:
      if (b.type == ValueType::Real) return a.real == b.real;
      if (b.type == ValueType::Integer) return int_equals_real(b.integer, a.real);
      return false;
    case ValueType::Text:
      return b.type == ValueType::Text && a.bytes == b.bytes;
    case ValueType::Blob:
      return b.type == ValueType::Blob && a.bytes == b.bytes;
  }
  return false;
}

uint64_t python_hash(const Value& v) {
  switch (v.type) {
    case ValueType::Null:
      return 0x6e756c6cULL;
    case ValueType::Integer:
      return mix(1, static_cast<uint64_t>(v.integer));
    case ValueType::Real: {
      int64_t i = 0;
      if (real_is_int64(v.real, &i)) return mix(1, static_cast<uint64_t>(i));
      double r = v.real == 0.0 ? 0.0 : v.real;  // -0.0 == 0.0 (and is integral, handled above anyway)
      uint64_t bits = 0;
      std::memcpy(&bits, &r, sizeof bits);
      return mix(2, bits);
    }
    case ValueType::Text:
      return mix(3, bytes_hash(v.bytes));
    case ValueType::Blob:
      return mix(4, bytes_hash(v.bytes));
  }
  return 0;
}

bool value_less(const Value& a, const Value& b) {
  int ra = rank(a), rb = rank(b);
  if (ra != rb) return ra < rb;
  switch (a.type) {
    case ValueType::Null:
      return false;
    case ValueType::Integer:
    case ValueType::Real: {
      if (a.type == ValueType::Integer && b.type == ValueType::Integer) return a.integer < b.integer;
      if (python_equal(a, b)) return false;
      double x = a.type == ValueType::Integer ? static_cast<double>(a.integer) : a.real;
      double y = b.type == ValueType::Integer ? static_cast<double>(b.integer) : b.real;
      if (std::isnan(x) || std::isnan(y)) return !std::isnan(x) && std::isnan(y);  // NaN last
      if (x != y) return x < y;
      // Distinct values that round to the same double: order the integer first, deterministically.
      return a.type == ValueType::Integer;
    }
    case ValueType::Text:
    case ValueType::Blob:
      return a.bytes < b.bytes;
  }
  return false;
}

bool rows_python_equal(const Row& a, const Row& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!python_equal(a[i], b[i])) return false;
  return true;
}

bool tolerant_equal(const Value& a, const Value& b, const NumericTolerance& tolerance) {
  if (python_equal(a, b)) return true;
  const bool numbers = (a.type == ValueType::Integer || a.type == ValueType::Real) &&
                       (b.type == ValueType::Integer || b.type == ValueType::Real);
  if (!numbers || !tolerance.active()) return false;
  // long double keeps integers of up to 64 bits exact on x86; elsewhere the difference is off by at most an ulp.
  const long double x = a.type == ValueType::Integer ? static_cast<long double>(a.integer) : a.real;
  const long double y = b.type == ValueType::Integer ? static_cast<long double>(b.integer) : b.real;
  if (std::isnan(x) || std::isnan(y)) return false;
  const long double bound =
      std::max(static_cast<long double>(tolerance.abs), tolerance.rel * std::max(std::fabs(x), std::fabs(y)));
  return std::fabs(x - y) <= bound;
}

bool rows_tolerant_equal(const Row& a, const Row& b, const NumericTolerance& tolerance) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!tolerant_equal(a[i], b[i], tolerance)) return false;
  return true;
}

uint64_t row_hash(const Row& r) {
  uint64_t h = mix(0, r.size());
  for (const auto& v : r) h = mix(h, python_hash(v));
  return h;
}

void hashed_rows(const std::vector<Row>& rows, std::vector<std::pair<uint64_t, uint32_t>>& out) {
  out.clear();
  out.reserve(rows.size());
  for (size_t i = 0; i < rows.size(); ++i) out.push_back({row_hash(rows[i]), static_cast<uint32_t>(i)});
  std::sort(out.begin(), out.end());
}

namespace {

// Up to this many rows, pairwise comparison costs less than hashing (no allocation, most rows differ at once).
constexpr size_t kPairwiseRows = 16;

}  // namespace

std::vector<uint32_t> distinct_row_positions(const std::vector<Row>& rows) {
  std::vector<uint32_t> out;
  out.reserve(rows.size());
  if (rows.size() <= kPairwiseRows) {
    for (size_t i = 0; i < rows.size(); ++i) {
      bool seen = false;
      for (uint32_t k : out) seen = seen || rows_python_equal(rows[k], rows[i]);
      if (!seen) out.push_back(static_cast<uint32_t>(i));
    }
    return out;
  }
  std::vector<std::pair<uint64_t, uint32_t>> hashed;
  hashed_rows(rows, hashed);
  std::vector<uint8_t> repeat(rows.size(), 0);  // an earlier row equals it
  for (size_t lo = 0; lo < hashed.size();) {
    size_t hi = lo + 1;
    while (hi < hashed.size() && hashed[hi].first == hashed[lo].first) ++hi;
    // Within a run positions ascend: a row repeats if an earlier kept row of the run equals it.
    for (size_t i = lo + 1; i < hi; ++i)
      for (size_t k = lo; k < i; ++k)
        if (!repeat[hashed[k].second] && rows_python_equal(rows[hashed[k].second], rows[hashed[i].second])) {
          repeat[hashed[i].second] = 1;
          break;
        }
    lo = hi;
  }
  for (size_t i = 0; i < rows.size(); ++i)
    if (!repeat[i]) out.push_back(static_cast<uint32_t>(i));
  return out;
}

bool rows_contained_in(const std::vector<Row>& a, const std::vector<Row>& b) {
  if (a.size() * b.size() <= kPairwiseRows * kPairwiseRows) {
    for (const auto& x : a) {
      bool found = false;
      for (const auto& y : b)
        if (rows_python_equal(x, y)) {
          found = true;
          break;
        }
      if (!found) return false;
    }
    return true;
  }
  std::vector<std::pair<uint64_t, uint32_t>> hashed;
  hashed_rows(b, hashed);
  for (const auto& x : a) {
    const uint64_t h = row_hash(x);
    bool found = false;
    for (auto it = std::lower_bound(hashed.begin(), hashed.end(), std::pair<uint64_t, uint32_t>{h, 0});
         it != hashed.end() && it->first == h && !found; ++it)
      found = rows_python_equal(x, b[it->second]);
    if (!found) return false;
  }
  return true;
}

bool rows_identical(const std::vector<Row>& a, const std::vector<Row>& b) {
  if (a.size() != b.size()) return false;
  for (size_t r = 0; r < a.size(); ++r) {
    const Row &x = a[r], &y = b[r];
    if (x.size() != y.size()) return false;
    for (size_t i = 0; i < x.size(); ++i) {
      const Value &v = x[i], &w = y[i];
      if (v.type != w.type) return false;
      switch (v.type) {
        case ValueType::Null:
          break;
        case ValueType::Integer:
          if (v.integer != w.integer) return false;
          break;
        case ValueType::Real:
          if (std::isnan(v.real) || std::memcmp(&v.real, &w.real, sizeof v.real) != 0) return false;
          break;
        default:
          if (v.bytes != w.bytes) return false;
      }
    }
  }
  return true;
}

bool row_less(const Row& a, const Row& b) {
  size_t n = a.size() < b.size() ? a.size() : b.size();
  for (size_t i = 0; i < n; ++i) {
    if (value_less(a[i], b[i])) return true;
    if (value_less(b[i], a[i])) return false;
  }
  return a.size() < b.size();
}

}  // namespace chokepoint
