// `chokepoint space compare|clusters|estimate`: SQLSpace's uses of a feature space (003 §4-§6; core/sqlspace and
// core/learn): benchmark comparison with chi-square tests and a PCA map, k-means clusters with per-model accuracy and
// blind spots, and the random-forest correctness estimator with a model's negative features. Correctness per item
// comes from the metrics engine (EX, as `chokepoint eval` computes it), run here on --pred or read from an eval
// report (--correct). `space cluster` is another name of `space clusters`.
#include <climits>
#include <cmath>
#include <deque>
#include <iostream>
#include <limits>
#include <map>
#include <optional>
#include <set>

#include <nlohmann/json.hpp>

#include "cli/cli_inputs.h"
#include "cli/command.h"
#include "cli/common_flags.h"
#include "cli/flag_parser.h"
#include "cli/missing_databases.h"
#include "cli/space_report.h"
#include "core/base/clock.h"
#include "core/base/file_text.h"
#include "core/base/json_dump.h"
#include "core/base/path_part.h"
#include "core/base/text.h"
#include "core/dataset/eval_set_loader.h"
#include "core/metrics/eval_pairs.h"
#include "core/metrics/execution_accuracy.h"
#include "core/metrics/pair_evaluation.h"
#include "core/sqlspace/blind_spots.h"
#include "core/sqlspace/cluster_importance.h"
#include "core/sqlspace/correctness_estimator.h"
#include "core/sqlspace/deterministic_features.h"
#include "core/sqlspace/feature_clusters.h"
#include "core/sqlspace/rewrite_attempts.h"
#include "core/sqlspace/set_comparison.h"

namespace chokepoint::cli {
namespace {

using namespace chokepoint::sqlspace;
using ojson = nlohmann::ordered_json;

// Shared by the three usage texts.
const char* kInputs =
    "A set (--set, or given by position) is a features file written by `chokepoint features` (.csv with\n"
    "header key,db_id,f001,... or .jsonl with a {\"columns\"} header line), used as it is, or a set in any\n"
    "format `chokepoint eval` reads, whose deterministic features are computed here (schemas from --db-root\n"
    "DIR or --tables T.json; WordNet from --lexicon ASSET or --wordnet DIR). NAME=PATH names a set in\n"
    "reports (default: the file name without extension). Unknown cells read 0; columns no item knows are left\n"
    "out (decisions §29).\n"
    "Correctness per item comes from predictions or from eval reports. Predictions (--pred) are scored with\n"
    "EX against the set's gold SQL on --db-root (the set must then be an eval set), under the gold's\n"
    "benchmark's semantics unless --semantics bird|spider|test-suite says (as `chokepoint errors`); items\n"
    "whose gold fails count nowhere. An eval report (--correct, written by `chokepoint eval --out`) gives\n"
    "each item's EX as it was scored there, matched to the set's rows by key (the report's item id); items\n"
    "missing from it or not scored count nowhere; the set may then be a features file and no --db-root is\n"
    "needed. With --pred, a database missing under --db-root is an error unless --skip-missing (its items then\n"
    "count nowhere). Exit code 0, or 2 on bad input.";

const std::string kCompareUsage =
    std::string(
        "Usage: chokepoint space compare [NAME=]A [NAME=]B ... --out R.json\n"
        "                                [--correction none|bh|bonferroni] [--db-root DIR | --tables T.json]\n"
        "Each set is a positional or a --set [NAME=]PATH (the --set ones first, then the positionals).\n"
        "Per feature: prevalence in each set over its known cells, Pearson's chi-square test of\n"
        "feature x set (2 x k, no continuity correction), the p-value adjusted by --correction\n"
        "(default none), Cramér's V; features sorted by adjusted p, then V. map: the PCA 2-D\n"
        "coordinates of every item with its set (and its difficulty when an eval set has one).\n"
        "--umap adds map_umap, the map 003 draws: UMAP with --umap-neighbors (default 50) and --umap-min-dist\n"
        "(default 0.01), seeded by --umap-seed (3 to 20,000 items: its neighbours are exact), and neighbours_kept:\n"
        "for each map, the mean share of an item's 10 nearest items in feature space that stay among its 10\n"
        "nearest on the map.\n"
        "stdout: a summary.\n") +
    kInputs;

const std::string kClustersUsage =
    std::string(
        "Usage: chokepoint space cluster [NAME=]S [--k K | --elbow A..B | --k-max N] --out R.json\n"
        "                                [--correct MODEL=E.json[,MODEL=E.json...] ...]\n"
        "                                [--pred MODEL=FILE ... --db-root DIR] [--cost MODEL=X ...]\n"
        "                                [--seed N] [--restarts N] [--assign T] [--margin M]\n"
        "                                [--epsilon E] [--min-share S] [--importance] [--umap] [--semantics S]\n"
        "`space clusters` is the same command; the set may also be given as --set [NAME=]S.\n"
        "k-means (k-means++ seeded by --seed, default 0; --restarts, default 10) over the set's\n"
        "feature vectors: with --k that k, otherwise the elbow over k = A..B (--elbow; --k-max N is\n"
        "2..N; default 2..10) and its knee (the point farthest from the chord; the range's first k\n"
        "when there is none). Each cluster is explained by the features of highest lift (share in\n"
        "the cluster over share overall) among those at least --min-share (0.5) of the cluster has.\n"
        "Clusters alone without --correct or --pred. Per model (--correct MODEL=REPORT, repeatable\n"
        "and comma-separated, MODEL defaulting to the report's file name; --pred MODEL=FILE, repeatable;\n"
        "--pred models first): overall and per-cluster EX with Bernoulli variance and Wilson 95%\n"
        "interval; a blind spot is a cluster at most (1 - --margin) times the model's overall (margin\n"
        "0.25) whose interval's upper bound is below it too; universal when every model has it. Cost\n"
        "view: per cluster, a cheaper model within --epsilon (0.02) of a dearer one (cost from --cost,\n"
        "else the models' order).\n"
        "--assign T gives another set's items their nearest centroid. --importance adds the\n"
        "features that tell the clusters apart by one multi-class 100-tree forest's impurity importance, as\n"
        "003 §5 fits it (forest_multiclass; per cluster, those of them more common in it:\n"
        "forest_multiclass_features), and each cluster's own ranking by a one-vs-rest forest (forest_features).\n"
        "--umap adds map_umap: the clustered vectors on 003's UMAP map (n_neighbors 50, min_dist 0.01, seeded by\n"
        "--seed; 3 to 20,000 items), each point with its key, cluster and BIRD difficulty (003 Fig. 5).\n") +
    kInputs;

const std::string kEstimateUsage =
    std::string(
        "Usage: chokepoint space estimate [NAME=]S (--correct E.json | --pred FILE --db-root DIR)\n"
        "                                 --out R.json [--online] [--online-mask aspects|no-sql]\n"
        "                                 [--seed N] [--trees N] [--top N] [--semantics S]\n"
        "The set may also be given as --set [NAME=]S. Correctness from an eval report (--correct) or\n"
        "from predictions scored here (--pred), one of the two.\n"
        "SQLSpace's correctness estimator: a random forest (--trees, default 200; Gini, bootstrap,\n"
        "sqrt features) trained on a seeded 90% of the scored items to predict EX = 1 from the\n"
        "features, scored on the other 10%: accuracy, precision, recall, F1 (label 1 = right),\n"
        "ROC-AUC, Brier score, reliability bins; and the negative features: each feature's\n"
        "permutation importance read on the held-out items the model got wrong (top --top, default\n"
        "10), with where it is commoner. --online computes only the online mask's features (never\n"
        "reads the gold SQL).\n") +
    kInputs;

// What a set needs when it is an eval set whose features are computed here.
FlagTable with_feature_inputs(FlagTable table) {
  for (auto f :
       {flags::db_root().described("the databases: schemas of an eval set's features, EX of --pred"),
        flags::tables().described("the schemas of an eval set's features"), flags::lexicon(), flags::wordnet()})
    table.push_back(f);
  return table;
}

FlagSpec set_flag(const std::string& help) { return path_flag("--set", "[NAME=]PATH", help); }

FlagTable compare_flags() {
  return with_feature_inputs({
      set_flag("a set to compare (then the positional ones)").repeated(),
      flags::out("R.json", "the report"),
      choice_flag("--correction", {"none", "bh", "bonferroni"}, "how the p-values are adjusted").or_else("none"),
      switch_flag("--umap", "also the UMAP map (003's), and how much of each neighbourhood each map keeps"),
      whole_flag("--umap-neighbors", "N", 2, 1000, "neighbours", "UMAP's n_neighbors").or_else("50"),
      real_flag("--umap-min-dist", "D", 0.0, 10.0, "UMAP's min_dist").or_else("0.01"),
      whole_flag("--umap-seed", "N", 0, INT_MAX, "", "UMAP's start and sampling seed").or_else("0"),
  });
}

FlagTable clusters_flags() {
  const double any = std::numeric_limits<double>::max();
  return with_feature_inputs({
      set_flag("the set (or given by position)"),
      flags::out("R.json", "the report"),
      whole_flag("--k", "K", 1, 1000000, "clusters", "cluster with this k").shows("the elbow's"),
      text_flag("--elbow", "A..B", "the elbow over k = A..B").shows("2..10"),
      whole_flag("--k-max", "N", 2, 1000000, "clusters", "the elbow over k = 2..N").or_else("10"),
      text_flag("--correct", "MODEL=E.json,...", "EX per item from eval reports").repeated(),
      text_flag("--pred", "MODEL=FILE", "predictions scored here (with --db-root)").repeated(),
      text_flag("--cost", "MODEL=X", "a model's cost for the cost view").shows("models' order").repeated(),
      whole_flag("--seed", "N", 0, INT_MAX, "", "the k-means++ seed").or_else("0"),
      whole_flag("--restarts", "N", 1, 100000, "restarts", "k-means restarts").or_else("10"),
      path_flag("--assign", "T", "give another set's items their nearest centroid"),
      real_flag("--margin", "M", 0, any, "a blind spot is at most (1 - M) times the model's overall").or_else("0.25"),
      real_flag("--epsilon", "E", 0, any, "cost view: a cheaper model within E of a dearer one").or_else("0.02"),
      real_flag("--min-share", "S", 0, any, "features explaining a cluster: at least this share of it").or_else("0.5"),
      switch_flag("--importance", "features by a multi-class forest's and one-vs-rest forests' importance"),
      switch_flag("--umap", "also the clustered vectors on 003's UMAP map (Fig. 5)"),
      flags::semantics({"bird", "spider", "test-suite"}, "gold's benchmark"),
      flags::skip_missing(),
  });
}

FlagTable estimate_flags() {
  return with_feature_inputs({
      set_flag("the set (or given by position)"),
      path_flag("--correct", "E.json", "EX per item from an eval report"),
      flags::pred().described("predictions scored here (with --db-root)"),
      flags::out("R.json", "the report"),
      flags::online(),
      flags::online_mask(),
      whole_flag("--seed", "N", 0, INT_MAX, "", "the seed of the split and the forest").or_else("0"),
      whole_flag("--trees", "N", 1, 100000, "trees", "trees of the random forest").or_else("200"),
      whole_flag("--top", "N", 1, 100000, "features", "negative features listed").or_else("10"),
      flags::semantics({"bird", "spider", "test-suite"}, "gold's benchmark"),
      flags::skip_missing(),
  });
}

double rounded(double x, double scale = 10000.0) {
  if (std::isnan(x)) return x;
  return std::round(x * scale) / scale;
}

ojson number_or_null(double x) { return std::isnan(x) ? ojson(nullptr) : ojson(rounded(x)); }

// One --set: its name, its matrix and, when it was an eval set, the set itself (the gold of --pred).
struct SetInput {
  std::string name;
  FeatureMatrix matrix;
  std::optional<EvalSet> gold;
  size_t deterministic = 0;  // features decided by a rule when computed here
};

std::pair<std::string, std::string> split_name(const std::string& spec) {
  const auto eq = spec.find('=');
  if (eq != std::string::npos && eq > 0 && spec.substr(0, eq).find('/') == std::string::npos)
    return {spec.substr(0, eq), spec.substr(eq + 1)};
  return {file_stem_of(spec), spec};
}

// Lazily opened WordNet, shared by every set that needs its features computed.
struct FeatureContext {
  const FlagValues& r;
  FeatureOptions options;
  std::optional<Lexicon> lexicon;
};

Result<SetInput> read_set(const std::string& spec, FeatureContext& ctx) {
  SetInput in;
  auto [name, path] = split_name(spec);
  in.name = name;
  auto text = read_file(path);
  if (!text.ok()) return Error{path + ": " + text.error()};
  if (starts_with(*text, "key,db_id")) {
    auto m = matrix_from_csv(*text);
    if (!m.ok()) return Error{path + ": " + m.error()};
    in.matrix = std::move(*m);
    return in;
  }
  if (starts_with(*text, "{\"columns\"")) {
    auto m = matrix_from_jsonl(*text);
    if (!m.ok()) return Error{path + ": " + m.error()};
    in.matrix = std::move(*m);
    return in;
  }
  auto set = load_eval_set(path);
  if (!set.ok()) return Error{path + ": " + set.error()};
  if (ctx.r.text("--tables").empty() && ctx.r.text("--db-root").empty())
    return Error{path + " is an eval set: its features need --db-root DIR or --tables T.json"};
  std::set<std::string> db_ids;
  for (const auto& item : set->items) db_ids.insert(item.db_id);
  auto schemas = schemas_for(ctx.r, db_ids);
  if (!schemas.ok()) return Error{schemas.error()};
  if (!ctx.lexicon) {
    auto lex = open_lexicon(ctx.r);
    if (!lex.ok()) return Error{"lexicon: " + lex.error()};
    ctx.lexicon = std::move(*lex);
  }
  const FeatureRun run =
      deterministic_features(FeatureCatalogue::sqlspace(), set->items, *schemas, &*ctx.lexicon, ctx.options);
  in.matrix = run.matrix;
  in.deterministic = run.deterministic_ids.size();
  in.gold = std::move(*set);
  return in;
}

// EX per gold item of `gold` for the predictions in `pred_path`: nullopt where the item was not scored.
// EX semantics as `chokepoint errors` takes them: the gold's benchmark unless --semantics names one.
Result<std::vector<std::optional<bool>>> correctness(const EvalSet& gold, const std::string& pred_path,
                                                     const FlagValues& r) {
  const std::string db_root = r.text("--db-root");
  if (db_root.empty()) return Error{"--pred needs --db-root DIR to run the SQL"};
  EvaluationOptions options;
  options.regimes = {};  // EX only
  options.semantics = semantics_of_format(gold.format).value_or(ExSemantics::Bird);
  if (r.has("--semantics")) options.semantics = *ex_semantics_from_name(r.text("--semantics"));
  auto pred = load_eval_set(pred_path);
  if (!pred.ok()) return Error{pred_path + ": " + pred.error()};
  auto pairs = pair_gold_with_predictions(gold, *pred);
  if (!pairs.ok()) return Error{pred_path + ": " + pairs.error()};
  std::vector<std::string> item_db_ids;
  for (const auto& p : *pairs) item_db_ids.push_back(p.db_id);
  if (auto st = require_databases(db_root, item_db_ids, r.has("--skip-missing")); !st.ok()) return Error{st.error()};
  std::set<std::string> ids;
  for (const auto& p : *pairs) ids.insert(p.db_id);
  auto open = open_databases(db_root, ids);
  if (!open.ok()) return Error{open.error()};
  const auto items = evaluate_pairs(*pairs, *open->pool, options);
  std::vector<std::optional<bool>> out;
  for (const auto& item : items)
    out.push_back(item.status == ItemStatus::Scored ? std::optional<bool>(item.ex) : std::nullopt);
  return out;
}

// EX per row of `matrix` as the eval report at `path` (`chokepoint eval --out`) scored it: its items carry id (the
// gold item's key, the same key `chokepoint features` writes per row), status and, when scored, ex. Rows are matched
// by key; a key that repeats is matched in order (the k-th row with it to the k-th item with it). nullopt where the
// report has no such item or did not score it. An error when the file is not such a report or no item matches a row.
Result<std::vector<std::optional<bool>>> correctness_from_report(const FeatureMatrix& matrix, const std::string& path,
                                                                 const std::string& set_name) {
  auto text = read_file(path);
  if (!text.ok()) return Error{"--correct " + path + ": " + text.error()};
  const auto report = nlohmann::json::parse(*text, nullptr, false);
  if (report.is_discarded())
    return Error{"--correct " + path + ": not JSON (expected a `chokepoint eval --out` report)"};
  if (!report.is_object() || !report.contains("items") || !report["items"].is_array())
    return Error{"--correct " + path + ": not a `chokepoint eval --out` report (no \"items\" array)"};
  std::map<std::string, std::deque<std::optional<bool>>> by_id;
  size_t position = 0;
  for (const auto& item : report["items"]) {
    ++position;
    if (!item.is_object() || !item.contains("id") || !(item["id"].is_string() || item["id"].is_number_integer()))
      return Error{"--correct " + path + ": item " + std::to_string(position) + " has no id"};
    const std::string id = item["id"].is_string() ? item["id"].get<std::string>() : item["id"].dump();
    std::optional<bool> ex;
    const auto ex_it = item.find("ex");
    if (item.value("status", "") == "scored" && ex_it != item.end() && (ex_it->is_number() || ex_it->is_boolean()))
      ex = ex_it->is_boolean() ? ex_it->get<bool>() : ex_it->get<double>() != 0;
    by_id[id].push_back(ex);
  }
  std::vector<std::optional<bool>> out;
  size_t matched = 0;
  for (const auto& row : matrix.rows) {
    auto found = by_id.find(row.key);
    if (found == by_id.end() || found->second.empty()) {
      out.push_back(std::nullopt);
      continue;
    }
    out.push_back(found->second.front());
    found->second.pop_front();
    ++matched;
  }
  if (matched == 0)
    return Error{"--correct " + path + ": none of its " + std::to_string(position) +
                 " items has the key of a row of set '" + set_name +
                 "' (item ids are the gold's keys: is it a report on this set?)"};
  return out;
}

// The one set of `space cluster` and `space estimate`: a positional or --set, not both.
Result<std::string> one_set(const FlagValues& r, const std::string& usage) {
  const auto& positionals = r.positionals();
  if (positionals.size() > 1) return Error{"unexpected argument '" + positionals[1] + "' (one set only)\n" + usage};
  if (!positionals.empty() && r.has("--set"))
    return Error{"give the set by position or by --set, not both ('" + positionals[0] + "')"};
  return positionals.empty() ? r.text("--set") : positionals[0];
}

// --elbow A..B: the range of k, 1 <= A <= B.
std::optional<std::pair<int, int>> elbow_range(const std::string& text) {
  const auto dots = text.find("..");
  if (dots == std::string::npos) return std::nullopt;
  const auto whole = [](const std::string& t) -> std::optional<int> {
    if (t.empty() || t.size() > 6 || t.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
    return std::stoi(t);
  };
  const auto a = whole(text.substr(0, dots)), b = whole(text.substr(dots + 2));
  if (!a || !b || *a < 1 || *b < *a) return std::nullopt;
  return std::make_pair(*a, *b);
}

ojson feature_json(int id) {
  static const auto catalogue = FeatureCatalogue::sqlspace();
  ojson j;
  j["id"] = id;
  j["column"] = feature_column_name(id);
  if (const Feature* f = catalogue.find(id)) {
    j["aspect"] = aspect_name(f->aspect);
    j["predicate"] = f->predicate;
  }
  return j;
}

ojson proportion_json(const learn::Proportion& p) {
  ojson j;
  j["n"] = p.n;
  j["correct"] = p.successes;
  j["accuracy"] = rounded(p.p);
  j["variance"] = rounded(p.variance);
  j["lower"] = rounded(p.lower);
  j["upper"] = rounded(p.upper);
  return j;
}

// Set by space_report while it runs a command: the report (with its stdout fields under "summary") is handed back
// there instead of being written and printed.
ojson* g_report_sink = nullptr;

int write_report(const std::string& out, const ojson& report, const ojson& summary) {
  if (g_report_sink) {
    *g_report_sink = report;
    (*g_report_sink)["summary"] = summary;
    return 0;
  }
  if (!write_file(out, dump_json(report, 2) + "\n").ok()) return fail_input("cannot write " + out);
  std::cout << dump_json(summary, 2) << "\n";
  return 0;
}

int compare_main(const FlagValues& r) {
  auto specs = r.all("--set");  // then the positionals: `space compare F1.csv F2.csv`
  specs.insert(specs.end(), r.positionals().begin(), r.positionals().end());
  const std::string out = r.text("--out");
  if (specs.size() < 2 || out.empty())
    return fail_input("space compare needs two sets or more and --out\n" + kCompareUsage);
  const auto correction = learn::correction_named(r.text("--correction"));
  FeatureContext ctx{r, {}, std::nullopt};
  std::vector<SetInput> inputs;
  for (const auto& spec : specs) {
    auto in = read_set(spec, ctx);
    if (!in.ok()) return fail_input(in.error());
    inputs.push_back(std::move(*in));
  }
  std::vector<NamedMatrix> named;
  for (const auto& in : inputs) named.push_back({in.name, &in.matrix});
  const double start = monotonic_ms();
  MapOptions map_options;
  if (r.has("--umap")) {
    size_t rows = 0;
    for (const auto& n : named) rows += n.matrix->rows.size();
    if (rows < 3 || rows > learn::kMaxUmapRows)
      return fail_input("--umap: UMAP maps 3 to " + std::to_string(learn::kMaxUmapRows) +
                        " items (its neighbours are exact); " + "these sets have " + std::to_string(rows));
    map_options.umap = true;
    map_options.umap_options.n_neighbors = static_cast<size_t>(r.integer("--umap-neighbors"));
    map_options.umap_options.min_dist = r.real("--umap-min-dist");
    map_options.umap_options.seed = static_cast<uint64_t>(r.integer("--umap-seed"));
  }
  const SetComparison c = compare_sets(named, *correction, map_options);
  const double ms = elapsed_ms(start);

  ojson report;
  ojson sets = ojson::array();
  for (size_t s = 0; s < c.sets.size(); ++s) sets.push_back({{"name", c.sets[s]}, {"items", c.sizes[s]}});
  report["sets"] = sets;
  report["correction"] = learn::correction_name(c.correction);
  ojson features = ojson::array();
  size_t significant = 0;
  for (const auto& f : c.features) {
    ojson j = feature_json(f.id);
    j["known"] = f.known;
    j["ones"] = f.ones;
    ojson prev = ojson::array();
    for (double p : f.prevalence) prev.push_back(rounded(p));
    j["prevalence"] = prev;
    j["chi2"] = rounded(f.test.statistic);
    j["df"] = f.test.df;
    j["p"] = f.test.p_value;
    j["p_adjusted"] = f.adjusted_p;
    j["cramers_v"] = rounded(f.test.cramers_v);
    significant += f.adjusted_p < 0.05;
    features.push_back(std::move(j));
  }
  report["features"] = features;
  ojson points = ojson::array();
  std::vector<size_t> seen(inputs.size(), 0);  // row of each set the next point belongs to
  for (const auto& p : c.map) {
    ojson point = {{"set", c.sets[p.set]}, {"key", p.key}, {"x", rounded(p.x)}, {"y", rounded(p.y)}};
    const size_t row = seen[p.set]++;
    // BIRD's difficulty labels colour the paper's Figure 5; an eval set that has them passes them on.
    const auto& gold = inputs[p.set].gold;
    if (gold && row < gold->items.size() && !gold->items[row].difficulty.empty())
      point["difficulty"] = gold->items[row].difficulty;
    points.push_back(std::move(point));
  }
  ojson ratio = ojson::array();
  for (double v : c.map_explained_ratio) ratio.push_back(rounded(v));
  report["map"] = {{"method", "pca"}, {"explained_ratio", ratio}, {"points", points}};
  if (r.has("--umap")) {
    ojson upoints = ojson::array();
    for (size_t i = 0; i < c.umap_map.size() && i < points.size(); ++i) {
      ojson point = points[i];
      point["x"] = rounded(c.umap_map[i].x);
      point["y"] = rounded(c.umap_map[i].y);
      upoints.push_back(std::move(point));
    }
    report["map_umap"] = {{"method", "umap"},
                          {"n_neighbors", c.umap.n_neighbors},
                          {"min_dist", r.real("--umap-min-dist")},
                          {"epochs", c.umap.epochs},
                          {"a", rounded(c.umap.a)},
                          {"b", rounded(c.umap.b)},
                          {"seed", r.integer("--umap-seed")},
                          {"points", upoints}};
    report["neighbours_kept"] = {
        {"k", 10}, {"pca", rounded(c.pca_neighbours_kept)}, {"umap", rounded(c.umap_neighbours_kept)}};
  }

  ojson summary;
  summary["sets"] = sets;
  summary["features_tested"] = c.features.size();
  summary["correction"] = learn::correction_name(c.correction);
  summary["significant_at_0.05"] = significant;
  ojson top = ojson::array();
  for (size_t i = 0; i < c.features.size() && i < 5; ++i) top.push_back(feature_column_name(c.features[i].id));
  summary["top"] = top;
  if (r.has("--umap")) summary["neighbours_kept"] = report["neighbours_kept"];
  summary["ms"] = std::round(ms);
  return write_report(out, report, summary);
}

int clusters_main(const FlagValues& r) {
  const auto set_arg = one_set(r, kClustersUsage);
  if (!set_arg.ok()) return fail_input(set_arg.error());
  const std::string spec = *set_arg, out = r.text("--out");
  if (spec.empty() || out.empty()) return fail_input("space cluster needs a set and --out\n" + kClustersUsage);
  if (r.has("--k") + r.has("--k-max") + r.has("--elbow") > 1)
    return fail_input("give one of --k, --elbow and --k-max, not several");
  ClusterOptions options;
  options.k = static_cast<int>(r.integer("--k"));  // 0 without --k: the elbow's knee
  options.k_max = static_cast<int>(r.integer("--k-max"));
  if (r.has("--elbow")) {
    const auto range = elbow_range(r.text("--elbow"));
    if (!range)
      return fail_input("--elbow takes a range of k A..B with 1 <= A <= B (e.g. 2..30), not '" + r.text("--elbow") +
                        "'");
    options.k_min = range->first;
    options.k_max = range->second;
  }
  options.seed = static_cast<uint64_t>(r.integer("--seed"));
  options.restarts = static_cast<int>(r.integer("--restarts"));
  options.min_share = r.real("--min-share");
  const double margin = r.real("--margin"), epsilon = r.real("--epsilon");

  FeatureContext ctx{r, {}, std::nullopt};
  auto in = read_set(spec, ctx);
  if (!in.ok()) return fail_input(in.error());
  std::vector<ModelOutcomes> models;
  const auto preds = r.all("--pred");
  if (!preds.empty() && !in->gold)
    return fail_input("--pred needs the set to be an eval set (the gold SQL), not a features file");
  std::map<std::string, double> costs;
  for (const auto& c : r.all("--cost")) {
    const auto eq = c.find('=');
    try {
      if (eq == std::string::npos) throw 0;
      costs[c.substr(0, eq)] = std::stod(c.substr(eq + 1));
    } catch (...) {
      return fail_input("--cost takes MODEL=NUMBER, not '" + c + "'");
    }
  }
  for (size_t i = 0; i < preds.size(); ++i) {
    const auto eq = preds[i].find('=');
    if (eq == std::string::npos || eq == 0) return fail_input("--pred takes MODEL=FILE, not '" + preds[i] + "'");
    ModelOutcomes m;
    m.name = preds[i].substr(0, eq);
    m.cost = costs.count(m.name) ? costs[m.name] : static_cast<double>(i);
    auto correct = correctness(*in->gold, preds[i].substr(eq + 1), r);
    if (!correct.ok()) return fail_input(correct.error());
    m.correct = std::move(*correct);
    models.push_back(std::move(m));
  }
  // --correct M1=E1.json,M2=E2.json (repeatable): EX read from eval reports, after the --pred models.
  for (const auto& value : r.all("--correct")) {
    size_t from = 0;
    while (true) {
      const auto comma = value.find(',', from);
      const std::string part = value.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
      if (part.empty() || part.back() == '=')
        return fail_input("--correct takes MODEL=REPORT.json[,MODEL=REPORT.json...], not '" + value + "'");
      const auto [name, path] = split_name(part);
      for (const auto& m : models)
        if (m.name == name) return fail_input("--correct: model '" + name + "' is given twice");
      ModelOutcomes m;
      m.name = name;
      m.cost = costs.count(name) ? costs[name] : static_cast<double>(models.size());
      auto correct = correctness_from_report(in->matrix, path, in->name);
      if (!correct.ok()) return fail_input(correct.error());
      m.correct = std::move(*correct);
      models.push_back(std::move(m));
      if (comma == std::string::npos) break;
      from = comma + 1;
    }
  }

  const FeatureVectors vectors = feature_vectors({&in->matrix});
  if (vectors.rows.rows == 0 || vectors.rows.cols == 0)
    return fail_input(spec + ": no items or no known feature to cluster");
  const double start = monotonic_ms();
  const FeatureClusters fc = cluster_features(vectors, options);
  const double ms = elapsed_ms(start);

  ojson report;
  report["set"] = in->name;
  report["items"] = vectors.rows.rows;
  report["features"] = vectors.rows.cols;
  report["seed"] = options.seed;
  report["restarts"] = options.restarts;
  report["k"] = fc.k;
  report["k_source"] = options.k > 0 ? "given" : "elbow";
  if (options.k <= 0) {
    ojson curve = ojson::array();
    for (const auto& p : fc.elbow.points) curve.push_back({{"k", p.k}, {"inertia", rounded(p.inertia)}});
    report["elbow"] = {{"method", "max distance to chord"},
                       {"range", {options.k_min, options.k_max}},
                       {"knee", fc.elbow.knee_k},
                       {"curve", curve}};
  }
  report["inertia"] = rounded(fc.fit.inertia);
  std::vector<std::vector<FeatureImportance>> importance;
  MulticlassClusterImportance multiclass;
  auto importance_json = [&](const std::vector<FeatureImportance>& ranked) {
    ojson out = ojson::array();
    for (const auto& f : ranked) {
      ojson t = feature_json(f.id);
      t["importance"] = rounded(f.importance);
      out.push_back(std::move(t));
    }
    return out;
  };
  if (r.has("--importance")) {
    ClusterImportanceOptions io;
    io.seed = options.seed;
    importance = cluster_forest_importance(vectors, fc.labels, fc.k, io);
    multiclass = cluster_multiclass_importance(vectors, fc.labels, fc.k, io);
    report["forest_multiclass"] = {{"trees", io.trees}, {"top_features", importance_json(multiclass.overall)}};
  }
  ojson clusters = ojson::array();
  for (int c = 0; c < fc.k; ++c) {
    ojson j;
    j["cluster"] = c;
    j["size"] = fc.sizes[static_cast<size_t>(c)];
    ojson top = ojson::array();
    for (const auto& f : fc.explanations[static_cast<size_t>(c)]) {
      ojson t = feature_json(f.id);
      t["in_cluster"] = rounded(f.in_cluster);
      t["overall"] = rounded(f.overall);
      t["lift"] = rounded(f.lift);
      top.push_back(std::move(t));
    }
    j["top_features"] = top;
    if (!importance.empty()) {
      j["forest_features"] = importance_json(importance[static_cast<size_t>(c)]);
      j["forest_multiclass_features"] = importance_json(multiclass.per_cluster[static_cast<size_t>(c)]);
    }
    clusters.push_back(std::move(j));
  }
  report["clusters"] = clusters;
  ojson labels = ojson::array();
  for (size_t i = 0; i < in->matrix.rows.size(); ++i)
    labels.push_back({{"key", in->matrix.rows[i].key}, {"cluster", fc.labels[i]}});
  report["labels"] = labels;
  if (r.has("--umap")) {
    learn::UmapOptions uo;  // 003's n_neighbors and min_dist
    uo.seed = options.seed;
    auto map = vectors.rows.rows < 3 || vectors.rows.rows > learn::kMaxUmapRows
                   ? Result<learn::UmapResult>(Error{"UMAP maps 3 to " + std::to_string(learn::kMaxUmapRows) +
                                                     " items (its neighbours are exact); this set has " +
                                                     std::to_string(vectors.rows.rows)})
                   : learn::umap(vectors.dense(), uo);
    if (!map.ok()) return fail_input("--umap: " + map.error());
    ojson points = ojson::array();
    for (size_t i = 0; i < in->matrix.rows.size(); ++i) {
      ojson point = {{"key", in->matrix.rows[i].key},
                     {"cluster", fc.labels[i]},
                     {"x", rounded(map->coordinates.at(i, 0))},
                     {"y", rounded(map->coordinates.at(i, 1))}};
      // BIRD's difficulty labels colour 003's Figure 5; an eval set that has them passes them on.
      if (in->gold && i < in->gold->items.size() && !in->gold->items[i].difficulty.empty())
        point["difficulty"] = in->gold->items[i].difficulty;
      points.push_back(std::move(point));
    }
    report["map_umap"] = {{"method", "umap"},        {"n_neighbors", map->n_neighbors},
                          {"min_dist", uo.min_dist}, {"epochs", map->epochs},
                          {"seed", uo.seed},         {"points", points}};
  }
  if (r.has("--assign")) {
    auto other = read_set(r.text("--assign"), ctx);
    if (!other.ok()) return fail_input(other.error());
    // The other set's cells over this set's kept columns (unknown or absent columns read 0).
    learn::DenseMatrix x(other->matrix.rows.size(), vectors.feature_ids.size());
    for (size_t k2 = 0; k2 < vectors.feature_ids.size(); ++k2) {
      const int c = other->matrix.column_of(vectors.feature_ids[k2]);
      if (c < 0) continue;
      for (size_t i = 0; i < other->matrix.rows.size(); ++i)
        x.at(i, k2) = other->matrix.rows[i].values.test(static_cast<size_t>(c));
    }
    const auto assigned = learn::nearest_centroid(x, fc.fit.centroids);
    ojson a = ojson::array();
    for (size_t i = 0; i < assigned.size(); ++i)
      a.push_back({{"key", other->matrix.rows[i].key}, {"cluster", assigned[i]}});
    report["assigned"] = {{"set", other->name}, {"labels", a}};
  }
  ojson summary;
  summary["set"] = in->name;
  summary["items"] = vectors.rows.rows;
  summary["features"] = vectors.rows.cols;
  summary["k"] = fc.k;
  summary["k_source"] = report["k_source"];
  ojson sizes = ojson::array();
  for (size_t s : fc.sizes) sizes.push_back(s);
  summary["sizes"] = sizes;
  if (!models.empty()) {
    BlindSpotOptions bo;
    bo.margin = margin;
    bo.epsilon = epsilon;
    const BlindSpotReport b = blind_spots(fc.labels, fc.k, models, bo);
    ojson ms_json = ojson::array();
    ojson flagged = ojson::object();
    for (size_t m = 0; m < b.models.size(); ++m) {
      ojson j;
      j["name"] = b.models[m].name;
      j["cost"] = models[m].cost;
      j["overall"] = proportion_json(b.models[m].overall);
      ojson per = ojson::array();
      ojson spots = ojson::array();
      for (const auto& ca : b.models[m].clusters) {
        ojson p = proportion_json(ca.accuracy);
        p["cluster"] = ca.cluster;
        p["blind_spot"] = ca.blind_spot;
        if (ca.blind_spot) spots.push_back(ca.cluster);
        per.push_back(std::move(p));
      }
      j["clusters"] = per;
      j["blind_spots"] = spots;
      flagged[b.models[m].name] = spots;
      ms_json.push_back(std::move(j));
    }
    report["models"] = ms_json;
    report["blind_spot_rule"] = {{"relative_margin", margin}, {"wilson_upper_below_overall", true}};
    report["universal_blind_spots"] = b.universal;
    ojson cost = ojson::array();
    for (const auto& c : b.cost_view)
      cost.push_back({{"cluster", c.cluster},
                      {"cheaper", c.cheaper},
                      {"dearer", c.dearer},
                      {"cheaper_accuracy", rounded(c.cheaper_accuracy)},
                      {"dearer_accuracy", rounded(c.dearer_accuracy)}});
    report["cost_view"] = {{"epsilon", epsilon}, {"pairs", cost}};
    summary["blind_spots"] = flagged;
    summary["universal_blind_spots"] = b.universal;
  }
  summary["ms"] = std::round(ms);
  return write_report(out, report, summary);
}

int estimate_main(const FlagValues& r) {
  const auto set_arg = one_set(r, kEstimateUsage);
  if (!set_arg.ok()) return fail_input(set_arg.error());
  const std::string spec = *set_arg, pred = r.text("--pred"), report_path = r.text("--correct"), out = r.text("--out");
  if (r.has("--pred") && r.has("--correct")) return fail_input("space estimate takes --correct or --pred, not both");
  if (spec.empty() || out.empty() || (report_path.empty() && (pred.empty() || r.text("--db-root").empty())))
    return fail_input("space estimate needs a set, --correct E.json or --pred FILE with --db-root DIR, and --out\n" +
                      kEstimateUsage);
  FeatureContext ctx{r, {}, std::nullopt};
  ctx.options.online = r.has("--online");
  if (r.has("--online-mask")) ctx.options.mask = *online_mask_rule_named(r.text("--online-mask"));
  auto in = read_set(spec, ctx);
  if (!in.ok()) return fail_input(in.error());
  if (report_path.empty() && !in->gold)
    return fail_input("space estimate --pred needs the set to be an eval set (the gold SQL), not a features file");
  auto correct = report_path.empty() ? correctness(*in->gold, pred, r)
                                     : correctness_from_report(in->matrix, split_name(report_path).second, in->name);
  if (!correct.ok()) return fail_input(correct.error());
  const FeatureVectors vectors = feature_vectors({&in->matrix});
  EstimatorOptions options;
  options.seed = static_cast<uint64_t>(r.integer("--seed"));
  options.trees = static_cast<int>(r.integer("--trees"));
  options.top = static_cast<size_t>(r.integer("--top"));
  const double start = monotonic_ms();
  const EstimatorReport e = estimate_correctness(vectors, *correct, options);
  const double ms = elapsed_ms(start);
  if (e.test == 0) return fail_input("space estimate needs at least two scored items");

  const auto& m = e.metrics;
  ojson metrics;
  metrics["accuracy"] = number_or_null(m.accuracy);
  metrics["precision"] = number_or_null(m.precision);
  metrics["recall"] = number_or_null(m.recall);
  metrics["f1"] = number_or_null(m.f1);
  metrics["roc_auc"] = number_or_null(m.roc_auc);
  metrics["brier"] = number_or_null(m.brier);
  metrics["confusion"] = {{"tp", m.tp}, {"fp", m.fp}, {"tn", m.tn}, {"fn", m.fn}};
  ojson bins = ojson::array();
  for (const auto& b : m.reliability)
    bins.push_back({{"low", rounded(b.low)},
                    {"high", rounded(b.high)},
                    {"n", b.n},
                    {"mean_score", rounded(b.mean_score)},
                    {"observed", rounded(b.observed)}});
  ojson negative = ojson::array();
  for (const auto& f : e.negative_features) {
    ojson j = feature_json(f.id);
    j["importance"] = rounded(f.importance);
    j["share_in_wrong"] = rounded(f.share_in_wrong);
    j["share_in_right"] = rounded(f.share_in_right);
    // Importance has no sign: a feature to remove in a rewrite is commoner among the failures (rewrite_attempts.h).
    j["more_common_in"] = rewrite_feature(f).remove ? "wrong" : "right";
    negative.push_back(std::move(j));
  }
  ojson summary;
  summary["set"] = in->name;
  summary["online"] = ctx.options.online;
  summary["mask"] = ctx.options.online ? online_mask_rule_name(ctx.options.mask) : "none";
  summary["features"] = vectors.rows.cols;
  summary["trees"] = options.trees;
  summary["seed"] = options.seed;
  summary["train"] = e.train;
  summary["test"] = e.test;
  summary["test_negatives"] = e.test_negatives;
  summary["base_rate"] = rounded(e.base_rate);
  summary["metrics"] = metrics;
  ojson report = summary;
  report["reliability"] = bins;
  report["negative_features"] = negative;
  ojson held = ojson::array();
  for (size_t i = 0; i < e.test_items.size(); ++i)
    held.push_back({{"key", in->matrix.rows[e.test_items[i]].key},
                    {"correct", (*correct)[e.test_items[i]].value_or(false)},
                    {"p_correct", rounded(e.test_scores[i])}});
  report["test_items"] = held;
  ojson names = ojson::array();
  for (size_t i = 0; i < e.negative_features.size() && i < 5; ++i)
    names.push_back(feature_column_name(e.negative_features[i].id));
  summary["negative_features"] = names;
  summary["ms"] = std::round(ms);
  return write_report(out, report, summary);
}

}  // namespace

Result<nlohmann::ordered_json> space_report(const std::string& command, Args args) {
  const bool clusters = command == "space clusters", estimate = command == "space estimate";
  if (!clusters && !estimate) return Error{"internal error: space_report runs space clusters or space estimate"};
  args.insert(args.end(), {"--out", "(returned, not written)"});
  auto r = parse_flags(clusters ? clusters_flags() : estimate_flags(), args, command);
  if (!r.ok()) return Error{command + ": " + r.error()};
  ojson captured;
  g_report_sink = &captured;
  const int rc = clusters ? clusters_main(*r) : estimate_main(*r);
  g_report_sink = nullptr;
  if (rc != 0) return Error{command + " refused its inputs (the line above says why)"};
  return captured;
}

namespace {

const Registrar compare_command{{"space compare",
                                 "SQLSpace benchmark comparison: prevalence, chi-square tests, PCA map", kCompareUsage,
                                 compare_flags, compare_main}};
const Registrar clusters_command{{"space clusters",
                                  "SQLSpace k-means clusters, elbow, per-model accuracy and blind spots",
                                  kClustersUsage, clusters_flags, clusters_main}};
const Registrar cluster_command{
    {"space cluster", "the same as space clusters (another spelling)", kClustersUsage, clusters_flags, clusters_main}};
const Registrar estimate_command{{"space estimate",
                                  "SQLSpace correctness estimator (random forest) and negative features",
                                  kEstimateUsage, estimate_flags, estimate_main}};

}  // namespace
}  // namespace chokepoint::cli
