// The synsql study over the Synthesis tab's run (see synthesis_view.h).
#include <optional>

#include "core/study/synsql_study.h"
#include "core/testdb/human_labels.h"
#include "web/panels/testdb/synthesis_run.h"
#include "web/panels/testdb/synthesis_view.h"

namespace chokepoint::web {

Result<study::StudyReport> synsql_study_report(const SynthesisView& view) {
  const std::string where = "Test databases > Synthesis";
  if (view.running || view.scoring) return Error{"the synthesis is still running: run the study once it is done"};
  if (!view.done || view.results.empty())
    return Error{"no synthesis has finished: " + where + ", choose a gold set and a prediction set, then Synthesize"};
  std::vector<study::SynsqlQuestion> questions;
  size_t judged = 0;
  for (const auto& r : view.results) {
    questions.push_back({r.id, r.synthetic_id, r.agreement ? &*r.agreement : nullptr});
    judged += r.agreement.has_value();
  }
  if (view.pred_name.empty() || judged == 0)
    return Error{"the synthesis ran without a prediction set: " + where +
                 ", choose the system's prediction set and Synthesize again (a rerun is answered by the replay store)"};
  const std::string method = synthesis_method(view);
  std::optional<testdb::HumanLabels> labels;
  if (!view.labels_text.empty()) {
    std::vector<std::string> ids;
    for (const auto& r : view.results) ids.push_back(r.id);
    auto parsed = testdb::parse_human_labels(view.labels_text, ids);
    if (!parsed.ok()) return Error{view.labels_name + ": " + parsed.error()};
    labels = std::move(*parsed);
  }
  auto in = study::synsql_inputs_of_run(method, view.pred_name, questions, &view.failures, labels ? &*labels : nullptr);
  const auto on_suite = suite_agreement(view);
  if (!on_suite.empty()) study::add_method_of_run(in, kSuiteMethod, on_suite, labels ? &*labels : nullptr);
  auto report = study::synsql_report(in);
  report.inputs = {
      {"gold", view.set_name}, {"pred " + view.pred_name, view.pred_name}, {"test-db-root " + method, view.folder}};
  if (!on_suite.empty()) {
    // As `agreement` counts a suite: the members and db_ids of the judged questions whose suite has a member.
    size_t databases = 0, db_ids = 0;
    for (const auto& q : view.suite.questions)
      if (q.agreement && q.suite && !q.suite->members.empty()) {
        databases += q.suite->members.size();
        ++db_ids;
      }
    report.notes.push_back(study::distilled_suite_note(kSuiteMethod, databases, db_ids));
    report.inputs.push_back({std::string("test-suite-root ") + kSuiteMethod, view.suite.folder});
  }
  if (labels) report.inputs.push_back({"labels", view.labels_name});
  if (const size_t missing = view.results.size() - judged)
    report.notes.push_back(std::to_string(missing) +
                           " items have no original database and are left out of every figure.");
  return report;
}

}  // namespace chokepoint::web
