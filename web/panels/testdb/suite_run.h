// The test-suite baseline beside a finished synthesis (SynSQL's TSA; Zhong, Yu and Klein 2020), as
// `chokepoint testsuite distill --gold <run>/set.json --db-root <run>/original` builds it: one suite per question,
// under the question's test database id, drawn from its original database (schema and values) and kept by the greedy
// cover of its gold's single-error mutants (core/testdb/distill_job.h), a unit of work at a time within the frame's
// budget. The suite is written as the CLI writes it (<run>_tsa/<id>/*.sqlite and manifest.json). With the run's
// prediction set each question's prediction is judged on its suite as `chokepoint agreement --test-suite-root`
// judges, and the synsql study has the suite as a second method, kSuiteMethod.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/testdb/agreement.h"
#include "core/testdb/distill_job.h"
#include "core/testdb/distilled_suite.h"

namespace chokepoint::web {

struct AppState;
struct SynthesisView;

inline constexpr const char* kSuiteMethod = "tsa";

struct SuiteRunView {
  // Choices: `testsuite distill`'s flags and defaults.
  int draws = 64, databases = 10, rows = 30, seed = 1;

  // The run.
  struct Question {
    size_t result = 0;   // its index in the synthesis' results
    std::string db_id;   // the question's test database id: its folder in the suite and its draws' seeds
    size_t mutants = 0;  // of its gold
    std::unique_ptr<testdb::DistillJob> job;         // null once finished
    std::optional<testdb::DistilledSuite> suite;     // once finished
    std::optional<testdb::AgreementItem> agreement;  // once judged, with a prediction set
  };
  std::vector<Question> questions;  // in db_id order, as the CLI's manifest lists them
  size_t next = 0;                  // the question whose suite is being drawn
  testdb::DistilledSuiteOptions options;
  testdb::DistilledManifest manifest;
  std::string folder;   // where the suite is written
  std::string for_run;  // the synthesis' folder it was drawn for: another synthesis makes it stale
  bool running = false, done = false;
  std::string error;
};

// A run with the same choices and nothing drawn: what a new synthesis starts from.
SuiteRunView reset_suite_run(const SuiteRunView& run);
void start_suite_run(AppState& state, SynthesisView& view);
void cancel_suite_run(SynthesisView& view);
void step_suite_run(AppState& state, SynthesisView& view, double budget_ms);
void draw_suite_run(AppState& state, SynthesisView& view);
// {running, done, error, folder, draws_made, draws_asked, questions, manifest?: the manifest.json written}
nlohmann::json suite_run_json(const SuiteRunView& run);
// The suite's questions with an agreement item, one pointer per synthesis result (null: none), when the suite is
// finished and drawn for the synthesis now shown; empty otherwise.
std::vector<const testdb::AgreementItem*> suite_agreement(const SynthesisView& view);

}  // namespace chokepoint::web
