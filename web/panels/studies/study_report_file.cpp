// A report.json that `chokepoint study` wrote, opened like any file (the picker, a drop, the workspace at reload):
// the Studies tab shows it as if it had run it, for the studies the app cannot run (every one the CLI runs), and
// saves it again as report.html. The file is checked field by field (core/study/report_from_json.h).
#include "core/study/report_from_json.h"
#include "web/bridge/file_opener.h"
#include "web/panels/studies/studies_run.h"

namespace chokepoint::web {
namespace {

// A JSON object with "study" and "tables" near its start is a report; anything else is left to the set formats.
bool looks_like_report(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos || text[first] != '{') return false;
  const std::string head = text.substr(first, 256);
  return head.find("\"study\"") != std::string::npos && text.find("\"tables\"") != std::string::npos;
}

Claim open_study_report(AppState& state, const std::string& file_name, const std::string& text) {
  if (!looks_like_report(text)) return Claim::NotMine;
  auto report = study::report_from_json(text);
  if (!report.ok()) {
    notify(state, file_name + ": not a study report this version reads: " + report.error(), true);
    return Claim::Refused;
  }
  StudiesRun& run = studies_run(state);
  if (run.job && !run.job->done()) {
    notify(state, file_name + ": a study is running in the Studies tab; open the report when it ends", true);
    return Claim::Refused;
  }
  const int started = run.started;
  run = StudiesRun{};
  run.started = started;
  run.opened_from = file_name;
  run.report = std::move(*report);
  notify(state, "opened the " + run.report->study + " study report " + file_name + " (see the Studies tab)");
  return Claim::Opened;
}

const TextFileClaimerRegistrar claimer{open_study_report};

}  // namespace
}  // namespace chokepoint::web
