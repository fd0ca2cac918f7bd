// The differences between a run and today's choices (see run_staleness.h).
#include "web/panels/metrics/run_staleness.h"

#include <algorithm>

#include "core/metrics/ex_headline.h"

namespace chokepoint::web {
namespace {

std::string picked_name(const AppState& state, int index) {
  const auto& sets = state.eval_sets.sets;
  return index >= 0 && index < static_cast<int>(sets.size()) ? sets[static_cast<size_t>(index)].name : "(none)";
}

std::string regime_names(const std::vector<Regime>& regimes) {
  std::string out;
  for (const auto& r : regimes) out += (out.empty() ? "" : ", ") + r.name();
  return out;
}

// The set the run was made from: closed, replaced since, or as it was.
void check_set(const AppState& state, const std::string& role, const std::string& name, uint64_t revision,
               std::vector<std::string>& out) {
  const int at = find_set(state, name);
  if (at < 0)
    out.push_back("the " + role + " " + name + " is no longer loaded");
  else if (state.eval_sets.sets[static_cast<size_t>(at)].revision != revision)
    out.push_back("the " + role + " " + name + " was replaced after this run began");
}

}  // namespace

std::vector<std::string> stale_reasons(const AppState& state, const MetricsPanel& panel, const MetricsRun& run) {
  std::vector<std::string> out;
  const std::string gold = picked_name(state, state.runs.gold_set), pred = picked_name(state, state.runs.pred_set);
  if (gold != run.gold_name) out.push_back("the gold picked is now " + gold + ", not " + run.gold_name);
  if (pred != run.pred_name) out.push_back("the predictions picked are now " + pred + ", not " + run.pred_name);
  check_set(state, "gold set", run.gold_name, run.gold_revision, out);
  check_set(state, "prediction set", run.pred_name, run.pred_revision, out);
  const EvaluationOptions& o = run.options();
  if (state.runs.semantics != o.semantics)
    out.push_back(std::string("the semantics picked is now ") + semantics_label(state.runs.semantics) +
                  ", this run used " + semantics_label(o.semantics));
  const auto& picked = panel.regimes.empty() ? MetricsPanel::default_regimes() : panel.regimes;
  if (regime_names(picked) != regime_names(o.regimes))
    out.push_back("the regimes picked are now " + regime_names(picked) + ", this run used " + regime_names(o.regimes));
  if (state.runs.timeout_ms != o.limits.timeout_ms)
    out.push_back("the time limit is now " + std::to_string(state.runs.timeout_ms) + " ms, this run used " +
                  std::to_string(o.limits.timeout_ms) + " ms");
  if (panel.tie_aware != o.tie_aware || panel.abs_tolerance != o.abs_tolerance ||
      panel.rel_tolerance != o.rel_tolerance)
    out.push_back("the scoring options (tie-aware ordering, tolerances) changed");
  // The endpoint's embeddings matter only under a semantic column regime (start_run uses them only then).
  const bool semantic =
      std::any_of(picked.begin(), picked.end(), [](const Regime& r) { return r.columns == ColumnRegime::Semantic; });
  const bool wanted = panel.endpoint_embeddings && semantic;
  const bool used = o.columns.embedding_label.rfind("endpoint embeddings", 0) == 0;
  if (wanted != used)
    out.push_back(wanted ? "SC with the endpoint's embeddings is now on"
                         : "SC with the endpoint's embeddings is now off");
  return out;
}

}  // namespace chokepoint::web
