// Augmentation jobs on the LLM session.
#include "web/panels/tqa/tqa_augmentation_run.h"

#include <fstream>
#include <iterator>

#include "core/base/json_dump.h"
#include "core/dataset/bird_writer.h"
#include "core/dataset/eval_set_loader.h"
#include "core/tqa/augmentation_sets.h"
#include "web/bridge/file_bridge.h"
#include "web/llm/llm_session.h"
#include "web/panels/studies/study_sources.h"
#include "web/workspace/made_set.h"
#include "web/workspace/workspace.h"

namespace chokepoint::web {
namespace {

const AugmentationRun* g_log_run = nullptr;

}  // namespace

std::string llm_unavailable_reason() {
  auto endpoint = session_endpoint();
  return endpoint.ok() ? "" : endpoint.error();
}

Result<std::unique_ptr<AugmentationRun>> start_augmentation_run(std::shared_ptr<LinkerRun> linker,
                                                                std::optional<size_t> item) {
  if (!linker) return Error{"analyse the set's linker tables first"};
  auto endpoint = session_endpoint();
  if (!endpoint.ok()) return Error{endpoint.error()};
  const PromptLibrary* prompts = session_prompts();
  if (!prompts) return Error{"prompts: " + session_prompts_error()};
  auto run = std::make_unique<AugmentationRun>();
  run->linker = linker;
  if (item) {
    if (*item >= linker->analyses.size()) return Error{"no such item"};
    run->analyses.push_back(linker->analyses[*item]);
    run->label = "item " + linker->analyses[*item].item.key;
  } else {
    for (const auto& a : linker->analyses)
      if (a.linker) run->analyses.push_back(a);
    run->label = linker->set_name + " (" + std::to_string(run->analyses.size()) + " linker items)";
    run->whole_set = true;
  }
  std::map<std::string, const Schema*> schemas;
  for (const auto& [db_id, schema] : linker->schemas) schemas[db_id] = &schema;
  run->scheduler = std::make_unique<CallScheduler>(*endpoint, session_transport(), &session_replay(), session_limits());
  tqa::AugmentationOptions options;
  options.request = session_request({});
  run->job = std::make_unique<tqa::AugmentationJob>(run->analyses, std::move(schemas), *prompts, *run->scheduler,
                                                    *linker->matcher, options);
  if (auto st = run->job->start(); !st.ok()) return Error{st.error()};
  // Back-translation and contextual augmentation write the evidence with the new question: those prompts exist
  // only once the question is answered.
  size_t later = 0;
  for (const auto& a : run->analyses)
    if (a.linker && a.references.evidence_tokens() > 0) later += 2;
  const std::string rounds =
      later == 0 ? std::string()
                 : "back-translation and contextual augmentation then send each evidence with the new question, once "
                   "that question is answered: up to " +
                       std::to_string(later) + " more calls.";
  if (auto st = open_held_preview(run->preview, *run->scheduler, rounds); !st.ok()) return Error{st.error()};
  return run;
}

Status confirm_augmentation_run(AugmentationRun& run) {
  if (!run.scheduler || !run.preview.open()) return Error{"no preview is open"};
  return confirm_held_preview(run.preview, *run.scheduler);
}

void step_augmentation_run(AugmentationRun& run) {
  if (!run.job) return;
  if (!run.job->finished()) run.job->step(session_now_ms());
  if (run.job->finished() && !run.persisted) {
    run.persisted = true;
    finish_held_preview(run.preview, run.scheduler && run.scheduler->stopped() == SchedulerStop::Cancelled);
    persist_replay();
  }
}

void publish_augmentation(AppState& state, AugmentationRun& run) {
  if (!run.whole_set || !run.finished() || !run.published.empty() || !run.report_text.empty()) return;
  if (run.scheduler->stopped() == SchedulerStop::Cancelled) return;
  const std::vector<tqa::Strategy> strategies(std::begin(tqa::kAllStrategies), std::end(tqa::kAllStrategies));
  const auto sets = tqa::augmentation_sets(*run.job, run.analyses, strategies);
  const auto summary = tqa::augmentation_summary(
      *run.job, sets, {run.linker->items.size(), run.analyses.size(), strategies, tqa::HidingRule::matcher});
  run.report_text =
      dump_json(tqa::augmentation_report(summary, sets, run.linker->set_name, session_request({}).model), 2) + "\n";
  const std::string stem = made_set_stem(run.linker->set_name);
  std::vector<std::pair<std::string, const EvalSet*>> files = {{"original", &sets.original}};
  for (const auto& [code, set] : sets.variants) files.push_back({code, &set});
  for (const auto& [variant, set] : files) {
    const std::string name = stem + "." + variant + ".json";
    auto path = put_made_set(state, name, write_bird_dev_json(*set), false, MadeSetKept::Workspace);
    if (!path.ok()) {
      notify(state, path.error(), true);
      return;
    }
    run.published.push_back(name);
  }
  remember_augmentation(state, {run.label, run.published, run.report_text});
  notify(state, "text augmentation: added " + std::to_string(run.published.size()) + " sets of " +
                    std::to_string(sets.original.items.size()) + " items to the Sets tab (" + stem +
                    ".original.json, " + stem + ".SR.json, ...)");
}

void download_augment_report(const AugmentationRun& run) {
  if (run.report_text.empty()) return;
  const std::string name = made_set_stem(run.linker->set_name) + ".augment_report.json";
  std::ofstream("/tmp/" + name, std::ios::binary) << run.report_text;
  offer_download("/tmp/" + name, name, "application/json");
}

void set_call_log_run(const AugmentationRun* run) {
  static bool registered = false;
  g_log_run = run;
  if (registered) return;
  registered = true;
  add_call_log_source([](AppState&) {
    return g_log_run && g_log_run->scheduler ? g_log_run->scheduler->log() : std::vector<CallLogEntry>{};
  });
}

}  // namespace chokepoint::web
