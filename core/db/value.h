// Typed values as SQLite returns them. Results keep SQLite's storage class so metrics can apply BIRD's and
// Spider's comparison rules (1 and 1.0 equal as Python compares them; text never equals a number).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace chokepoint {

enum class ValueType { Null, Integer, Real, Text, Blob };

struct Value {
  ValueType type = ValueType::Null;
  int64_t integer = 0;  // when type == Integer
  double real = 0.0;    // when type == Real
  std::string bytes;    // when type == Text or Blob

  static Value null() { return {}; }
  static Value of_int(int64_t v) {
    Value x;
    x.type = ValueType::Integer;
    x.integer = v;
    return x;
  }
  static Value of_real(double v) {
    Value x;
    x.type = ValueType::Real;
    x.real = v;
    return x;
  }
  static Value of_text(std::string v) {
    Value x;
    x.type = ValueType::Text;
    x.bytes = std::move(v);
    return x;
  }
  static Value of_blob(std::string v) {
    Value x;
    x.type = ValueType::Blob;
    x.bytes = std::move(v);
    return x;
  }

  bool is_null() const { return type == ValueType::Null; }
  bool is_number() const { return type == ValueType::Integer || type == ValueType::Real; }
  // Display form: integers plainly, reals with up to 17 significant digits, NULL as "NULL", blobs as X'..'.
  std::string to_string() const;
  // The display form cut to about `max_bytes` (whole UTF-8 characters), with "… (N bytes)" when cut: what a table
  // cell, a descriptor or a tooltip shows of a value a prediction may have made megabytes long.
  std::string display_prefix(size_t max_bytes) const;
};

using Row = std::vector<Value>;

struct ResultSet {
  std::vector<std::string> column_names;
  std::vector<std::string> declared_types;  // "" for expressions
  std::vector<Row> rows;
  bool truncated = false;  // a cap stopped reading; rows then holds the rows read before it
  std::string truncation;  // which cap: "row cap of 100000 rows" or "size cap of 64 MiB" (empty when not truncated)
};

// Bytes a row or a result occupies as stored here (the Value structs and their text), the measure the result-size
// cap counts, so the cap bounds memory rather than the bytes SQLite reported.
size_t stored_bytes(const Row& row);
size_t result_bytes(const ResultSet& result);
// Keeps the leading rows of `result` whose stored size fits in `max_bytes` and frees the rest; true if any went.
bool keep_leading_rows(ResultSet& result, size_t max_bytes);

}  // namespace chokepoint
