// The feature matrix of a set: one row per example, one column per feature, each cell 1, 0 or unknown (an LLM
// feature not yet asked, a SQL feature of a query that does not parse). Rows are two bit vectors, so 187 features
// take six 64-bit words and distances are popcounts. CSV and JSONL carry it between the CLI, the app and other tools.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/sqlspace/feature_catalogue.h"

namespace chokepoint::sqlspace {

// A fixed-size bit vector. Invariant: bits at or past size() are zero, so equality and popcount are word-wise.
class FeatureBits {
 public:
  explicit FeatureBits(size_t size = 0) : size_(size), words_((size + 63) / 64, 0) {}
  size_t size() const { return size_; }
  bool test(size_t i) const { return (words_[i / 64] >> (i % 64)) & 1u; }
  void set(size_t i, bool value = true);
  size_t count() const;  // bits set
  const std::vector<uint64_t>& words() const { return words_; }
  bool operator==(const FeatureBits& o) const { return size_ == o.size_ && words_ == o.words_; }
  bool operator!=(const FeatureBits& o) const { return !(*this == o); }

 private:
  size_t size_;
  std::vector<uint64_t> words_;
};

// Invariant: values has no bit that `known` lacks (an unknown cell reads 0 in both).
struct FeatureRow {
  std::string key;    // the item's key in its set (question_id or position)
  std::string db_id;  // its database
  FeatureBits known;
  FeatureBits values;

  std::optional<bool> get(size_t column) const;
  void set(size_t column, bool value);
};

struct FeatureMatrix {
  std::vector<int> feature_ids;  // catalogue ids of the columns, increasing
  std::vector<FeatureRow> rows;  // set order

  int column_of(int id) const;                                   // -1 when the matrix has no such column
  FeatureRow new_row(std::string key, std::string db_id) const;  // all cells unknown
  // Sets the cell of feature `id`; decisions on features without a column are dropped.
  void set(FeatureRow& row, const FeatureDecision& d) const;
};

// "f074": column names in files, three digits up to 999 so they sort as the ids do.
std::string feature_column_name(int id);
std::optional<int> feature_id_of_column(const std::string& name);

// CSV: header "key,db_id,f001,...", cells 1, 0 or empty for unknown; RFC 4180 quoting for keys and db ids.
std::string matrix_to_csv(const FeatureMatrix& m);
Result<FeatureMatrix> matrix_from_csv(const std::string& text);

// JSONL: a header line {"columns": ["f001", ...]}, then one object per row {"key", "db_id", "features": {"f001": 1,
// ...}} with unknown cells left out.
std::string matrix_to_jsonl(const FeatureMatrix& m);
Result<FeatureMatrix> matrix_from_jsonl(const std::string& text);

}  // namespace chokepoint::sqlspace
