// Benchmark comparison (003 §4): each feature's prevalence per set, a chi-square test of independence of the
// feature and the set (2 x k over the known cells), an optional multiple-comparison correction, Cramér's V as the
// effect size, the features sorted by evidence; and a 2-D map of all examples (PCA; the paper draws UMAP).
#pragma once
#include <string>
#include <vector>

#include "core/learn/chi_square.h"
#include "core/learn/multiple_comparisons.h"
#include "core/learn/pca.h"
#include "core/learn/umap.h"
#include "core/sqlspace/feature_matrix.h"

namespace chokepoint::sqlspace {

struct NamedMatrix {
  std::string name;  // the set's label in reports
  const FeatureMatrix* matrix = nullptr;
};

struct FeatureComparison {
  int id = 0;
  std::vector<size_t> known, ones;  // per set: rows that know the cell, rows where it is 1
  std::vector<double> prevalence;   // per set: ones / known (0 when nothing is known)
  learn::ChiSquareTest test;
  double adjusted_p = 1;  // after the correction (= test.p_value with none)
};

// Invariants: features hold every column known somewhere, sorted by adjusted p increasing, then Cramér's V
// decreasing, then id; map has one point per row of the sets in order, with its set's index.
struct SetComparison {
  std::vector<std::string> sets;
  std::vector<size_t> sizes;
  learn::Correction correction = learn::Correction::None;
  std::vector<FeatureComparison> features;
  struct Point {
    size_t set = 0;
    std::string key;
    double x = 0, y = 0;
  };
  std::vector<Point> map;
  std::vector<double> map_explained_ratio;  // of the two PCA axes
  // With MapOptions::umap: the UMAP map of the same rows (same order as map), its fit, and for both maps the share of
  // each row's k nearest rows in feature space that stay among its k nearest on the map
  // (learn::neighbour_preservation).
  std::vector<Point> umap_map;
  learn::UmapResult umap;
  double pca_neighbours_kept = 0, umap_neighbours_kept = 0;
};

struct MapOptions {
  bool umap = false;
  learn::UmapOptions umap_options;
  size_t preservation_k = 10;
};

SetComparison compare_sets(const std::vector<NamedMatrix>& sets, learn::Correction correction,
                           const MapOptions& map = {});

// The rows both maps project: every set's feature vectors, in the map's order. A front end that draws between
// steps runs learn::UmapLayout on it and hands the result to add_umap_map.
learn::DenseMatrix map_matrix(const std::vector<NamedMatrix>& sets);
// Puts a UMAP of `dense` (map_matrix of the compared sets) beside the PCA map: umap_map, umap, and both maps' share
// of kept neighbours.
void add_umap_map(SetComparison& comparison, const learn::DenseMatrix& dense, learn::UmapResult umap,
                  size_t preservation_k);

}  // namespace chokepoint::sqlspace
