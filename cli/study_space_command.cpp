// `chokepoint study feature-space`: SQLSpace Tables 2, 7 and 8 from one command, and Tables 3 and 4 from the
// question-rewriting runs given. `space clusters` (with every model's predictions) and `space estimate` (per model,
// offline and online) run as they run on their own (cli/space_report.h); a rewriting run, which needs a model, is
// read from the report `space rewrite --out` wrote. The core lays their figures out beside the paper's
// (core/study/feature_space_study.h).
#include <iostream>
#include <set>

#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/common_flags.h"
#include "cli/space_report.h"
#include "cli/study_output.h"
#include "core/base/file_text.h"
#include "core/base/json_dump.h"
#include "core/study/feature_space_inputs.h"
#include "core/study/feature_space_study.h"

namespace chokepoint::cli {
namespace {

using ojson = nlohmann::ordered_json;

const std::string kStudySpaceUsage =
    std::string(
        "Usage: chokepoint study feature-space --set S --pred MODEL=FILE [--pred ...] --db-root DIR --out DIR\n"
        "                                      [--k K | --elbow A..B] [--seed N] [--trees N] [--tables T.json]\n"
        "                                      [--lexicon ASSET | --wordnet DIR] [--semantics S]\n"
        "                                      [--rewrite MODEL=R.json ...] [--umap]\n"
        "Where models fail in SQLSpace's feature space. S: an evaluation set (its deterministic features are computed\n"
        "here) or a features file `chokepoint features` wrote with the same keys. --pred MODEL=FILE: one model's\n"
        "predictions, scored on --db-root; repeat per model. Runs `space clusters --importance` (k-means, the\n"
        "elbow over 2..10 unless --k or --elbow, with each model's EX and blind spots per cluster: Table 2; the\n"
        "features that tell the clusters apart by one multi-class forest and by one-vs-rest forests: Table 9)\n"
        "and, per model, `space estimate` offline and --online (the random-forest correctness estimator and its\n"
        "negative features: Tables 7 and 8), exactly as those commands run. --rewrite MODEL=R.json: the report\n"
        "`chokepoint space rewrite --out R.json` wrote for MODEL's predictions on the same set (every item it lists\n"
        "must be an item of S): no rewriting, Acc@1 and Acc@3 (Table 3) and the items by estimator and rewrite\n"
        "outcome (Table 4); repeat per model. --umap: the items on the UMAP map of their clustered vectors\n"
        "(`space clusters --umap`: n_neighbors 50, min_dist 0.01, seeded by --seed), coloured by BIRD's difficulty\n"
        "as 003 Fig. 5 colours them, or by cluster when the set has no labels. The paper's figures stand beside ours.\n"
        "stdout: JSON {study, items, k, models [{name, ex, blind_spots}], estimators [{model, online, accuracy, f1}],\n"
        "rewriting [{model, n, no_rewriting, acc_at_1, acc_at_3}], out, files}.\n") +
    kStudyOutRule;

FlagTable space_study_flags() {
  return {
      text_flag("--set", "S", "the evaluation set (or a features file with the same keys)"),
      flags::pred().repeated().valued("MODEL=FILE").described("one model's predictions; once per model"),
      flags::db_root(),
      flags::out("DIR", "the folder for report.json, the CSV files and report.html"),
      whole_flag("--k", "K", 1, 1000, "clusters", "k-means with this k (else the elbow)"),
      text_flag("--elbow", "A..B", "the elbow over k = A..B").shows("2..10"),
      whole_flag("--seed", "N", 0, 1000000000, "seed", "k-means and forest seed").or_else("0"),
      whole_flag("--trees", "N", 1, 10000, "trees", "trees of the estimator's forest").or_else("200"),
      flags::tables(),
      flags::lexicon(),
      flags::wordnet(),
      flags::semantics({"bird", "spider"}, "gold's benchmark"),
      text_flag("--rewrite", "MODEL=R.json", "a rewriting run of MODEL (space rewrite --out): Tables 3 and 4")
          .repeated(),
      switch_flag("--umap", "the items on 003's UMAP map, coloured by difficulty (Fig. 5)"),
  };
}

double pct(const ojson& o, const char* key) {
  return o.contains(key) && o[key].is_number() ? 100.0 * o[key].get<double>() : 0;
}
std::optional<double> opt_pct(const ojson& o, const char* key, double scale = 100.0) {
  if (!o.contains(key) || !o[key].is_number()) return std::nullopt;
  return scale * o[key].get<double>();
}
size_t whole_field(const ojson& o, const char* key) {
  return o.contains(key) && o[key].is_number_unsigned() ? o[key].get<size_t>() : 0;
}

study::ClusterAccuracy accuracy(const ojson& p) {
  study::ClusterAccuracy a;
  a.n = whole_field(p, "n");
  a.correct = whole_field(p, "correct");
  a.accuracy = pct(p, "accuracy");
  a.lower = pct(p, "lower");
  a.upper = pct(p, "upper");
  a.blind_spot = p.value("blind_spot", false);
  return a;
}

std::string feature_text(const ojson& f) { return f.value("predicate", f.value("column", std::string("?"))); }

int space_study_main(const FlagValues& r) {
  if (!r.positionals().empty()) return fail_input("unexpected argument '" + r.positionals()[0] + "'");
  for (const char* f : {"--set", "--pred", "--db-root", "--out"})
    if (r.text(f).empty()) return fail_input(std::string("missing ") + f + "\n" + kStudySpaceUsage);
  if (r.has("--k") && r.has("--elbow")) return fail_input("give --k or --elbow, not both");
  std::vector<std::pair<std::string, std::string>> models;
  std::set<std::string> names;
  for (const auto& g : r.all("--pred")) {
    const auto eq = g.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == g.size())
      return fail_input("--pred '" + g + "': give MODEL=FILE (the model's name, then its predictions)");
    if (!names.insert(g.substr(0, eq)).second)
      return fail_input("--pred: the model '" + g.substr(0, eq) + "' is given twice");
    models.push_back({g.substr(0, eq), g.substr(eq + 1)});
  }
  // Rewriting runs: read and checked before anything runs; their items are matched with the set's once clustered.
  struct GivenRewrite {
    std::string file;
    study::RewritingRun run;
    std::vector<std::string> keys;
  };
  std::vector<GivenRewrite> rewrites;
  std::set<std::string> rewritten_models;
  for (const auto& g : r.all("--rewrite")) {
    const auto eq = g.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == g.size())
      return fail_input("--rewrite '" + g + "': give MODEL=R.json (the model's name, then space rewrite's report)");
    const std::string name = g.substr(0, eq), file = g.substr(eq + 1);
    if (!names.count(name))
      return fail_input("--rewrite: '" + name + "' is not a model of --pred (" + std::to_string(names.size()) +
                        " given)");
    if (!rewritten_models.insert(name).second) return fail_input("--rewrite: the model '" + name + "' is given twice");
    auto text = read_file(file);
    if (!text.ok()) return fail_input(file + ": " + text.error());
    const auto doc = nlohmann::json::parse(*text, nullptr, false);
    if (doc.is_discarded()) return fail_input(file + ": not valid JSON");
    auto run = study::rewriting_run_from_report(name, doc);
    if (!run.ok()) return fail_input(file + ": " + run.error());
    if (!doc.contains("items") || !doc["items"].is_array())
      return fail_input(file + ": no \"items\" list (a report of chokepoint space rewrite --out)");
    GivenRewrite given{file, *run, {}};
    for (const auto& item : doc["items"]) {
      if (!item.is_object() || !item.contains("key") || !item["key"].is_string())
        return fail_input(file + ": an item without a text \"key\"");
      given.keys.push_back(item["key"].get<std::string>());
    }
    if (given.keys.size() != run->n)
      return fail_input(file + ": lists " + std::to_string(given.keys.size()) + " items but n is " +
                        std::to_string(run->n));
    rewrites.push_back(std::move(given));
  }

  Args shared = {"--db-root", r.text("--db-root"), "--seed", std::to_string(r.integer("--seed"))};
  for (const char* f : {"--tables", "--lexicon", "--wordnet", "--semantics"})
    if (r.has(f)) shared.insert(shared.end(), {f, r.text(f)});

  Args cluster_args = {"--set", r.text("--set")};
  cluster_args.insert(cluster_args.end(), shared.begin(), shared.end());
  if (r.has("--k")) cluster_args.insert(cluster_args.end(), {"--k", std::to_string(r.integer("--k"))});
  if (r.has("--elbow")) cluster_args.insert(cluster_args.end(), {"--elbow", r.text("--elbow")});
  for (const auto& [name, file] : models) cluster_args.insert(cluster_args.end(), {"--pred", name + "=" + file});
  cluster_args.push_back("--importance");
  if (r.has("--umap")) cluster_args.push_back("--umap");
  auto clusters = space_report("space clusters", cluster_args);
  if (!clusters.ok()) return fail_input(clusters.error());
  std::set<std::string> set_keys;
  for (const auto& l : clusters->value("labels", ojson::array())) set_keys.insert(l.value("key", ""));
  for (const auto& g : rewrites)
    for (const auto& key : g.keys)
      if (!set_keys.count(key))
        return fail_input(g.file + ": the item '" + key + "' is not an item of " + r.text("--set") +
                          " (rewritten on another set?)");

  std::vector<study::EstimatorRun> estimators;
  for (const auto& [name, file] : models)
    for (bool online : {false, true}) {
      Args args = {"--set", r.text("--set"), "--pred", file, "--trees", std::to_string(r.integer("--trees"))};
      args.insert(args.end(), shared.begin(), shared.end());
      if (online) args.push_back("--online");
      auto e = space_report("space estimate", args);
      if (!e.ok()) return fail_input(name + ": " + e.error());
      study::EstimatorRun run;
      run.model = name;
      run.online = online;
      run.train = whole_field(*e, "train");
      run.test = whole_field(*e, "test");
      const ojson metrics = e->value("metrics", ojson::object());
      run.precision = opt_pct(metrics, "precision");
      run.recall = opt_pct(metrics, "recall");
      run.f1 = opt_pct(metrics, "f1");
      run.accuracy = opt_pct(metrics, "accuracy");
      run.roc_auc = opt_pct(metrics, "roc_auc", 1.0);
      run.brier = opt_pct(metrics, "brier", 1.0);
      for (const auto& f : e->value("negative_features", ojson::array()))
        run.negative_features.push_back(feature_text(f));
      estimators.push_back(std::move(run));
    }
  if (auto st = prepare_study_out(r.text("--out")); !st.ok()) return fail_input(st.error());

  const ojson& c = *clusters;
  study::FeatureSpaceInputs in;
  in.items = whole_field(c, "items");
  in.features = whole_field(c, "features");
  in.k = c.value("k", 0);
  in.k_source = c.value("k_source", "");
  for (const auto& f : c.value("forest_multiclass", ojson::object()).value("top_features", ojson::array()))
    in.multiclass_forest_features.push_back(feature_text(f));
  for (const auto& cl : c.value("clusters", ojson::array())) {
    study::FeatureSpaceCluster fc;
    fc.size = whole_field(cl, "size");
    for (const auto& f : cl.value("top_features", ojson::array())) fc.top_features.push_back(feature_text(f));
    for (const auto& f : cl.value("forest_multiclass_features", ojson::array()))
      fc.multiclass_forest_features.push_back(feature_text(f));
    for (const auto& f : cl.value("forest_features", ojson::array()))
      fc.one_vs_rest_features.push_back(feature_text(f));
    in.clusters.push_back(std::move(fc));
  }
  for (const auto& m : c.value("models", ojson::array())) {
    study::FeatureSpaceModel fm;
    fm.name = m.value("name", "");
    fm.overall = accuracy(m.value("overall", ojson::object()));
    for (const auto& p : m.value("clusters", ojson::array())) fm.clusters.push_back(accuracy(p));
    in.models.push_back(std::move(fm));
  }
  for (const auto& u : c.value("universal_blind_spots", ojson::array()))
    if (u.is_number_integer()) in.universal_blind_spots.push_back(u.get<int>());
  for (const auto& l : c.value("labels", ojson::array()))
    in.item_clusters.push_back({l.value("key", ""), l.value("cluster", 0)});
  if (c.contains("map_umap")) {
    const ojson& m = c["map_umap"];
    for (const auto& p : m.value("points", ojson::array()))
      in.map.push_back({p.value("x", 0.0), p.value("y", 0.0), p.value("difficulty", "")});
    in.map_method = "UMAP of the clustered vectors, n_neighbors " + std::to_string(m.value("n_neighbors", 0)) +
                    ", min_dist 0.01, " + std::to_string(m.value("epochs", 0)) + " epochs, seed " +
                    std::to_string(m.value("seed", 0));
  }
  in.estimators = estimators;
  for (const auto& g : rewrites) in.rewriting.push_back(g.run);
  auto report = study::feature_space_report(in);
  report.inputs = {{"set", r.text("--set")}};
  for (const auto& [name, file] : models) report.inputs.push_back({"pred " + name, file});
  for (const auto& g : rewrites) report.inputs.push_back({"rewrite " + g.run.model, g.file});
  report.inputs.push_back({"db-root", r.text("--db-root")});
  report.inputs.push_back({"seed", std::to_string(r.integer("--seed"))});
  auto files = write_study_report(r.text("--out"), report);
  if (!files.ok()) return fail_input(files.error());

  nlohmann::ordered_json ms = nlohmann::ordered_json::array(), es = nlohmann::ordered_json::array();
  for (const auto& m : in.models) {
    nlohmann::ordered_json spots = nlohmann::ordered_json::array();
    for (size_t k = 0; k < m.clusters.size(); ++k)
      if (m.clusters[k].blind_spot) spots.push_back(k);
    ms.push_back({{"name", m.name}, {"ex", round2(m.overall.accuracy)}, {"blind_spots", spots}});
  }
  for (const auto& e : estimators)
    es.push_back({{"model", e.model},
                  {"online", e.online},
                  {"accuracy", e.accuracy ? nlohmann::ordered_json(round2(*e.accuracy)) : nlohmann::ordered_json()},
                  {"f1", e.f1 ? nlohmann::ordered_json(round2(*e.f1)) : nlohmann::ordered_json()}});
  nlohmann::ordered_json summary;
  summary["study"] = "feature-space";
  summary["items"] = in.items;
  summary["k"] = in.k;
  summary["models"] = ms;
  summary["estimators"] = es;
  nlohmann::ordered_json rw = nlohmann::ordered_json::array();
  for (const auto& run : in.rewriting)
    rw.push_back({{"model", run.model},
                  {"n", run.n},
                  {"no_rewriting", round2(run.no_rewriting)},
                  {"acc_at_1", round2(run.acc_at_1)},
                  {"acc_at_3", round2(run.acc_at_3)}});
  summary["rewriting"] = rw;
  summary["out"] = r.text("--out");
  summary["files"] = *files;
  std::cout << dump_json(summary, 2) << "\n";
  return 0;
}

const Registrar study_space_registrar{
    {"study feature-space",
     "clusters, blind spots, the correctness estimator and rewriting (SQLSpace Tables 2-4, 7, 8)", kStudySpaceUsage,
     space_study_flags, space_study_main}};

}  // namespace
}  // namespace chokepoint::cli
