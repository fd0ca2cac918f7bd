// The Synthesis tab of the Test databases panel (core/testdb/synthesis_loop.h, as `chokepoint
// synth` does it): for the first questions of a gold set, SynSQL (schema selector, synthesizer, critic; or the vanilla
// single pass) with the LLM tab's model, after a preview of what leaves the page (questions, evidence, schemas; never
// a row of the original data). The loops are stepped through one CallScheduler and the session's replay store, so a
// rerun (or a reload) asks nothing again and shares answers with the CLI. Each finished question's database is a real
// SQLite file in the workspace (a BIRD db_root with manifest.json, the CLI's layout). Then, a question a frame: the
// gold's rows on it (SR), how many of the gold's single-error mutants it tells apart next to the original database,
// and, with a prediction set chosen, EX on both, Δ, AR and the confusion (core/testdb/agreement.h).
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/llm/call_scheduler.h"
#include "core/study/study_report.h"
#include "core/testdb/agreement.h"
#include "core/testdb/discrimination.h"
#include "core/testdb/success_diagnosis.h"
#include "core/testdb/synthesis_loop.h"
#include "web/app_state.h"
#include "web/llm/batch_life.h"
#include "web/panels/testdb/suite_run.h"

namespace chokepoint::web {

struct SynthesisView {
  // Choices.
  int set = -1;    // gold set (index into the loaded sets)
  int pred = -1;   // prediction set for agreement; -1: none
  int method = 0;  // testdb::SynthesisMethod in declaration order
  // SynSQL only: a row of Table 4 or the critic's ablation, an index into testdb::kSynthesisAblations (0: none).
  int ablation = 0;
  testdb::SynthesisAblation run_ablation = testdb::SynthesisAblation::None;  // the prepared run's
  int rounds = 3;
  float threshold = 8.0f;
  int limit = 5;  // the first questions of the set

  // The run as planned.
  std::string set_name, pred_name, folder;  // folder: the db_root written (workspace or /tmp)
  std::shared_ptr<const EvalSet> gold;
  std::vector<size_t> items;                                  // indices into *gold of the planned questions
  std::vector<std::unique_ptr<testdb::SynthesisLoop>> loops;  // per planned question; null: its database is not loaded
  std::vector<std::vector<size_t>> in_flight;                 // per loop: its calls' indices in the scheduler
  std::vector<std::vector<nlohmann::json>> calls;             // per loop: {label, replayed, ok}
  bool preview = false;
  size_t calls_min = 0, calls_max = 0;
  long long tokens = 0;
  std::string destination, model;
  std::vector<std::pair<std::string, std::string>> first_prompts;  // every first call, for the preview's pager
  BatchLife life;  // the one batch life cycle: preview, Confirm, the loops' calls, done or cancelled
  std::unique_ptr<CallScheduler> scheduler;
  long long persisted_calls = 0;
  bool running = false, scoring = false, done = false, cancelled = false;
  UsageTotals usage;

  // Per planned question, once written and scored.
  struct Written {
    std::string id, synthetic_id, path;  // path: the database file ("" when none was built)
    std::string build_error;
    std::optional<size_t> gold_rows;  // the gold's rows on the synthetic database
    size_t mutants = 0;
    // The gold's kept single-error mutants on its original database, made once (synthesis_run.h, gold_mutants):
    // the synthesis, the suite's draws and the judging on the suite all read them. An error: the gold does not parse.
    std::optional<Result<std::vector<std::string>>> mutant_sql;
    testdb::GoldDiscrimination original, synthetic;
    std::optional<testdb::AgreementItem> agreement;  // with a prediction set
  };
  std::vector<Written> results;
  testdb::SuccessBreakdown failures;  // Fig. 4 over the written questions: why those that fail SR fail
  // The humans' verdicts (SynSQL Table 3), from a file {"<question id>": true | false} opened like any other
  // (synthesis_labels.cpp); read against the run's questions when the synsql study runs.
  std::string labels_name, labels_text;
  std::vector<EvalPair> pairs;  // the gold set paired with the prediction set (eval_pairs.h), when one is chosen
  size_t next_score = 0;
  testdb::DiscriminationTotals original_totals, synthetic_totals;
  int selected = -1;  // the question whose rounds and tables are shown
  std::string error;
  SuiteRunView suite;  // the test-suite baseline drawn for the run's questions (suite_run.h)
};

void prepare_synthesis(AppState& state, SynthesisView& view);  // plans the loops and opens the preview
void confirm_synthesis(AppState& state, SynthesisView& view);
void cancel_synthesis(AppState& state, SynthesisView& view);
void step_synthesis(AppState& state, SynthesisView& view, double budget_ms);
void draw_synthesis_view(AppState& state, SynthesisView& view);
// {"preview"?: {items, method, calls_at_least, calls_at_most, destination, model}, "running", "scoring", "done",
//  "error", "folder", "summary"?: synthesis_summary_json + {databases, success_rate, usage}, "items": [{id, db_id,
//  synthetic_db_id, outcome, chosen_round, rounds: [{average, accepted}], gold_rows, mutants, distinguished:
//  {original, synthetic}}], "discrimination"?: {original, synthetic}, "agreement"?: {...}, "suite": suite_run_json}
nlohmann::json synthesis_view_json(const SynthesisView& view);
// The synsql study (SynSQL Tables 1 and 2) over the finished run: its method ("synsql" or "vanilla") as the one test
// database root and the chosen prediction set as the one system, the questions' agreement laid out by
// core/study/synsql_study.h as `chokepoint study synsql --test-db-root METHOD=<the run's folder>` lays it out; with
// a distilled suite drawn for the run, it is a second method (`--test-suite-root tsa=<its folder>`).
// Refused, saying what to run, before a finished run with a prediction set.
Result<study::StudyReport> synsql_study_report(const SynthesisView& view);

}  // namespace chokepoint::web
