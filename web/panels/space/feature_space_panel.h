// The Feature space panel (core/sqlspace and core/learn, as `chokepoint space` does it): SQLSpace's binary
// features of each loaded gold set (the deterministic ones: SQL syntax from our AST, question surface and schema
// grounding), computed a slice of items per frame; then
//   Compare    prevalence per set, chi-square per feature with a multiple-comparison correction, Cramér's V, and
//              the PCA map of every example coloured by set, cluster or a model's correctness;
//   Clusters   k-means with the elbow's knee, the features that explain each cluster, per model accuracy with
//              Wilson intervals, blind spots (universal ones too), the cost view, and the items on the UMAP map
//              coloured by difficulty (003 Fig. 5);
//   Estimator  the random forest that predicts from the features whether a model gets an item right, with its
//              held-out scores, its reliability diagram and the model's negative features, and the questions
//              rewritten around those features (rewrite_run.h);
//   Items      one example's features, each with its value and how it was decided (which rule, or the model);
//   LLM features  the features no rule decides, asked of the LLM tab's model (llm_features_run.h).
// Models are prediction sets scored against the gold with EX by the metrics engine, a slice of pairs per frame.
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/learn/elbow.h"
#include "core/learn/multiclass_forest.h"
#include "core/learn/umap.h"
#include "core/metrics/evaluation_job.h"
#include "core/sqlspace/blind_spots.h"
#include "core/sqlspace/cluster_importance.h"
#include "core/sqlspace/correctness_estimator.h"
#include "core/sqlspace/feature_catalogue.h"
#include "core/sqlspace/feature_clusters.h"
#include "core/sqlspace/feature_matrix.h"
#include "core/sqlspace/feature_vectors.h"
#include "core/sqlspace/set_comparison.h"
#include "core/study/feature_space_study.h"
#include "core/study/study_report.h"
#include "web/app_state.h"
#include "web/panels/space/feature_discovery_run.h"
#include "web/panels/space/llm_features_run.h"
#include "web/panels/space/rewrite_run.h"

namespace chokepoint::web {

// The features of one loaded gold set, computed in slices.
struct SetFeatures {
  std::string name;                    // the set's name
  std::shared_ptr<const EvalSet> set;  // as it was when the computation started
  sqlspace::FeatureMatrix matrix;      // rows of the items done so far
  size_t next = 0;                     // items done
  size_t sql_unparsed = 0;
  bool done = false;
  // Once a model answered: the rules' matrix before any answer, and the model's answers (cells it answered known,
  // later batches overriding earlier ones); `matrix` is then the rules' one with the answers in its unknown cells.
  std::optional<sqlspace::FeatureMatrix> rules_only, llm_answers;
  std::string llm_model;
};

// One model: a prediction set scored against a gold set with EX.
struct ModelScores {
  std::string gold, pred;  // set names
  std::unique_ptr<EvaluationJob> job;
  std::vector<std::optional<bool>> correct;  // per gold item once done (nullopt: not scored)
  std::vector<EvalPair> pairs;               // once done: what was scored (the job is let go), for the rewrites
  EvaluationOptions options;
  bool done = false;
  std::string error;
};

struct FeatureSpacePanel {
  int view = 0;          // 0 compare, 1 clusters, 2 estimator, 3 items, 4 LLM features, 5 discover
  int select_view = -1;  // a view to bring forward at the next frame (another tab's button leads here)
  std::vector<SetFeatures> features;
  std::vector<ModelScores> models;
  // What the user asked for; it runs once the features and scores it needs are ready.
  enum class Pending { None, Compare, Clusters, Estimate } pending = Pending::None;

  // Compare.
  std::vector<std::string> compare_sets;  // names chosen
  int correction = 1;                     // learn::Correction: 0 none, 1 Benjamini-Hochberg, 2 Bonferroni
  std::optional<sqlspace::SetComparison> comparison;
  std::vector<std::string> map_difficulty;  // per map point, its item's difficulty (BIRD's label; "" when none)
  // 0 set, 1 cluster (of the Clusters tab, same set), 2 the first model's correctness, 3 difficulty (003 Fig. 5)
  int colour_by = 0;
  // 0 PCA, 1 UMAP as 003 draws it (n_neighbors 50, min_dist 0.01, seed 0, as `space compare --umap`). UMAP runs a
  // row's neighbours or an epoch at a time: on BIRD dev's 1,534 items the whole layout takes seconds.
  int projection = 0;
  struct UmapJob {
    learn::DenseMatrix x;  // the compared sets' vectors, for the maps' neighbour preservation
    learn::UmapLayout layout;
  };
  std::optional<UmapJob> umap_job;

  // Clusters.
  std::string cluster_set;
  std::vector<std::string> cluster_models;  // prediction set names
  int k = 0, k_max = 8, seed = 0;
  float margin = 0.25f;
  std::optional<sqlspace::FeatureClusters> clusters;
  std::optional<sqlspace::BlindSpotReport> blind_spots;
  // What the shown clusters were computed from (the choices above may have changed since).
  struct ClusteredFrom {
    std::string set;
    bool k_given = false;
    int seed = 0;
    float margin = 0;
    size_t features = 0;            // the clustered vectors' columns
    std::vector<std::string> keys;  // the clustered rows' item keys
  };
  ClusteredFrom clustered;
  int selected_cluster = -1;  // its example questions are listed
  // The k-means behind the clusters (each k of the elbow, or the k given), a few restarts a frame: one k-means with
  // its ten restarts on BIRD dev's vectors held a frame for ~100 ms in wasm. Every fit is kept, so the knee's k is
  // not fitted twice.
  struct ClusterJob {
    sqlspace::FeatureVectors vectors;
    learn::DenseMatrix x;
    learn::KMeansOptions km;
    bool elbow = false;  // false: the one k given
    int k_first = 2, k_last = 2, next = 2;
    std::optional<learn::KMeansRestarts> running;  // the k `next` under way
    std::vector<learn::ElbowPoint> points;
    std::vector<learn::KMeansResult> fits;  // fits[k - k_first]
  };
  std::optional<ClusterJob> cluster_job;
  // The paper's explanation of the clusters (003 §5): one multi-class 100-tree forest on (features, cluster), its
  // impurity importance; then, as space clusters --importance does, each cluster's own one-vs-rest forest. A few
  // trees a frame, started by its button once the clusters are there.
  struct ForestJob {
    sqlspace::FeatureVectors vectors;
    learn::MulticlassForestTrainer trainer;
    int cluster = 0;  // the one-vs-rest forest under way, once trainer is done
    std::optional<learn::MulticlassForestTrainer> one_vs_rest;  // two classes: in the cluster (1) or not (0)
    std::vector<int> in_cluster;
    std::vector<std::vector<sqlspace::FeatureImportance>> ranked;  // the finished clusters' rankings
  };
  std::optional<ForestJob> forest_job;
  std::optional<sqlspace::MulticlassClusterImportance> forest;
  std::vector<std::vector<sqlspace::FeatureImportance>> one_vs_rest;  // per cluster, with `forest`
  // 003 Fig. 5 over the clustered set: the clustered vectors on the UMAP map (003's n_neighbors and min_dist, seeded by
  // the clusters' seed, as `space clusters --umap`), a row's neighbours or an epoch at a time, started by its button.
  std::optional<learn::UmapLayout> cluster_map_job;
  std::optional<learn::UmapResult> cluster_map;
  std::vector<std::string> cluster_map_difficulty;  // per clustered item, its BIRD difficulty ("" when none)

  // Estimator.
  std::string estimate_set, estimate_model;
  bool online = false;
  int trees = 200;
  std::optional<sqlspace::EstimatorReport> estimate;
  std::optional<sqlspace::CorrectnessEstimation> estimation;  // under way, a few trees a frame
  std::vector<int> estimate_ids;                              // the feature ids the estimator saw, in column order
  // Every finished estimate of this page, the newest per (set, model, online): the Studies tab's feature-space lays
  // out those of the clustered set's models (SQLSpace Tables 7 and 8).
  struct KeptEstimate {
    std::string set, model;
    bool online = false;
    int trees = 0, seed = 0;
    sqlspace::EstimatorReport report;
  };
  std::vector<KeptEstimate> kept_estimates;
  RewriteRun rewrite;  // question rewriting around the newest estimate's negative features (003 Appendix H)

  // Items: one example's features with how each was decided.
  std::string item_set;
  int item = 0;
  bool known_only = false;  // hide the features left unknown

  LlmFeaturesRun llm;
  FeatureDiscoveryRun discovery;

  // What the shown comparison and clusters were computed from, as feature_space_memory.h keeps them: {"sets",
  // "correction", "projection", "llm"} and {"set", "models", "k", "k_max", "seed", "margin", "llm"} ("llm": a model
  // had answered features of the set); null when none is shown.
  nlohmann::json compare_request, cluster_request;
  struct Restore {
    bool read = false;    // the record was read (or there was none)
    bool active = false;  // requests are being run again
    std::vector<nlohmann::json> queue;
    std::vector<std::string> notes;
  };
  Restore restore;

  std::string error;
};

FeatureSpacePanel& feature_space_panel(AppState& state);
// Queues the features of `set_name` (and, for the estimator and clusters, the models' scores) and what to run on them.
void request_compare(AppState& state, FeatureSpacePanel& panel);
void request_clusters(AppState& state, FeatureSpacePanel& panel);
void request_estimate(AppState& state, FeatureSpacePanel& panel);
// Starts the multi-class forest on the clusters shown (an error when there are none).
void request_cluster_forest(FeatureSpacePanel& panel);
// Starts the UMAP map of the clustered items (an error when there are none).
void request_cluster_map(FeatureSpacePanel& panel);
// The clusters' map as the study draws it (core/study/feature_space_study.h): its points, difficulty and method.
void add_cluster_map(const FeatureSpacePanel& panel, study::FeatureSpaceInputs& in);
// Starts computing a loaded gold set's features unless they are done or under way.
void request_features(AppState& state, FeatureSpacePanel& panel, const std::string& set);
void step_feature_space(AppState& state, FeatureSpacePanel& panel, double budget_ms);
void draw_feature_space_panel(AppState& state, FeatureSpacePanel& panel);
nlohmann::json feature_space_json(const FeatureSpacePanel& panel);

// Finished pieces by name (nullptr while missing or running).
const SetFeatures* finished_features(const FeatureSpacePanel& panel, const std::string& set);
SetFeatures* finished_features(FeatureSpacePanel& panel, const std::string& set);
// A combo of the loaded gold (or prediction) sets. With `same_line`, on the line of the controls before it when it
// fits there.
void draw_set_combo(const AppState& state, const char* label, std::string& name, bool predictions,
                    bool same_line = false);
const ModelScores* finished_model(const FeatureSpacePanel& panel, const std::string& gold, const std::string& pred);
// SQLSpace's feature catalogue, built once for the panel's views, jobs and JSON: the 187, then what the Discover tab
// added (until the page is reloaded).
const sqlspace::FeatureCatalogue& catalogue();
// Adds each predicate as the next feature (id 188 on), decided by a model like the LLM features of its aspect, and
// keeps the added ones in the workspace (/workspace/feature_predicates.json), so a reload gives the same catalogue.
// One result per predicate: its id, or why it was not added.
std::vector<Result<int>> add_catalogue_predicates(const std::vector<sqlspace::CandidatePredicate>& predicates);
std::vector<int> added_feature_ids();  // the catalogue's features after the paper's 187
// Back to the paper's 187: the added ones are forgotten, in the workspace too, with every computed feature.
void remove_added_features(FeatureSpacePanel& panel);
// Forgets every computed feature matrix and what was computed from them (comparison, clusters, forest, estimate), so
// the next run computes them with the catalogue as it is now.
void forget_computed_features(FeatureSpacePanel& panel);
// The feature-space study (SQLSpace Tables 2-4, 7, 8, 9) over what this panel computed: the shown clusters with their
// models and forests, the newest offline and online estimate of each of those models on the clustered set, and the
// Estimator view's finished rewriting run on that set (Tables 3 and 4) and the clusters' map (Fig. 5), laid out by
// core/study/feature_space_study.h as `chokepoint study feature-space` lays out the same figures. Refused, saying what
// to run, without clusters, models or the forests.
Result<study::StudyReport> feature_space_study_report(const FeatureSpacePanel& panel);
// The model's answer for an item's feature, when one was asked and answered.
std::optional<bool> llm_cell(const SetFeatures& f, size_t row, int id);

}  // namespace chokepoint::web
