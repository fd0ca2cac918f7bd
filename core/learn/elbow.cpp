// The elbow curve and its knee (see elbow.h).
#include "core/learn/elbow.h"

#include <algorithm>
#include <cmath>

namespace chokepoint::learn {

int knee_by_chord_distance(const std::vector<ElbowPoint>& points) {
  if (points.size() < 3) return 0;
  const double x0 = points.front().k, x1 = points.back().k;
  const double y0 = points.front().inertia, y1 = points.back().inertia;
  if (x1 == x0 || y1 == y0) return 0;
  // Scaled to the unit square the chord runs from (0, 1) to (1, 0) for a decreasing curve (or (0, 0) to (1, 1)
  // for an increasing one); the distance to it is |xs + ys - 1| / sqrt 2 or |xs - ys| / sqrt 2, and the sqrt 2 does
  // not change the arg max.
  const bool decreasing = y1 < y0;
  int best_k = 0;
  double best = 0;
  for (const auto& p : points) {
    const double xs = (p.k - x0) / (x1 - x0);
    const double ys = (p.inertia - std::min(y0, y1)) / std::fabs(y1 - y0);
    const double dist = decreasing ? (1.0 - xs - ys) : (xs - ys);  // below the chord: the convex side
    if (dist > best + 1e-12) {
      best = dist;
      best_k = p.k;
    }
  }
  return best_k;
}

ElbowCurve elbow_curve(const DenseMatrix& x, int k_min, int k_max, const KMeansOptions& options) {
  ElbowCurve curve;
  for (int k = std::max(1, k_min); k <= k_max && k <= static_cast<int>(x.rows); ++k) {
    KMeansOptions o = options;
    o.k = k;
    curve.points.push_back({k, kmeans(x, o).inertia});
  }
  curve.knee_k = knee_by_chord_distance(curve.points);
  return curve;
}

}  // namespace chokepoint::learn
