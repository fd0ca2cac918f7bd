// The Feature space panel's work: features of a set in slices of items, models scored in slices of pairs, then the
// comparison, the clusters with their blind spots, or the estimator, as `chokepoint space` computes them.
#include <algorithm>
#include <cstdio>
#include <fstream>

#include "core/base/clock.h"
#include "core/base/file_text.h"
#include "core/learn/kmeans.h"
#include "core/metrics/eval_pairs.h"
#include "core/sqlspace/deterministic_features.h"
#include "core/sqlspace/feature_vectors.h"
#include "web/bridge/lexicon_loader.h"
#include "web/panels/space/feature_space_memory.h"
#include "web/panels/space/feature_space_panel.h"
#include "web/workspace/workspace.h"

namespace chokepoint::web {

namespace {

// The predicates the Discover tab added, in PREDICATES.json's shape, so a reload gives the same catalogue.
const char* const kAddedPredicatesPath = "/workspace/feature_predicates.json";

// The saved predicates added in order; a damaged file is ignored whole, never half-applied.
void add_saved_predicates(sqlspace::FeatureCatalogue& c) {
  const auto text = read_file(kAddedPredicatesPath);
  if (!text.ok()) return;
  const auto j = nlohmann::json::parse(*text, nullptr, false);
  if (!j.is_object() || !j.contains("predicates") || !j["predicates"].is_array()) return;
  std::vector<std::pair<sqlspace::Aspect, std::string>> saved;
  for (const auto& p : j["predicates"]) {
    if (!p.is_object() || !p.contains("aspect") || !p["aspect"].is_string() || !p.contains("predicate") ||
        !p["predicate"].is_string())
      return;
    const auto aspect = sqlspace::aspect_named(p["aspect"].get<std::string>());
    if (!aspect) return;
    saved.emplace_back(*aspect, p["predicate"].get<std::string>());
  }
  for (auto& [aspect, predicate] : saved) (void)c.add_predicate(aspect, std::move(predicate));
}

sqlspace::FeatureCatalogue& catalogue_store() {
  static auto c = [] {
    auto built = sqlspace::FeatureCatalogue::sqlspace();
    add_saved_predicates(built);
    return built;
  }();
  return c;
}

void save_added_predicates() {
  nlohmann::json list = nlohmann::json::array();
  for (const auto& f : catalogue().features())
    if (f.id > sqlspace::kCatalogueFeatures)
      list.push_back({{"aspect", sqlspace::aspect_name(f.aspect)}, {"predicate", f.predicate}});
  std::ofstream(kAddedPredicatesPath, std::ios::binary) << nlohmann::json{{"predicates", list}}.dump(2);
  persist_workspace();
}

}  // namespace

const sqlspace::FeatureCatalogue& catalogue() { return catalogue_store(); }

std::vector<Result<int>> add_catalogue_predicates(const std::vector<sqlspace::CandidatePredicate>& predicates) {
  std::vector<Result<int>> ids;
  for (const auto& p : predicates) ids.push_back(catalogue_store().add_predicate(p.aspect, p.predicate));
  save_added_predicates();  // once, with every one added
  return ids;
}

std::vector<int> added_feature_ids() {
  std::vector<int> ids;
  for (const auto& f : catalogue().features())
    if (f.id > sqlspace::kCatalogueFeatures) ids.push_back(f.id);
  return ids;
}

void remove_added_features(FeatureSpacePanel& panel) {
  catalogue_store() = sqlspace::FeatureCatalogue::sqlspace();
  std::remove(kAddedPredicatesPath);
  persist_workspace();
  panel.discovery.added_ids.clear();
  forget_computed_features(panel);
}

void forget_computed_features(FeatureSpacePanel& panel) {
  panel.features.clear();
  panel.pending = FeatureSpacePanel::Pending::None;
  panel.comparison.reset();
  panel.map_difficulty.clear();
  panel.umap_job.reset();
  panel.clusters.reset();
  panel.blind_spots.reset();
  panel.cluster_job.reset();
  panel.forest_job.reset();
  panel.forest.reset();
  panel.one_vs_rest.clear();
  panel.cluster_map_job.reset();
  panel.cluster_map.reset();
  panel.estimate.reset();
  panel.estimation.reset();
  panel.estimate_ids.clear();
  panel.kept_estimates.clear();
  panel.llm.reading.reset();
  panel.llm.agreement_report.reset();
  panel.llm.batch.discard();
  remember_feature_space(panel);  // nothing is shown, so a reload restores nothing
}

std::optional<bool> llm_cell(const SetFeatures& f, size_t row, int id) {
  if (!f.llm_answers || row >= f.llm_answers->rows.size()) return std::nullopt;
  const int col = f.llm_answers->column_of(id);
  return col < 0 ? std::nullopt : f.llm_answers->rows[row].get(static_cast<size_t>(col));
}

namespace {

constexpr size_t kItemsPerSlice = 64;  // a slice of feature rows: well under a millisecond each natively

const LoadedSet* loaded_set(const AppState& state, const std::string& name) {
  const int i = find_set(state, name);
  return i < 0 ? nullptr : &state.eval_sets.sets[static_cast<size_t>(i)];
}

}  // namespace

void request_features(AppState& state, FeatureSpacePanel& panel, const std::string& name) {
  for (const auto& f : panel.features)
    if (f.name == name) return;
  const LoadedSet* s = loaded_set(state, name);
  if (!s) return;
  SetFeatures f;
  f.name = name;
  f.set = std::make_shared<const EvalSet>(s->set);
  panel.features.push_back(std::move(f));
  request_lexicon();  // the grounding rules lemmatise
}

namespace {

void want_model(AppState& state, FeatureSpacePanel& panel, const std::string& gold, const std::string& pred) {
  for (auto it = panel.models.begin(); it != panel.models.end(); ++it) {
    if (it->gold != gold || it->pred != pred) continue;
    if (it->error.empty()) return;
    panel.models.erase(it);  // failed before (a set not loaded then): try again
    break;
  }
  ModelScores m;
  m.gold = gold;
  m.pred = pred;
  const LoadedSet* g = loaded_set(state, gold);
  const LoadedSet* p = loaded_set(state, pred);
  if (!g || !p) {
    m.error = "not loaded";
    m.done = true;
  } else if (auto pairs = pair_gold_with_predictions(g->set, p->set); !pairs.ok()) {
    m.error = pairs.error();
    m.done = true;
  } else {
    EvaluationOptions options;
    options.regimes = {};  // EX only, as `chokepoint space`
    options.semantics = semantics_of_format(g->set.format).value_or(ExSemantics::Bird);
    options.limits.timeout_ms = 5000;
    m.job = std::make_unique<EvaluationJob>(std::move(*pairs), options, page_database_lookup(state));
  }
  panel.models.push_back(std::move(m));
}

// One slice of a set's feature rows; returns true when it did some work.
bool step_features(AppState& state, SetFeatures& f) {
  if (f.done) return false;
  const Lexicon* lex = loaded_lexicon();
  const auto load = lexicon_loader().status;
  if (!lex && load != LexiconLoad::failed) return false;  // wait for the lexicon: without it grounding stays unknown
  const size_t end = std::min(f.set->items.size(), f.next + kItemsPerSlice);
  std::vector<EvalItem> slice;
  std::map<std::string, Schema> schemas;
  for (size_t i = f.next; i < end; ++i) {
    EvalItem it = f.set->items[i];
    if (it.key.empty()) it.key = std::to_string(i);  // the row key a whole-set run gives it
    if (!schemas.count(it.db_id))
      if (const LoadedDatabase* db = find_database(state, it.db_id)) schemas[it.db_id] = db->schema;
    slice.push_back(std::move(it));
  }
  auto run = sqlspace::deterministic_features(catalogue(), slice, schemas, lex);
  if (f.next == 0) f.matrix.feature_ids = run.matrix.feature_ids;
  for (auto& row : run.matrix.rows) f.matrix.rows.push_back(std::move(row));
  f.sql_unparsed += run.sql_unparsed;
  f.next = end;
  f.done = f.next >= f.set->items.size();
  return true;
}

bool step_model(ModelScores& m, double budget_ms) {
  if (m.done || !m.job) return false;
  const double start = monotonic_ms();
  m.job->advance([&] { return monotonic_ms() - start < budget_ms; });
  if (!m.job->done()) return true;
  for (const auto& item : m.job->items())
    m.correct.push_back(item.status == ItemStatus::Scored ? std::optional<bool>(item.ex) : std::nullopt);
  m.pairs = m.job->pairs();
  m.options = m.job->options();
  m.done = true;
  m.job.reset();
  return true;
}

std::vector<int> online_ids() {
  std::vector<int> ids;
  for (const auto& f : catalogue().features())
    if (sqlspace::in_online_mask(f, sqlspace::OnlineMaskRule::QuestionSchemaAspects)) ids.push_back(f.id);
  return ids;
}

// The UMAP map of the comparison shown, when asked for and not there yet: started from the compared sets' vectors,
// then stepped until the frame's deadline.
void step_umap(FeatureSpacePanel& panel, double deadline_ms) {
  if (panel.projection != 1 || !panel.comparison || !panel.comparison->umap_map.empty()) return;
  if (!panel.umap_job) {
    std::vector<sqlspace::NamedMatrix> sets;
    for (const auto& name : panel.comparison->sets) {
      const SetFeatures* f = finished_features(panel, name);
      if (!f) return;
      sets.push_back({name, &f->matrix});
    }
    learn::DenseMatrix x = sqlspace::map_matrix(sets);
    if (x.rows > learn::kMaxUmapRows) {
      panel.error = "UMAP maps at most " + std::to_string(learn::kMaxUmapRows) + " items (its neighbours are exact); " +
                    "these sets have " + std::to_string(x.rows) + ": the map stays PCA";
      panel.projection = 0;
      return;
    }
    learn::UmapLayout layout(x);  // 003's options, seed 0
    if (!layout.error().empty()) {
      panel.error = "UMAP: " + layout.error();
      panel.projection = 0;
      return;
    }
    panel.umap_job.emplace(FeatureSpacePanel::UmapJob{std::move(x), std::move(layout)});
  }
  auto& job = *panel.umap_job;
  do {
    job.layout.step();
  } while (!job.layout.done() && monotonic_ms() < deadline_ms);
  if (!job.layout.done()) return;
  sqlspace::add_umap_map(*panel.comparison, job.x, job.layout.result(), sqlspace::MapOptions{}.preservation_k);
  panel.umap_job.reset();
}

void run_pending(FeatureSpacePanel& panel, double deadline_ms) {
  using Pending = FeatureSpacePanel::Pending;
  if (panel.pending == Pending::Compare) {
    std::vector<sqlspace::NamedMatrix> sets;
    for (const auto& name : panel.compare_sets) {
      const SetFeatures* f = finished_features(panel, name);
      if (!f) return;
      sets.push_back({name, &f->matrix});
    }
    const learn::Correction c = panel.correction == 1   ? learn::Correction::BenjaminiHochberg
                                : panel.correction == 2 ? learn::Correction::Bonferroni
                                                        : learn::Correction::None;
    panel.comparison = sqlspace::compare_sets(sets, c);
    bool llm = false;
    for (const auto& name : panel.compare_sets)
      if (const SetFeatures* f = finished_features(panel, name)) llm = llm || f->llm_answers.has_value();
    panel.compare_request = {
        {"sets", panel.compare_sets}, {"correction", panel.correction}, {"projection", panel.projection}, {"llm", llm}};
    // The map's rows are the sets' items in order: each point's difficulty, for 003's Fig. 5 colouring.
    panel.map_difficulty.clear();
    for (const auto& name : panel.compare_sets)
      if (const SetFeatures* f = finished_features(panel, name))
        for (size_t i = 0; i < f->matrix.rows.size(); ++i)
          panel.map_difficulty.push_back(i < f->set->items.size() ? f->set->items[i].difficulty : "");
  } else if (panel.pending == Pending::Clusters) {
    const SetFeatures* f = finished_features(panel, panel.cluster_set);
    if (!f) return;
    std::vector<sqlspace::ModelOutcomes> models;
    for (size_t i = 0; i < panel.cluster_models.size(); ++i) {
      const ModelScores* m = finished_model(panel, panel.cluster_set, panel.cluster_models[i]);
      if (!m) return;
      if (!m->error.empty()) {
        panel.error = panel.cluster_models[i] + ": " + m->error;
        panel.pending = Pending::None;
        return;
      }
      models.push_back({panel.cluster_models[i], static_cast<double>(i), m->correct});
    }
    sqlspace::ClusterOptions options;
    options.k = panel.k;
    options.k_max = panel.k_max;
    options.seed = static_cast<uint64_t>(panel.seed);
    if (!panel.cluster_job) {
      // As cluster_features does it: the elbow over [k_min, min(k_max, rows)] and its knee's k (k_min without a
      // knee), or the k given (at most the rows).
      FeatureSpacePanel::ClusterJob job;
      job.vectors = sqlspace::feature_vectors({&f->matrix});
      job.x = job.vectors.dense();
      job.km.restarts = options.restarts;
      job.km.seed = options.seed;
      const int rows = static_cast<int>(job.x.rows);
      job.k_first = std::max(1, options.k_min);
      job.k_last = std::min(options.k_max, rows);
      job.elbow = options.k <= 0 && job.k_last >= job.k_first;
      if (!job.elbow) job.k_first = job.k_last = std::max(1, std::min(options.k > 0 ? options.k : options.k_min, rows));
      job.next = job.k_first;
      panel.cluster_job = std::move(job);
    }
    auto& job = *panel.cluster_job;
    while (job.next <= job.k_last) {
      if (!job.running) {
        learn::KMeansOptions o = job.km;
        o.k = job.next;
        job.running.emplace(o);
      }
      job.running->step(job.x);
      if (job.running->done()) {
        job.fits.push_back(job.running->take());
        job.points.push_back({job.next, job.fits.back().inertia});
        job.running.reset();
        ++job.next;
      }
      if (monotonic_ms() > deadline_ms) return;  // the next restart next frame
    }
    learn::ElbowCurve curve;
    int k = job.k_first;
    if (job.elbow) {
      curve.points = job.points;
      curve.knee_k = learn::knee_by_chord_distance(curve.points);
      if (curve.knee_k > 0) k = curve.knee_k;
    }
    panel.clusters =
        sqlspace::clusters_from_fit(job.vectors, std::move(job.fits[static_cast<size_t>(k - job.k_first)]), options);
    panel.clusters->elbow = std::move(curve);
    const size_t clustered_columns = job.vectors.rows.cols;
    panel.cluster_job.reset();
    sqlspace::BlindSpotOptions b;
    b.margin = panel.margin;
    panel.blind_spots = sqlspace::blind_spots(panel.clusters->labels, panel.clusters->k, models, b);
    panel.clustered = {panel.cluster_set, options.k > 0, panel.seed, panel.margin, clustered_columns, {}};
    for (const auto& row : f->matrix.rows) panel.clustered.keys.push_back(row.key);
    panel.cluster_request = {{"set", panel.cluster_set},
                             {"models", panel.cluster_models},
                             {"k", panel.k},
                             {"k_max", panel.k_max},
                             {"seed", panel.seed},
                             {"margin", panel.margin},
                             {"llm", f->llm_answers.has_value()}};
  } else if (panel.pending == Pending::Estimate) {
    const SetFeatures* f = finished_features(panel, panel.estimate_set);
    const ModelScores* m = finished_model(panel, panel.estimate_set, panel.estimate_model);
    if (!f || !m) return;
    if (!m->error.empty()) {
      panel.error = panel.estimate_model + ": " + m->error;
      panel.pending = Pending::None;
      return;
    }
    if (!panel.estimation) {
      // As estimate_correctness, a tree a step (200 trees held a frame for hundreds of milliseconds in wasm).
      const auto vectors = sqlspace::feature_vectors({&f->matrix}, panel.online ? online_ids() : std::vector<int>{});
      sqlspace::EstimatorOptions options;
      options.trees = panel.trees;
      options.seed = static_cast<uint64_t>(panel.seed);
      panel.estimation.emplace(vectors, m->correct, options);
      panel.estimate_ids = vectors.feature_ids;
    }
    while (!panel.estimation->done()) {
      panel.estimation->step();
      if (!panel.estimation->done() && monotonic_ms() > deadline_ms) return;  // the next tree next frame
    }
    panel.estimate = panel.estimation->take();
    panel.estimation.reset();
    auto& kept = panel.kept_estimates;
    kept.erase(std::remove_if(kept.begin(), kept.end(),
                              [&panel](const FeatureSpacePanel::KeptEstimate& e) {
                                return e.set == panel.estimate_set && e.model == panel.estimate_model &&
                                       e.online == panel.online;
                              }),
               kept.end());
    kept.push_back({panel.estimate_set, panel.estimate_model, panel.online, panel.trees, panel.seed, *panel.estimate});
  }
  panel.pending = Pending::None;
  remember_feature_space(panel);
}

}  // namespace

const SetFeatures* finished_features(const FeatureSpacePanel& panel, const std::string& set) {
  for (const auto& f : panel.features)
    if (f.name == set) return f.done ? &f : nullptr;
  return nullptr;
}

SetFeatures* finished_features(FeatureSpacePanel& panel, const std::string& set) {
  return const_cast<SetFeatures*>(finished_features(static_cast<const FeatureSpacePanel&>(panel), set));
}

const ModelScores* finished_model(const FeatureSpacePanel& panel, const std::string& gold, const std::string& pred) {
  for (const auto& m : panel.models)
    if (m.gold == gold && m.pred == pred) return m.done ? &m : nullptr;
  return nullptr;
}

void request_compare(AppState& state, FeatureSpacePanel& panel) {
  panel.error.clear();
  if (panel.compare_sets.size() < 2) {
    panel.error = "choose two sets or more to compare";
    return;
  }
  for (const auto& s : panel.compare_sets) request_features(state, panel, s);
  panel.comparison.reset();
  panel.umap_job.reset();
  panel.pending = FeatureSpacePanel::Pending::Compare;
}

void request_clusters(AppState& state, FeatureSpacePanel& panel) {
  panel.error.clear();
  if (!loaded_set(state, panel.cluster_set)) {
    panel.error = "choose a gold set to cluster";
    return;
  }
  request_features(state, panel, panel.cluster_set);
  for (const auto& m : panel.cluster_models) want_model(state, panel, panel.cluster_set, m);
  panel.clusters.reset();
  panel.blind_spots.reset();
  panel.cluster_job.reset();
  panel.forest_job.reset();
  panel.forest.reset();
  panel.one_vs_rest.clear();
  panel.cluster_map_job.reset();
  panel.cluster_map.reset();
  panel.pending = FeatureSpacePanel::Pending::Clusters;
}

void request_cluster_forest(FeatureSpacePanel& panel) {
  panel.error.clear();
  const SetFeatures* f = finished_features(panel, panel.cluster_set);
  if (!panel.clusters || !f) {
    panel.error = "cluster a set first: the forest explains the clusters shown";
    return;
  }
  learn::ForestOptions options;
  options.trees = sqlspace::ClusterImportanceOptions{}.trees;  // 100, as the paper and space clusters --importance
  options.seed = static_cast<uint64_t>(panel.seed);
  auto vectors = sqlspace::feature_vectors({&f->matrix});  // the rows and columns the clusters were fitted on
  const size_t cols = vectors.rows.cols;
  panel.forest.reset();
  panel.one_vs_rest.clear();
  panel.forest_job.emplace(FeatureSpacePanel::ForestJob{
      std::move(vectors), learn::MulticlassForestTrainer(cols, panel.clusters->k, options), 0, std::nullopt, {}, {}});
}

void request_cluster_map(FeatureSpacePanel& panel) {
  panel.error.clear();
  const SetFeatures* f = finished_features(panel, panel.clustered.set);
  if (!panel.clusters || !f) {
    panel.error = "cluster a set first: the map shows the clustered items";
    return;
  }
  learn::DenseMatrix x = sqlspace::feature_vectors({&f->matrix}).dense();  // the rows the clusters were fitted on
  if (x.rows < 3 || x.rows > learn::kMaxUmapRows) {
    panel.error = "UMAP maps 3 to " + std::to_string(learn::kMaxUmapRows) + " items (its neighbours are exact); " +
                  panel.clustered.set + " has " + std::to_string(x.rows);
    return;
  }
  learn::UmapOptions options;  // 003's n_neighbors and min_dist
  options.seed = static_cast<uint64_t>(std::max(0, panel.clustered.seed));
  panel.cluster_map.reset();
  panel.cluster_map_difficulty.clear();
  for (size_t i = 0; i < f->matrix.rows.size(); ++i)
    panel.cluster_map_difficulty.push_back(i < f->set->items.size() ? f->set->items[i].difficulty : "");
  panel.cluster_map_job.emplace(std::move(x), options);
}

void add_cluster_map(const FeatureSpacePanel& panel, study::FeatureSpaceInputs& in) {
  if (!panel.cluster_map) return;
  const auto& m = *panel.cluster_map;
  in.map.clear();
  for (size_t i = 0; i < m.coordinates.rows; ++i)
    in.map.push_back({m.coordinates.at(i, 0), m.coordinates.at(i, 1),
                      i < panel.cluster_map_difficulty.size() ? panel.cluster_map_difficulty[i] : ""});
  // As `study feature-space --umap` names it.
  in.map_method = "UMAP of the clustered vectors, n_neighbors " + std::to_string(m.n_neighbors) + ", min_dist 0.01, " +
                  std::to_string(m.epochs) + " epochs, seed " + std::to_string(panel.clustered.seed);
}

namespace {

// The clusters' map, a unit at a time until the frame's deadline (at least one unit).
void step_cluster_map(FeatureSpacePanel& panel, double deadline_ms) {
  if (!panel.cluster_map_job) return;
  auto& job = *panel.cluster_map_job;
  do {
    job.step();
  } while (!job.done() && monotonic_ms() < deadline_ms);
  if (!job.done()) return;
  if (job.error().empty())
    panel.cluster_map = job.result();
  else
    panel.error = "UMAP: " + job.error();
  panel.cluster_map_job.reset();
  remember_feature_space(panel);
}

// One tree of the multi-class forest, or else of the current cluster's one-vs-rest forest (cluster c's seed is the
// panel's + c, as cluster_forest_importance seeds it); true once every forest is grown.
bool grow_one_tree(FeatureSpacePanel::ForestJob& job, const std::vector<int>& labels, int k, int seed) {
  if (!job.trainer.done()) {
    job.trainer.step(job.vectors.rows, labels);
    return false;
  }
  if (job.cluster >= k) return true;
  const sqlspace::ClusterImportanceOptions defaults;
  if (!job.one_vs_rest) {
    job.in_cluster.resize(labels.size());
    for (size_t i = 0; i < labels.size(); ++i) job.in_cluster[i] = labels[i] == job.cluster ? 1 : 0;
    learn::ForestOptions options;
    options.trees = defaults.trees;
    options.seed = static_cast<uint64_t>(seed) + static_cast<uint64_t>(job.cluster);
    job.one_vs_rest.emplace(job.vectors.rows.cols, 2, options);
  }
  job.one_vs_rest->step(job.vectors.rows, job.in_cluster);
  if (!job.one_vs_rest->done()) return false;
  job.ranked.push_back(sqlspace::rank_one_vs_rest_importance(job.vectors, job.one_vs_rest->importance(), defaults.top));
  job.one_vs_rest.reset();
  return ++job.cluster >= k;
}

// At least one tree, then more until the frame's deadline; then the rankings, as space clusters --importance gives
// them. The clock decides only how many frames the forests take, never what they learn, and a slow frame still grows
// a tree.
void step_cluster_forest(FeatureSpacePanel& panel, double deadline_ms) {
  if (!panel.forest_job || !panel.clusters) return;
  auto& job = *panel.forest_job;
  bool grown = false;
  do {
    grown = grow_one_tree(job, panel.clusters->labels, panel.clusters->k, panel.seed);
  } while (!grown && monotonic_ms() < deadline_ms);
  if (!grown) return;
  panel.forest = sqlspace::rank_cluster_importance(job.vectors, panel.clusters->labels, panel.clusters->k,
                                                   job.trainer.importance(), sqlspace::ClusterImportanceOptions{}.top);
  panel.one_vs_rest = std::move(job.ranked);
  panel.forest_job.reset();
  remember_feature_space(panel);
}

}  // namespace

void request_estimate(AppState& state, FeatureSpacePanel& panel) {
  panel.error.clear();
  if (!loaded_set(state, panel.estimate_set) || !loaded_set(state, panel.estimate_model)) {
    panel.error = "choose a gold set and a prediction set";
    return;
  }
  request_features(state, panel, panel.estimate_set);
  want_model(state, panel, panel.estimate_set, panel.estimate_model);
  panel.estimate.reset();
  panel.estimation.reset();
  panel.pending = FeatureSpacePanel::Pending::Estimate;
}

void step_feature_space(AppState& state, FeatureSpacePanel& panel, double budget_ms) {
  step_feature_space_restore(state, panel);
  step_llm_features(state, panel);
  step_feature_discovery(state, panel);
  step_rewrite_run(state, panel, budget_ms / 2);
  // One budget for the frame: what the forest leaves of it goes to the features, scores and pending work.
  const double start = monotonic_ms();
  step_cluster_forest(panel, start + budget_ms);
  step_cluster_map(panel, start + budget_ms);
  step_umap(panel, start + budget_ms);
  // Features are computed for what is pending and for the LLM features tab (which waits on them).
  const bool features_wanted =
      std::any_of(panel.features.begin(), panel.features.end(), [](const SetFeatures& f) { return !f.done; });
  if (panel.pending == FeatureSpacePanel::Pending::None && !features_wanted) return;
  for (auto& f : panel.features)
    while (!f.done && monotonic_ms() - start < budget_ms)
      if (!step_features(state, f)) break;
  for (auto& m : panel.models)
    if (!m.done && monotonic_ms() - start < budget_ms) step_model(m, budget_ms - (monotonic_ms() - start));
  const bool ready =
      std::all_of(panel.features.begin(), panel.features.end(), [](const SetFeatures& f) { return f.done; }) &&
      std::all_of(panel.models.begin(), panel.models.end(), [](const ModelScores& m) { return m.done; });
  if (ready && panel.pending != FeatureSpacePanel::Pending::None && monotonic_ms() - start < budget_ms / 2)
    run_pending(panel, start + budget_ms);
}

}  // namespace chokepoint::web
