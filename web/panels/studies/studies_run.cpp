#include "web/panels/studies/studies_run.h"

#include <fstream>

#include "core/base/clock.h"
#include "core/base/file_text.h"
#include "core/metrics/eval_pairs.h"
#include "core/metrics/regime.h"
#include "core/study/augment_report_file.h"
#include "core/study/expansion_seeds.h"
#include "core/study/naturalness_tally.h"
#include "core/study/report_html.h"
#include "core/study/study_catalogue.h"
#include "web/bridge/file_bridge.h"
#include "web/bridge/lexicon_loader.h"
#include "web/panels/runner/run_model_panel.h"
#include "web/panels/space/feature_space_panel.h"
#include "web/panels/studies/llm_tasks_study_source.h"
#include "web/panels/studies/study_sources.h"
#include "web/panels/testdb/testdb_panel.h"

namespace chokepoint::web {
namespace {

// A loaded set by name, refused when absent or of the wrong kind.
Result<const LoadedSet*> loaded(const AppState& state, const std::string& name, bool predictions, const char* role) {
  if (name.empty()) return Error{std::string("choose the ") + role};
  const int i = find_set(state, name);
  if (i < 0) return Error{std::string("the ") + role + " '" + name + "' is not loaded"};
  const LoadedSet& set = state.eval_sets.sets[static_cast<size_t>(i)];
  if (set.predictions != predictions)
    return Error{std::string("the ") + role + " '" + name + "' is " +
                 (set.predictions ? "a prediction file, not a gold set" : "a gold set, not a prediction file")};
  return &set;
}

Result<std::vector<EvalPair>> pairs_of(const AppState& state, const std::string& gold, const std::string& pred,
                                       const char* gold_role, const char* pred_role) {
  auto g = loaded(state, gold, false, gold_role);
  if (!g.ok()) return Error{g.error()};
  auto p = loaded(state, pred, true, pred_role);
  if (!p.ok()) return Error{p.error()};
  auto pairs = pair_gold_with_predictions((*g)->set, (*p)->set);
  if (!pairs.ok()) return Error{pred + " with " + gold + ": " + pairs.error()};
  return pairs;
}

Result<study::StudyJob> plan_shared_failures(AppState& state, const StudyChoice& c, EvaluationOptions options,
                                             std::vector<study::StudyInput>& inputs) {
  if (c.systems.size() < 2) return Error{"choose at least two prediction files: the study compares systems"};
  std::vector<std::vector<EvalPair>> runs;
  inputs.push_back({"gold", c.gold});
  for (const auto& name : c.systems) {
    auto pairs = pairs_of(state, c.gold, name, "gold set", "prediction file");
    if (!pairs.ok()) return Error{pairs.error()};
    runs.push_back(std::move(*pairs));
    inputs.push_back({"pred " + name, name});
  }
  options.regimes = table_xi_regimes();
  return study::shared_failures_job(c.systems, std::move(runs), std::move(options), page_database_lookup(state));
}

Result<study::StudyJob> plan_jqe_delta(AppState& state, const StudyChoice& c, EvaluationOptions options,
                                       std::vector<study::StudyInput>& inputs) {
  auto seeds = pairs_of(state, c.seeds, c.pred_seeds, "seed set", "seed predictions");
  if (!seeds.ok()) return Error{seeds.error()};
  auto expansions = pairs_of(state, c.expansions, c.pred_expansions, "expansion set", "expansion predictions");
  if (!expansions.ok()) return Error{expansions.error()};
  const LoadedSet& expansion_set = state.eval_sets.sets[static_cast<size_t>(find_set(state, c.expansions))];
  auto text = read_file(expansion_set.path);
  if (!text.ok()) return Error{text.error()};
  auto seed_ids = study::expansion_seed_ids(*text, c.expansions);
  if (!seed_ids.ok()) return Error{seed_ids.error()};
  std::vector<std::string> seed_keys;
  for (const auto& item : state.eval_sets.sets[static_cast<size_t>(find_set(state, c.seeds))].set.items)
    seed_keys.push_back(item.key);
  auto shape = study::jqe_delta_inputs(c.system, *seeds, seed_keys, *expansions, *seed_ids,
                                       [&state](const std::string& db_id) -> const Schema* {
                                         const LoadedDatabase* db = find_database(state, db_id);
                                         return db ? &db->schema : nullptr;
                                       });
  if (!shape.ok()) return Error{c.expansions + ": " + shape.error()};
  inputs = {{"seeds", c.seeds},
            {"expansions", c.expansions},
            {"pred-seeds", c.pred_seeds},
            {"pred-expansions", c.pred_expansions}};
  return study::jqe_delta_job(std::move(*shape), std::move(*seeds), std::move(*expansions), std::move(options),
                              page_database_lookup(state));
}

Result<study::StudyJob> plan_mutation_sensitivity(AppState& state, const StudyChoice& c, ExSemantics semantics,
                                                  int timeout_ms, std::vector<study::StudyInput>& inputs) {
  auto gold = loaded(state, c.gold, false, "gold set");
  if (!gold.ok()) return Error{gold.error()};
  std::vector<mutate::GoldQuery> golds;
  for (size_t i = 0; i < (*gold)->set.items.size(); ++i) {
    const auto& g = (*gold)->set.items[i];
    if (g.db_id.empty()) return Error{c.gold + ": item " + std::to_string(i + 1) + " has no db_id"};
    golds.push_back({g.key, g.db_id, g.sql});
  }
  mutate::SensitivityOptions options;
  options.limits.timeout_ms = timeout_ms;
  std::vector<Regime> regimes;
  for (const char* name : {"EC-EC-IE", "SC-EC-IE"}) regimes.push_back(*parse_regime(name));
  inputs = {{"gold", c.gold}, {"regimes", "EC-EC-IE,SC-EC-IE"}, {"drop-equivalent", c.drop_equivalent ? "yes" : "no"}};
  return study::mutation_sensitivity_job(std::move(golds), std::move(options), semantics, std::move(regimes),
                                         c.drop_equivalent, page_database_lookup(state));
}

// Each system's prediction files paired with the four sets `published` (one per variant, in the study's order): one
// list per given file, and per system the index of each variant's list. Refused: a system without a name or named
// twice, without the first variant, or with the first only.
struct VariantLists {
  std::vector<study::VariantSystemLists> systems;
  std::vector<std::vector<EvalPair>> lists;
};
Result<VariantLists> pair_variant_systems(const AppState& state, const StudyChoice& c,
                                          const std::vector<std::string>& published, const char* set_role,
                                          std::vector<study::StudyInput>& inputs) {
  const auto& variants = study_variant_names(c.study);
  const std::string first = variants[0];
  VariantLists out;
  for (const auto& s : c.variant_systems) {
    if (s.name.empty()) return Error{"a system has no name"};
    for (const auto& other : out.systems)
      if (other.name == s.name) return Error{"two systems are named '" + s.name + "'"};
    if (s.preds[0].empty()) return Error{"system '" + s.name + "' has no " + first + " predictions"};
    if (s.preds[1].empty() && s.preds[2].empty() && s.preds[3].empty())
      return Error{"system '" + s.name + "' has only " + first + " predictions; give " + variants[1] + ", " +
                   variants[2] + " or " + variants[3] + " too"};
    study::VariantSystemLists entry{s.name, {-1, -1, -1, -1}};
    for (size_t k = 0; k < 4; ++k) {
      if (s.preds[k].empty()) continue;
      auto pairs = pairs_of(state, published[k], s.preds[k], set_role, "prediction file");
      if (!pairs.ok()) return Error{s.name + " " + variants[k] + ": " + pairs.error()};
      entry.lists[k] = static_cast<int>(out.lists.size());
      out.lists.push_back(std::move(*pairs));
      inputs.push_back({"pred " + s.name + " " + variants[k], s.preds[k]});
    }
    out.systems.push_back(std::move(entry));
  }
  return out;
}

// tqa-augment on the last augmentation of a whole set (study_sources.h): its augment_report.json gives the hiding and
// attribute tables, and each system's prediction files are paired with the sets it added to the Sets tab, as
// `chokepoint study tqa-augment` pairs them with the files `chokepoint tqa augment` wrote.
Result<study::StudyJob> plan_tqa_augment(AppState& state, const StudyChoice& c, EvaluationOptions options,
                                         std::vector<study::StudyInput>& inputs) {
  const auto& source = study_sources(state).augmentation;
  if (!source)
    return Error{
        "no augmentation of a whole set has finished: Text augmentation > Strategies > Run on every linker "
        "item of the set (a cancelled run adds nothing)"};
  auto read = study::read_augment_report(source->report_text, source->label);
  if (!read.ok()) return Error{read.error()};
  inputs = {{"augmentation", source->label}};
  auto given = pair_variant_systems(state, c, source->published, "augmented set", inputs);
  if (!given.ok()) return Error{given.error()};
  // Table 4.9 for each variant whose set the Schema linking or Retrieval tab ran on, as `--linked VARIANT=L.json`
  // gives it.
  const auto& linked = run_model_panel(state).linking.retrieved_by_set;
  for (size_t k = 0; k < 4; ++k) {
    const auto run = linked.find(source->published[k]);
    if (run == linked.end()) continue;
    const std::string variant = study::augment_variants()[k];
    const std::string what = "the " + run->second.method + " on " + source->published[k];
    auto row = study::linker_presence_row(variant, read->linkers, run->second.tables, what);
    if (!row.ok()) return Error{row.error()};
    read->inputs.presence.push_back(std::move(*row));
    inputs.push_back({"linked " + variant, what});
  }
  return study::tqa_augment_job(std::move(read->inputs), std::move(given->systems), std::move(given->lists),
                                std::move(options), page_database_lookup(state));
}

// denat-delta on the last de-naturalised variant whose four settings were added as sets (study_sources.h), each
// system's prediction files paired with them; the names' naturalness before and after from the variant's plan and
// the lexicon, as `chokepoint study denat-delta --lexicon` counts them.
Result<study::StudyJob> plan_denat_delta(AppState& state, const StudyChoice& c, EvaluationOptions options,
                                         std::vector<study::StudyInput>& inputs) {
  const auto& source = study_sources(state).denat;
  if (!source)
    return Error{
        "no de-naturalised variant's four settings are in the Sets tab: Text augmentation > "
        "De-naturalisation > Create variant, then Add the four settings' sets"};
  if (c.variant_systems.empty()) return Error{"add a system: its predictions on O/O and at least one other setting"};
  const Lexicon* lexicon = loaded_lexicon();
  if (!lexicon) {
    request_lexicon();
    return Error{"the WordNet lexicon (for the naturalness table) is loading: run the study again in a moment"};
  }
  const auto plan = nlohmann::json::parse(source->plan_json, nullptr, false);
  if (!plan.is_object()) return Error{source->variant_id + ": its rename plan is damaged; make the variant again"};
  const nlohmann::json report = {
      {"summary", {{"naturalness", plan.value("naturalness_source", std::string("unknown"))}}},
      {"plans", nlohmann::json::array({plan})}};
  auto identifiers = study::read_denat_report_identifiers(report.dump(), source->variant_id);
  if (!identifiers.ok()) return Error{identifiers.error()};
  inputs = {{"variant", source->variant_id + " of " + source->source_db_id}};
  auto given = pair_variant_systems(state, c, source->published, "setting's set", inputs);
  if (!given.ok()) return Error{given.error()};
  return study::denat_delta_job(std::move(given->systems), study::tally_naturalness(*identifiers, lexicon),
                                std::move(given->lists), std::move(options), page_database_lookup(state));
}

// The studies laid out from another tab's results, and what they are laid out from.
struct ComposedSource {
  const char* study;
  const char* from;
  Result<study::StudyReport> (*report)(AppState&);
};
const ComposedSource kComposedSources[] = {
    {"retrieval", "the Retrieval tab's Table VIII",
     [](AppState& s) { return retrieval_study_report(run_model_panel(s).retrieval); }},
    {"feature-space", "the Feature space tab's clusters, forests and estimates",
     [](AppState& s) { return feature_space_study_report(feature_space_panel(s)); }},
    {"synsql", "the Synthesis tab's run",
     [](AppState& s) { return synsql_study_report(test_databases_panel(s).synthesis); }},
    {"llm-tasks", "Run a model's table and the Metrics panel's runs on its evaluation", llm_tasks_study_report},
};

}  // namespace

StudiesRun& studies_run(AppState& state) { return state.panels.get<StudiesRun>(); }

void start_study(AppState& state, StudyChoice choice) {
  restore_study_sources(state);
  StudiesRun& run = studies_run(state);
  const int started = run.started + 1;
  run = StudiesRun{};
  run.started = started;
  run.choice = std::move(choice);
  const StudyChoice& c = run.choice;
  // Composed from what another tab already computed: nothing to evaluate.
  for (const auto& composed : kComposedSources) {
    if (c.study != composed.study) continue;
    auto report = composed.report(state);
    if (!report.ok()) {
      run.error = report.error();
      return;
    }
    run.report = std::move(*report);
    notify(state, "study " + c.study + ": laid out from " + composed.from);
    return;
  }
  const auto semantics = ex_semantics_from_name(c.semantics);
  if (!semantics || *semantics == ExSemantics::TestSuite) {
    run.error = "semantics '" + c.semantics + "': choose bird or spider";
    return;
  }
  EvaluationOptions options;
  options.semantics = *semantics;
  options.limits.timeout_ms = c.timeout_ms;
  const study::StudyEntry* entry = study::find_study(c.study);
  Result<study::StudyJob> job =
      !entry ? Error{"unknown study '" + c.study + "'; the closest is '" + study::closest_study(c.study) + "'"}
             : Error{"study '" + c.study + "': no plan for it in the app"};
  if (c.study == "shared-failures") job = plan_shared_failures(state, c, options, run.inputs);
  if (c.study == "jqe-delta") job = plan_jqe_delta(state, c, options, run.inputs);
  if (c.study == "tqa-augment") job = plan_tqa_augment(state, c, options, run.inputs);
  if (c.study == "denat-delta") job = plan_denat_delta(state, c, options, run.inputs);
  if (c.study == "mutation-sensitivity")
    job = plan_mutation_sensitivity(state, c, *semantics, c.timeout_ms, run.inputs);
  if (!job.ok()) {
    run.error = job.error();
    return;
  }
  run.inputs.push_back({"semantics", c.semantics});
  run.inputs.push_back({"timeout-ms", std::to_string(c.timeout_ms)});
  run.job.emplace(std::move(*job));
}

void cancel_study(AppState& state) {
  StudiesRun& run = studies_run(state);
  if (!run.job || run.job->done()) return;
  run.job.reset();
  run.cancelled = true;
}

void step_study(AppState& state, double budget_ms) {
  restore_study_sources(state);
  StudiesRun& run = studies_run(state);
  if (!run.job || run.job->done()) return;
  const double start = monotonic_ms();
  if (!run.job->advance([&] { return monotonic_ms() - start < budget_ms; })) return;
  const auto& report = run.job->report();
  if (!report.ok()) {
    run.error = report.error();
    notify(state, "study " + run.choice.study + " failed: " + report.error(), true);
    return;
  }
  run.report = *report;
  run.report->inputs = run.inputs;
  notify(state, "study " + run.choice.study + " finished");
}

void download_study_report(AppState& state) {
  StudiesRun& run = studies_run(state);
  if (!run.report) return;
  const std::string name = run.report->study + "-report.html";
  std::ofstream out("/tmp/" + name, std::ios::binary);
  out << study::report_html(*run.report);
  out.close();
  if (!out) {
    notify(state, "could not write " + name + " in the page", true);
    return;
  }
  offer_download("/tmp/" + name, name, "text/html");
}

const std::array<const char*, 4>& study_variant_names(const std::string& study) {
  return study == "denat-delta" ? study::denat_settings() : study::augment_variants();
}

nlohmann::json variant_systems_json(const std::string& study, const std::vector<VariantSystemChoice>& systems) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& s : systems) {
    nlohmann::json preds = nlohmann::json::object();
    for (size_t k = 0; k < 4; ++k)
      if (!s.preds[k].empty()) preds[study_variant_names(study)[k]] = s.preds[k];
    out.push_back({{"name", s.name}, {"preds", preds}});
  }
  return out;
}

std::vector<VariantSystemChoice> variant_systems_from_json(const std::string& study, const nlohmann::json& j) {
  std::vector<VariantSystemChoice> out;
  if (!j.is_array()) return out;
  for (const auto& s : j) {
    if (!s.is_object()) continue;
    VariantSystemChoice c{s.value("name", ""), {}};
    const nlohmann::json preds = s.value("preds", nlohmann::json::object());
    for (size_t k = 0; k < 4; ++k)
      if (preds.is_object()) c.preds[k] = preds.value(study_variant_names(study)[k], "");
    out.push_back(std::move(c));
  }
  return out;
}

nlohmann::json studies_run_json(const StudiesRun& run) {
  const auto& c = run.choice;
  nlohmann::json j = {{"running", run.job.has_value() && !run.job->done()},
                      {"started", run.started},
                      {"error", run.error},
                      {"cancelled", run.cancelled},
                      {"opened_from", run.opened_from},
                      {"choice",
                       {{"study", c.study},
                        {"semantics", c.semantics},
                        {"timeout_ms", c.timeout_ms},
                        {"gold", c.gold},
                        {"drop_equivalent", c.drop_equivalent},
                        {"systems", c.systems},
                        {"seeds", c.seeds},
                        {"expansions", c.expansions},
                        {"pred_seeds", c.pred_seeds},
                        {"pred_expansions", c.pred_expansions},
                        {"system", c.system},
                        {"variant_systems", variant_systems_json(c.study, c.variant_systems)}}}};
  if (run.job) {
    const auto p = run.job->progress();
    j["progress"] = {{"done", p.done}, {"total", p.total}};
  }
  if (run.report) j["report"] = nlohmann::json(study::report_json(*run.report));
  return j;
}

}  // namespace chokepoint::web
