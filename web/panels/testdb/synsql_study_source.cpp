// The synsql study over the Synthesis tab's run (see synthesis_view.h).
#include "core/study/synsql_study.h"
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
  const auto in = study::synsql_inputs_of_run(method, view.pred_name, questions, &view.failures);
  auto report = study::synsql_report(in);
  report.inputs = {
      {"gold", view.set_name}, {"pred " + view.pred_name, view.pred_name}, {"test-db-root " + method, view.folder}};
  if (const size_t missing = view.results.size() - judged)
    report.notes.push_back(std::to_string(missing) +
                           " items have no original database and are left out of every figure.");
  return report;
}

}  // namespace chokepoint::web
