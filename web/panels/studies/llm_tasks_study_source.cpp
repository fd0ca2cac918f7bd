// The llm-tasks study over this page's runs (see llm_tasks_study_source.h). Each tab's run is given to the study in
// the shape its command prints (core/study/llm_tasks_steps.h), so the CLI and the page read the same numbers.
#include "web/panels/studies/llm_tasks_study_source.h"

#include <algorithm>

#include "core/diagnosis/error_category_llm.h"
#include "core/diagnosis/error_counts.h"
#include "core/llm_tasks/sql_optimization_json.h"
#include "core/llm_tasks/sql_to_text_json.h"
#include "core/runner/ex_by_gold_tables.h"
#include "core/runner/prompt_formats.h"
#include "core/study/llm_tasks_steps.h"
#include "web/panels/debugging/debug_run.h"
#include "web/panels/debugging/error_category_run.h"
#include "web/panels/debugging/errors_view.h"
#include "web/panels/metrics/llm_task_memory.h"
#include "web/panels/metrics/metrics_run.h"
#include "web/panels/optimise/optimize_run.h"
#include "web/panels/runner/run_model_panel.h"
#include "web/panels/sql_to_text/describe_run.h"

namespace chokepoint::web {
namespace {

// The format whose published prediction set the evaluation scored, or "" when it scored another file.
std::string evaluated_format(const AppState& state, const RunModelPanel& panel, const MetricsRun& run) {
  const int pred = find_set(state, run.pred_name);
  if (pred < 0 || state.eval_sets.sets[static_cast<size_t>(pred)].revision != run.pred_revision) return "";
  if (std::find(panel.published.begin(), panel.published.end(), run.pred_name) == panel.published.end()) return "";
  for (const auto& f : panel.table.table.formats)
    if (prediction_set_name(panel.source_name, f) == run.pred_name) return f;
  return "";
}

void add_text_to_sql(const AppState& state, const RunModelPanel& panel, const MetricsRun& run,
                     study::LlmTasksModel& m) {
  const auto& t = panel.table.table;
  for (const auto& f : t.formats)
    if (auto it = t.ex.find({m.name, f}); it != t.ex.end()) m.format_ex[f] = it->second;
  const auto strata = runner::ex_by_gold_tables(run.pairs(), run.items(), [&](const std::string& db) {
    const LoadedDatabase* d = find_database(state, db);
    return d ? &d->schema : nullptr;
  });
  for (const auto& s : strata) m.by_gold_tables.push_back({s.tables, s.n, s.ex});
  if (panel.job) m.failed_calls = panel.job->count(runner::PredictionStatus::LlmError);
}

}  // namespace

Result<study::StudyReport> llm_tasks_study_report(AppState& state) {
  RunModelPanel& panel = run_model_panel(state);
  const ModelTable& table = panel.table;
  if (table.table.models.empty())
    return Error{"no model run yet: Run a model, choose the set and its formats, Preview and Confirm"};
  if (table.scoring || !table.queue.empty())
    return Error{"Run a model's format x model table is still scoring: run the study once every cell is scored"};
  const auto run = current_evaluation(state);
  if (!run || !run->done)
    return Error{
        "no finished evaluation of the model's predictions: Run a model > Evaluate one format's predictions "
        "(the later tasks work on that evaluation, as 004 works on its main format)"};
  const std::string format = evaluated_format(state, panel, *run);
  if (format.empty() || run->gold_name != table.gold_name)
    return Error{"the Metrics panel evaluates " + run->label + ", not a prediction set of Run a model's last run on " +
                 table.gold_name + ": Run a model > Evaluate one format's predictions"};
  const RunErrors* errors = run_errors(state, run.get());
  if (!errors || !errors->complete)
    return Error{"the Errors tab has not classified this evaluation's wrong predictions yet: open Metrics > Errors"};

  study::LlmTasksInputs in;
  in.items = run->pairs().size();
  in.semantics = ex_semantics_name(run->options().semantics);
  in.formats = table.table.formats;
  in.main_format = format;
  study::LlmTasksModel m;
  m.name = panel.model_name;
  add_text_to_sql(state, panel, *run, m);
  study::read_errors_report(diagnosis::error_counts_json(errors->classes), m);
  std::vector<std::string> notes, not_run, restored;

  const ErrorCategoryRun& categories = state.panels.get<ErrorCategoryRun>();
  const bool model_decided = categories.source == run && categories.batch.done();
  const bool model_may_decide =
      std::any_of(errors->classes.begin(), errors->classes.end(), diagnosis::asks_llm_category);
  if (model_may_decide && !model_decided)
    notes.push_back(
        "condition_filter vs data_processing was decided by the rules: 004 lets the model decide "
        "(Metrics > Errors > Ask the model), as chokepoint study llm-tasks does.");

  const DebugRun& debug = state.panels.get<DebugRun>();
  std::optional<study::CrossDebugRun> cross;
  if (debug.source == run && debug_run_finished(debug) && !debug.cancelled && debug.error.empty()) {
    auto strategies = study::read_debug_report(debug_run_json(debug));
    in.rounds = debug.rounds;
    if (debug.model_used == m.name)
      m.debug = std::move(strategies);
    else
      cross = study::CrossDebugRun{debug.model_used, m.name, debug.state->initially_wrong(), std::move(strategies)};
  } else if (const nlohmann::json* kept = remembered_llm_task(LlmTask::Debug, *run)) {
    // The last debugging of this evaluation, from before a reload (llm_task_memory.h).
    auto strategies = study::read_debug_report((*kept)["report"]);
    in.rounds = kept->value("rounds", in.rounds);
    const std::string model = kept->value("model", std::string());
    if (model == m.name)
      m.debug = std::move(strategies);
    else
      cross = study::CrossDebugRun{model, m.name, kept->value("wrong", size_t{0}), std::move(strategies)};
    restored.push_back("debugging");
  } else {
    not_run.push_back("debugging (Metrics > Errors > Debug)");
  }

  const OptimizeRun& optimize = state.panels.get<OptimizeRun>();
  if (optimize.source == run && optimize.phase == 3 && optimize.batch.sent.model == m.name) {
    const nlohmann::json o = optimize_run_json(optimize);
    study::read_optimize_report({{"baseline", o["baseline"]}, {"table", o["rows"]}}, m);
  } else if (const nlohmann::json* kept = remembered_llm_task(LlmTask::Optimize, *run);
             kept && kept->value("model", std::string()) == m.name) {
    const nlohmann::json& o = (*kept)["report"];
    study::read_optimize_report(
        {{"baseline", o.value("baseline", nlohmann::json())}, {"table", o.value("rows", nlohmann::json())}}, m);
    restored.push_back("optimisation");
  } else {
    not_run.push_back("optimisation (Metrics > Optimise)");
  }

  const DescribeRun& describe = state.panels.get<DescribeRun>();
  if (describe.source == run && describe.phase == 3 && describe.subject == 1 && describe.sent.model == m.name) {
    nlohmann::json summary = llm_tasks::describe_summary_json(describe.summary, describe.judge, false);
    if (describe.judge) summary["judge"]["model"] = describe.sent.model;
    m.describe = study::read_describe_report(summary);
  } else if (const nlohmann::json* kept = remembered_llm_task(LlmTask::Describe, *run);
             kept && kept->value("model", std::string()) == m.name &&
             (*kept)["report"].value("subject", "") == "gold" && (*kept)["report"].contains("summary")) {
    nlohmann::json summary = (*kept)["report"]["summary"];
    if (kept->value("judge", false) && summary.contains("judge")) summary["judge"]["model"] = m.name;
    m.describe = study::read_describe_report(summary);
    restored.push_back("SQL-to-Text");
  } else {
    not_run.push_back("SQL-to-Text of the gold queries (Metrics > SQL-to-Text, describe the gold queries)");
  }

  for (const auto& row : panel.linking.rows)
    if (row.model == m.name && row.top_k == 0 && (row.set == panel.source_name || row.set == table.gold_name)) {
      const nlohmann::json scores = {{"scored", row.scores.n},
                                     {"res", row.scores.res},
                                     {"subset_match", row.scores.subset_match},
                                     {"exact_match", row.scores.exact_match}};
      // A newer run of the same method replaces the older one, as a rerun of `chokepoint link` would.
      m.link.erase(
          std::remove_if(m.link.begin(), m.link.end(),
                         [&](const study::LinkCell& c) { return c.method == row.method && c.fk == row.foreign_keys; }),
          m.link.end());
      m.link.push_back(study::read_link_report(row.method, row.foreign_keys, scores));
    }
  if (m.link.empty()) not_run.push_back("schema linking (Run a model > Schema linking, on the same set)");

  // Per item: "1", or the error's kind or subcategory, as the CLI's rows.
  std::map<size_t, std::string> verdict;
  for (size_t k = 0; k < errors->items.size() && k < errors->classes.size(); ++k)
    verdict[errors->items[k]] = diagnosis::error_category(errors->classes[k]);
  for (size_t i = 0; i < run->pairs().size(); ++i) {
    const auto it = verdict.find(i);
    in.item_rows.push_back({run->pairs()[i].id, run->pairs()[i].db_id, {it == verdict.end() ? "1" : it->second}});
  }
  in.models.push_back(std::move(m));
  if (cross) in.cross_debug.push_back(std::move(*cross));

  study::StudyReport report = study::llm_tasks_report(in);
  report.inputs = {{"gold", table.gold_name},
                   {"model " + panel.model_name, "the LLM tab's settings"},
                   {"main format", format},
                   {"predictions", run->pred_name}};
  if (!not_run.empty()) {
    std::string s;
    for (const auto& t : not_run) s += (s.empty() ? "" : "; ") + t;
    notes.push_back("Not run in this page for " + panel.model_name + " on this evaluation, so not in the report: " + s +
                    ".");
  }
  if (!restored.empty()) {
    std::string s;
    for (const auto& t : restored) s += (s.empty() ? "" : ", ") + t;
    notes.push_back("Restored from this browser's workspace (run on this evaluation before a reload): " + s + ".");
  }
  if (table.table.models.size() > 1)
    notes.push_back("Table 3 has every model this page ran on " + table.gold_name +
                    "; the later tasks are those of the last one, " + panel.model_name +
                    ". Several models' later tasks side by side: chokepoint study llm-tasks.");
  notes.push_back(panel.job ? "Model calls of the later tasks that failed count in their tabs (an item without an "
                              "answer stays wrong there); the failed Text-to-SQL calls are counted here."
                            : "The Text-to-SQL run came back from the workspace after a reload: its failed calls are "
                              "not known here, and an item without SQL counts as wrong.");
  report.notes.insert(report.notes.end(), notes.begin(), notes.end());
  return report;
}

}  // namespace chokepoint::web
