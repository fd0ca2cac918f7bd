// The feature-space study over the Feature space panel's own results (see feature_space_panel.h).
#include "core/sqlspace/feature_matrix.h"
#include "core/study/feature_space_inputs.h"
#include "web/panels/space/feature_space_panel.h"

namespace chokepoint::web {

Result<study::StudyReport> feature_space_study_report(const FeatureSpacePanel& panel) {
  const char* where = "Feature space > Clusters";
  if (!panel.clusters || !panel.blind_spots)
    return Error{std::string("no clusters yet: ") + where +
                 ", choose a gold set and one or more prediction sets, then Cluster"};
  if (panel.blind_spots->models.empty())
    return Error{std::string("the clusters have no model: ") + where +
                 ", tick the prediction sets to score and Cluster again"};
  if (panel.forest_job) return Error{"the clusters' forests are still growing: run the study once they are done"};
  if (!panel.forest)
    return Error{std::string("the clusters are not explained yet: ") + where +
                 " > Explain by one multi-class forest (it grows each cluster's own forest too)"};
  const auto& from = panel.clustered;
  const auto text = [](int id) {
    const sqlspace::Feature* f = catalogue().find(id);
    return f ? f->predicate : sqlspace::feature_column_name(id);
  };
  study::SqlspaceResults results;
  results.items = panel.clusters->labels.size();
  results.features = from.features;
  results.k_given = from.k_given;
  results.clusters = &*panel.clusters;
  results.blind_spots = &*panel.blind_spots;
  results.multiclass = &*panel.forest;
  results.one_vs_rest = &panel.one_vs_rest;
  results.item_keys = from.keys;
  study::FeatureSpaceInputs in = study::feature_space_inputs(results, text);
  add_cluster_map(panel, in);  // Fig. 5, when Clusters > Map the items ran

  std::vector<study::StudyInput> inputs = {{"set", from.set}};
  std::string missing;
  for (const auto& m : panel.blind_spots->models) inputs.push_back({"pred " + m.name, m.name});
  inputs.push_back({"seed", std::to_string(from.seed)});
  for (const auto& m : panel.blind_spots->models)
    for (bool online : {false, true}) {
      const char* mode = online ? "online" : "offline";
      const FeatureSpacePanel::KeptEstimate* kept = nullptr;
      for (const auto& e : panel.kept_estimates)
        if (e.set == from.set && e.model == m.name && e.online == online) kept = &e;
      if (!kept) {
        missing += (missing.empty() ? "" : ", ") + m.name + " " + mode;
        continue;
      }
      in.estimators.push_back(study::estimator_run(m.name, online, kept->report, text));
      inputs.push_back({std::string("estimate ") + m.name + " " + mode,
                        std::to_string(kept->trees) + " trees, seed " + std::to_string(kept->seed)});
    }
  // Tables 3 and 4: the Estimator view's rewriting run, when it finished on the clustered set.
  const RewriteRun& rewrite = panel.rewrite;
  const bool rewritten = rewrite.phase == 4 && rewrite.summary && rewrite.set == from.set;
  if (rewritten) {
    in.rewriting.push_back(study::rewriting_run(rewrite.model, "predicted", rewrite.sent.model, *rewrite.summary));
    inputs.push_back({"rewrite " + rewrite.model, std::to_string(rewrite.top) + " rewrites an item, the " +
                                                      (rewrite.online ? "online" : "offline") + " estimate's items" +
                                                      (rewrite.cancelled ? " (cancelled part-way)" : "")});
  }
  study::StudyReport report = study::feature_space_report(in);
  report.inputs = std::move(inputs);
  if (rewrite.phase == 4 && rewrite.summary && !rewritten)
    report.notes.push_back("The rewriting run in Feature space > Estimator is on " + rewrite.set + ", not on " +
                           from.set + ", so it is not in Tables 3 and 4.");
  if (!missing.empty())
    report.notes.push_back("Not estimated in this page, so not in Tables 7 and 8: " + missing +
                           " (Feature space > Estimator, on " + from.set + ").");
  return report;
}

}  // namespace chokepoint::web
