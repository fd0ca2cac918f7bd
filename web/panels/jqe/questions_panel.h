// The Questions panel: JQE over a loaded set, then a questions job that asks the configured model
// for each expansion's question (and evidence for BIRD-style sets). Before anything is sent a privacy preview shows
// every rendered prompt, the number of calls and the estimated tokens, and waits for confirm. The job runs a little
// per frame with progress, cancel, resume and retry; finished pairs reach the Evaluation set panel as
// "<set>.expanded.json" and can be labelled aligned / adds context / loses intent (SQLMorph §IV-F).
#pragma once
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/jqe/expansion.h"
#include "core/jqe/question_generation.h"
#include "web/app_state.h"
#include "web/llm/batch_life.h"

namespace chokepoint::web {

struct QuestionsPanel {
  int source_set = 0;                // index in AppState::eval_sets.sets
  int limit = 0;                     // first N expansions only; 0 = all
  std::string source_name;           // name of the set the job was prepared from
  std::shared_ptr<jqe::JqeRun> run;  // JQE over the source set
  std::unique_ptr<jqe::QuestionJob> job;
  std::optional<jqe::QuestionPlan> preview;  // shown until confirmed or cancelled
  std::string preview_endpoint;              // where the calls will go (base URL, model)
  BatchLife life;  // the one batch life cycle (a cancel pauses the job: it resumes, or ends when every call ended)
  std::string error;
  std::string output_name;             // "<set>.expanded.json"
  size_t published = 0;                // done items last copied to the evaluation set
  long long persisted_calls = 0;       // network answers already synced to IndexedDB
  std::vector<CallLogEntry> past_log;  // calls of earlier jobs, for the LLM panel's call log
  int selected_item = -1;
  int selected_preview = 0;
  bool open_popup = false;  // opens the preview modal on the next draw
};

QuestionsPanel& questions_panel(AppState& state);
// Runs JQE (when the source changed) and builds the job and its preview; sends nothing.
void prepare_questions(AppState& state, QuestionsPanel& panel);
void confirm_questions(AppState& state, QuestionsPanel& panel);
void export_questions(AppState& state, QuestionsPanel& panel);  // adds the set to the app and offers a download
void open_preview(QuestionsPanel& panel);                       // the pre-send preview (also "retry failed")
void step_questions(AppState& state, QuestionsPanel& panel, double budget_ms);
void draw_questions_panel(AppState& state, QuestionsPanel& panel);
nlohmann::json questions_state_json(const QuestionsPanel& panel);

}  // namespace chokepoint::web
