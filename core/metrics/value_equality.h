// Equality, hashing and a total order for result values, following Python's rules as BIRD's and Spider's
// evaluators apply them to sqlite3 rows: 1 == 1.0, text never equals a number, NULL equals NULL (None == None),
// no float tolerance. The total order exists only to sort rows deterministically before matching.
#pragma once
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/db/value.h"

namespace chokepoint {

// Python `==` on the values sqlite3 returns (int, float, str, bytes, None).
bool python_equal(const Value& a, const Value& b);
// Consistent with python_equal: equal values hash equally (an integral real hashes as the integer).
uint64_t python_hash(const Value& v);
// Strict weak order: NULL < numbers (by value; an integer before an equal real) < text < blob.
// Values equal under python_equal are never ordered apart except Integer-before-Real ties, which compare
// equal here too (returns false both ways), so sorting never separates equal values by type.
bool value_less(const Value& a, const Value& b);
// value_less with the commonest cases (two integers, two texts) inline, for sorts and matchings that call it per
// comparison; the same order.
inline bool value_less_fast(const Value& a, const Value& b) {
  if (a.type == b.type) {
    if (a.type == ValueType::Integer) return a.integer < b.integer;
    if (a.type == ValueType::Text) return a.bytes < b.bytes;
  }
  return value_less(a, b);
}
// Both directions of value_less at once: -1 when a < b, 1 when b < a, 0 when neither; for sorts that ask both (row
// orders, ties broken by position), with one comparison of two texts instead of two.
inline int value_compare_fast(const Value& a, const Value& b) {
  if (a.type == b.type) {
    if (a.type == ValueType::Integer) return a.integer < b.integer ? -1 : b.integer < a.integer ? 1 : 0;
    if (a.type == ValueType::Text) {
      const int c = a.bytes.compare(b.bytes);
      return c < 0 ? -1 : c > 0 ? 1 : 0;
    }
  }
  return value_less(a, b) ? -1 : value_less(b, a) ? 1 : 0;
}

bool rows_python_equal(const Row& a, const Row& b);
uint64_t row_hash(const Row& r);
bool row_less(const Row& a, const Row& b);

// Hash buckets without a hash set: (row_hash, position) of every row, sorted, so equal rows sit in one run of equal
// hashes. `out` is overwritten (a caller reuses it).
void hashed_rows(const std::vector<Row>& rows, std::vector<std::pair<uint64_t, uint32_t>>& out);
// Positions of the first occurrence of each distinct row (Python equality), in row order: Python's
// list(dict.fromkeys(rows)). A row holding NaN equals no row, itself included, so it is always kept (as Python keeps
// distinct float objects). Small results are compared pairwise; larger ones through hashed_rows.
std::vector<uint32_t> distinct_row_positions(const std::vector<Row>& rows);
// Whether every row of `a` equals some row of `b`: set(a) <= set(b) for rows without NaN.
bool rows_contained_in(const std::vector<Row>& a, const std::vector<Row>& b);
// Whether a and b hold the same rows in the same order, value for value of the same type and bits, none of them a
// NaN (which equals nothing, itself included): then they are equal under every Python comparison of rows. The usual
// outcome of a right prediction, found in one pass that stops at the first difference.
bool rows_identical(const std::vector<Row>& a, const std::vector<Row>& b);

// Numeric tolerance for EX (EvaluationOptions::abs_tolerance, rel_tolerance); both 0 is Python's exact `==`.
struct NumericTolerance {
  double abs = 0, rel = 0;
  bool active() const { return abs > 0 || rel > 0; }
};
// python_equal, except that two numbers (integer or real; text is never a number) are also equal when
// |a - b| <= max(abs, rel * max(|a|, |b|)). Not transitive, so no hash can agree with it: tolerant_matching.h.
bool tolerant_equal(const Value& a, const Value& b, const NumericTolerance& tolerance);
bool rows_tolerant_equal(const Row& a, const Row& b, const NumericTolerance& tolerance);

struct RowHash {
  size_t operator()(const Row& r) const { return static_cast<size_t>(row_hash(r)); }
};
struct RowEqual {
  bool operator()(const Row& a, const Row& b) const { return rows_python_equal(a, b); }
};

}  // namespace chokepoint
