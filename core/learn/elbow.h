// The elbow method (Thorndike 1953; SQLSpace §5 picks k = 14 with yellowbrick's elbow): k-means inertia for each k
// of a range and the curve's knee, found as the point farthest from the chord joining the curve's ends with both
// axes scaled to [0, 1]. On a decreasing convex curve that is the maximum of kneedle's difference curve (Satopää et
// al., ICDCS-W 2011, the detector yellowbrick uses) without kneedle's online threshold.
#pragma once
#include <vector>

#include "core/learn/kmeans.h"

namespace chokepoint::learn {

struct ElbowPoint {
  int k = 0;
  double inertia = 0;
};

// Invariant: points are in increasing k; knee_k is one of their k (0 when there are fewer than three points or the
// curve is a straight line, so no knee stands out).
struct ElbowCurve {
  std::vector<ElbowPoint> points;
  int knee_k = 0;
};

// The knee of a curve given as (k, inertia) points in increasing k, by maximum distance to the chord.
int knee_by_chord_distance(const std::vector<ElbowPoint>& points);

// k-means (options.k ignored) for every k in [k_min, k_max], each with options' seed and restarts, and the knee.
ElbowCurve elbow_curve(const DenseMatrix& x, int k_min, int k_max, const KMeansOptions& options);

}  // namespace chokepoint::learn
