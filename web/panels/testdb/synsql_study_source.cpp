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
  const auto items = agreement_items(view);
  if (view.pred_name.empty() || items.empty())
    return Error{"the synthesis ran without a prediction set: " + where +
                 ", choose the system's prediction set and Synthesize again (a rerun is answered by the replay store)"};
  const std::string method = testdb::synthesis_method_name(
      view.loops.empty() || !view.loops[0] ? testdb::SynthesisMethod::SynSql : view.loops[0]->options().method);
  study::SynsqlInputs in;
  in.items = view.results.size();
  in.methods = {method};
  in.systems = {view.pred_name};
  in.cells = {study::synsql_cell(method, view.pred_name, testdb::summarize_agreement(items))};
  size_t original_sr = 0;
  for (const auto& a : items) original_sr += a.original.status == ItemStatus::Scored && a.original.gold_rows > 0;
  in.original_sr = 100.0 * static_cast<double>(original_sr) / static_cast<double>(items.size());
  in.item_columns = {view.pred_name + " original", view.pred_name + " " + method};
  for (const auto& r : view.results) {
    study::SynsqlInputs::Item row{r.id, r.synthetic_id, {}};  // the test root's id, as the written set names it
    if (r.agreement)
      row.verdicts = {study::synsql_verdict(r.agreement->original), study::synsql_verdict(r.agreement->test)};
    else
      row.verdicts = {item_status_name(ItemStatus::NoDatabase)};
    in.items_rows.push_back(std::move(row));
  }
  auto report = study::synsql_report(in);
  report.inputs = {
      {"gold", view.set_name}, {"pred " + view.pred_name, view.pred_name}, {"test-db-root " + method, view.folder}};
  if (const size_t missing = view.results.size() - items.size())
    report.notes.push_back(std::to_string(missing) +
                           " items have no original database and are left out of every figure.");
  return report;
}

}  // namespace chokepoint::web
