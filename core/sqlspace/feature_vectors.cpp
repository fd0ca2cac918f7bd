// Feature matrices stacked into 0/1 rows over the known columns (see feature_vectors.h).
#include "core/sqlspace/feature_vectors.h"

#include <algorithm>
#include <set>

namespace chokepoint::sqlspace {

learn::DenseMatrix FeatureVectors::dense() const {
  learn::DenseMatrix m(rows.rows, rows.cols);
  for (size_t i = 0; i < rows.cells.size(); ++i) m.values[i] = rows.cells[i];
  return m;
}

FeatureVectors feature_vectors(const std::vector<const FeatureMatrix*>& matrices, const std::vector<int>& only) {
  std::set<int> keep;
  size_t total_rows = 0;
  for (const FeatureMatrix* m : matrices) {
    total_rows += m->rows.size();
    for (size_t c = 0; c < m->feature_ids.size(); ++c) {
      const int id = m->feature_ids[c];
      if (!only.empty() && std::find(only.begin(), only.end(), id) == only.end()) continue;
      for (const auto& row : m->rows)
        if (row.known.test(c)) {
          keep.insert(id);
          break;
        }
    }
  }
  FeatureVectors out;
  out.feature_ids.assign(keep.begin(), keep.end());
  out.rows = learn::BinaryRows(total_rows, out.feature_ids.size());
  size_t r = 0;
  for (const FeatureMatrix* m : matrices) {
    std::vector<int> source(out.feature_ids.size());
    for (size_t k = 0; k < out.feature_ids.size(); ++k) source[k] = m->column_of(out.feature_ids[k]);
    for (const auto& row : m->rows) {
      for (size_t k = 0; k < source.size(); ++k)
        if (source[k] >= 0) out.rows.at(r, k) = row.values.test(static_cast<size_t>(source[k]));
      ++r;
    }
  }
  return out;
}

}  // namespace chokepoint::sqlspace
