// Per-feature prevalence, chi-square tests and the PCA map of several sets (see set_comparison.h).
#include "core/sqlspace/set_comparison.h"

#include <algorithm>
#include <optional>

#include "core/sqlspace/feature_vectors.h"

namespace chokepoint::sqlspace {

SetComparison compare_sets(const std::vector<NamedMatrix>& sets, learn::Correction correction, const MapOptions& map) {
  SetComparison out;
  out.correction = correction;
  std::vector<const FeatureMatrix*> matrices;
  for (const auto& s : sets) {
    out.sets.push_back(s.name);
    out.sizes.push_back(s.matrix->rows.size());
    matrices.push_back(s.matrix);
  }
  const FeatureVectors vectors = feature_vectors(matrices);
  const size_t k = sets.size();
  for (int id : vectors.feature_ids) {
    FeatureComparison f;
    f.id = id;
    f.known.assign(k, 0);
    f.ones.assign(k, 0);
    f.prevalence.assign(k, 0.0);
    std::vector<std::vector<double>> table(2, std::vector<double>(k, 0.0));  // row 0: present, row 1: absent
    for (size_t s = 0; s < k; ++s) {
      const FeatureMatrix& m = *sets[s].matrix;
      const int c = m.column_of(id);
      if (c < 0) continue;
      for (const auto& row : m.rows)
        if (row.known.test(static_cast<size_t>(c))) {
          ++f.known[s];
          f.ones[s] += row.values.test(static_cast<size_t>(c));
        }
      if (f.known[s]) f.prevalence[s] = static_cast<double>(f.ones[s]) / static_cast<double>(f.known[s]);
      table[0][s] = static_cast<double>(f.ones[s]);
      table[1][s] = static_cast<double>(f.known[s] - f.ones[s]);
    }
    f.test = learn::chi_square_test(table);
    out.features.push_back(std::move(f));
  }
  std::vector<double> p;
  for (const auto& f : out.features) p.push_back(f.test.p_value);
  const auto adjusted = learn::adjust_p_values(p, correction);
  for (size_t i = 0; i < out.features.size(); ++i) out.features[i].adjusted_p = adjusted[i];
  std::stable_sort(out.features.begin(), out.features.end(), [](const auto& a, const auto& b) {
    if (a.adjusted_p != b.adjusted_p) return a.adjusted_p < b.adjusted_p;
    if (a.test.cramers_v != b.test.cramers_v) return a.test.cramers_v > b.test.cramers_v;
    return a.id < b.id;
  });

  const learn::DenseMatrix dense = vectors.dense();
  const learn::PcaResult fit = learn::pca(dense, 2);
  out.map_explained_ratio = fit.explained_ratio;
  size_t r = 0;
  for (size_t s = 0; s < k; ++s)
    for (const auto& row : sets[s].matrix->rows) {
      SetComparison::Point pt;
      pt.set = s;
      pt.key = row.key;
      pt.x = fit.coordinates.cols > 0 ? fit.coordinates.at(r, 0) : 0.0;
      pt.y = fit.coordinates.cols > 1 ? fit.coordinates.at(r, 1) : 0.0;
      out.map.push_back(std::move(pt));
      ++r;
    }
  if (map.umap)
    if (auto u = learn::umap(dense, map.umap_options); u.ok())
      add_umap_map(out, dense, std::move(*u), map.preservation_k);
  return out;
}

learn::DenseMatrix map_matrix(const std::vector<NamedMatrix>& sets) {
  std::vector<const FeatureMatrix*> matrices;
  for (const auto& s : sets) matrices.push_back(s.matrix);
  return feature_vectors(matrices).dense();
}

void add_umap_map(SetComparison& comparison, const learn::DenseMatrix& dense, learn::UmapResult umap,
                  size_t preservation_k) {
  const size_t n = std::min({dense.rows, comparison.map.size(), umap.coordinates.rows});
  learn::DenseMatrix pca_map(n, 2);
  comparison.umap_map.clear();
  for (size_t i = 0; i < n; ++i) {
    pca_map.at(i, 0) = comparison.map[i].x;
    pca_map.at(i, 1) = comparison.map[i].y;
    SetComparison::Point pt = comparison.map[i];
    pt.x = umap.coordinates.at(i, 0);
    pt.y = umap.coordinates.at(i, 1);
    comparison.umap_map.push_back(std::move(pt));
  }
  const auto near_features = learn::nearest_rows(dense, preservation_k);  // once, for both maps
  comparison.pca_neighbours_kept = learn::neighbour_preservation(near_features, pca_map);
  comparison.umap_neighbours_kept = learn::neighbour_preservation(near_features, umap.coordinates);
  comparison.umap = std::move(umap);
}

}  // namespace chokepoint::sqlspace
