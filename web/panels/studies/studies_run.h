// The Studies tab's run: a study of the catalogue (core/study/study_catalogue.h) chosen with the sets loaded in the
// app, evaluated on the page a few milliseconds per frame by the same StudyJob the CLI's `chokepoint study` computes
// with, and its report kept to show and to save as the CLI's self-contained report.html.
#pragma once
#include <array>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/result.h"
#include "core/study/study_job.h"
#include "core/study/study_report.h"
#include "web/app_state.h"

namespace chokepoint::web {

// tqa-augment and denat-delta: one system's prediction files per variant of the questions (tqa-augment: original, SR,
// BT, CA; denat-delta: O/O, L/O, O/L, L/L); "" when not given.
struct VariantSystemChoice {
  std::string name;
  std::array<std::string, 4> preds;
};

// The inputs of a study by loaded set names (file names, as the Sets tab lists them).
struct StudyChoice {
  // "shared-failures", "jqe-delta", "mutation-sensitivity", "tqa-augment" (on the Text augmentation tab's last run
  // over a whole set), "denat-delta" (on its last de-naturalised variant), or "retrieval" (the report of the
  // Retrieval tab's runs)
  std::string study = "shared-failures";
  std::string semantics = "bird";  // "bird" or "spider"
  int timeout_ms = 5000;           // one item's limit, as the CLI's --timeout-ms default
  // shared-failures: the gold set and one prediction set per system (named by its file); mutation-sensitivity: the
  // gold set only
  std::string gold;
  bool drop_equivalent = false;  // mutation-sensitivity: leave mutants with EX = 1 out of the means
  std::vector<std::string> systems;
  // jqe-delta: the seeds, chokepoint jqe's EXPANDED.json, and the system's predictions for each
  std::string seeds, expansions, pred_seeds, pred_expansions;
  std::string system = "system";
  // tqa-augment (may be empty: hiding and attributes only) and denat-delta (at least one)
  std::vector<VariantSystemChoice> variant_systems;
};

struct StudiesRun {
  StudyChoice choice;
  std::optional<study::StudyJob> job;
  std::vector<study::StudyInput> inputs;  // of the running or shown study
  std::optional<study::StudyReport> report;
  std::string opened_from;  // the report.json file the shown report was read from ("" when run here)
  std::string error;
  bool cancelled = false;
  int started = 0;  // how many studies were asked for since the page opened (a test waits for its own)
};

StudiesRun& studies_run(AppState& state);
// Plans the chosen study (retrieval: builds its report at once from the Run a model panel's Retrieval tab): pairs each
// set with its predictions (or takes the gold queries to mutate) and starts the job; a refusal (a set not loaded, a
// gold set given as predictions, expansions without jqe.seed_id, nothing chosen) is kept as the run's error.
void start_study(AppState& state, StudyChoice choice);
void cancel_study(AppState& state);
void step_study(AppState& state, double budget_ms);
// Writes report.html into the page's file system and offers it as a download.
void download_study_report(AppState& state);
// {"running", "started", "progress": {done, total}, "error", "cancelled", "opened_from", "choice", "report"?:
//  report_json}
nlohmann::json studies_run_json(const StudiesRun& run);
// The variants a study's systems give predictions for: {"original", "SR", "BT", "CA"} for tqa-augment, {"O/O", "L/O",
// "O/L", "L/L"} for denat-delta.
const std::array<const char*, 4>& study_variant_names(const std::string& study);
// The systems as the page reads and writes them: [{"name", "preds": {VARIANT: PRED, ...}}], variants named as above.
nlohmann::json variant_systems_json(const std::string& study, const std::vector<VariantSystemChoice>& systems);
std::vector<VariantSystemChoice> variant_systems_from_json(const std::string& study, const nlohmann::json& j);

}  // namespace chokepoint::web
