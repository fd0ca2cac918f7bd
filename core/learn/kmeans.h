// k-means clustering (Lloyd's algorithm) with k-means++ seeding (Arthur and Vassilvitskii, "k-means++: the
// advantages of careful seeding", SODA 2007), restarts keeping the lowest inertia, and nearest-centroid assignment of
// another set. SQLSpace §5 clusters Spider dev + BIRD dev feature vectors with k = 14 (003; init not stated).
#pragma once
#include <cstdint>
#include <vector>

#include "core/learn/dense_matrix.h"
#include "core/learn/seeded_random.h"

namespace chokepoint::learn {

struct KMeansOptions {
  int k = 8;
  int restarts = 10;         // independent k-means++ seedings; the lowest inertia wins (sklearn's n_init)
  int max_iterations = 300;  // Lloyd iterations per restart
  uint64_t seed = 0;         // restart r seeds from SeededRandom(seed) drawn in order, so a seed fixes every restart
};

// Invariants: centroids is k x x.cols; labels[i] in [0, k) is the nearest centroid of row i (lowest index on a tie);
// inertia = sum of squared distances of rows to their centroid.
struct KMeansResult {
  DenseMatrix centroids;
  std::vector<int> labels;
  double inertia = 0;
  int iterations = 0;  // Lloyd iterations of the kept run
  bool converged = false;
};

// The classic k-means++ seeding: the first centre uniform, each next one drawn with probability proportional to the
// squared distance to the nearest centre chosen so far (one draw per centre; sklearn's "greedy" variant tries 2 +
// log k candidates instead). Requires 1 <= k <= rows; k is lowered to the number of distinct rows when fewer.
DenseMatrix kmeans_plus_plus(const DenseMatrix& x, int k, SeededRandom& random);

// Lloyd's iterations from given centroids until no label changes (or max_iterations): assign each row to its nearest
// centroid, move each centroid to the mean of its rows. A centroid left without rows stays where it was. The
// result's inertia is that of the final centroids and labels, as scikit-learn's KMeans(init=C, n_init=1, tol=0).
KMeansResult lloyd(const DenseMatrix& x, DenseMatrix initial, int max_iterations);

// k-means++ seeded Lloyd, options.restarts times; the run with the lowest inertia (the first on a tie).
KMeansResult kmeans(const DenseMatrix& x, const KMeansOptions& options);

// kmeans() one restart at a time, for a caller that spreads the restarts over frames (the app: a k-means with ten
// restarts on BIRD dev's vectors held a frame for ~100 ms in wasm). Stepping it to the end gives kmeans()'s result
// exactly: the same random draws in the same order, the same choice of the best run.
class KMeansRestarts {
 public:
  explicit KMeansRestarts(const KMeansOptions& options);
  bool done() const { return next_ >= restarts_; }
  void step(const DenseMatrix& x);  // one restart; nothing once done
  int restarts_done() const { return next_; }
  KMeansResult take();  // the best run; call once done

 private:
  KMeansOptions options_;
  int restarts_;
  SeededRandom random_;
  int next_ = 0;
  KMeansResult best_;
  bool have_ = false;
};

// The nearest centroid of every row of x (another set clustered with the centroids of the first); lowest index on a
// tie. x.cols must equal centroids.cols.
std::vector<int> nearest_centroid(const DenseMatrix& x, const DenseMatrix& centroids);

// Sum of squared distances of x's rows to their labelled centroid.
double inertia_of(const DenseMatrix& x, const DenseMatrix& centroids, const std::vector<int>& labels);

}  // namespace chokepoint::learn
