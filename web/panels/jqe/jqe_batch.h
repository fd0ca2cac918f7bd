// JQE over a whole evaluation set as a browser job: the core's resumable driver (core/jqe/expansion_job.h) advanced
// for at most a time budget per frame. The unit of work is one seed parsed or one join-condition combination judged,
// so even BIRD's heaviest seed (thousands of combinations) is spread over many frames and a 1,534-query set never
// freezes the page. The result is exactly one run_jqe call's: one isomorphism index over the whole set, rounds in
// the core's order, the budget shared by all seeds. Once the job ends, the report (half a million discards on BIRD)
// is counted in slices too.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/db/connection.h"
#include "core/graph/schema_graph.h"
#include "core/jqe/expansion_job.h"
#include "core/jqe/report.h"
#include "core/schema/schema.h"

namespace chokepoint::web {

// A database as the job needs it (copied, so loading another file during the job changes nothing).
struct JqeBatchDatabase {
  Schema schema;
  std::shared_ptr<Connection> connection;  // null: schema-only
};

class JqeBatch {
 public:
  JqeBatch(std::vector<EvalItem> seeds, std::map<std::string, JqeBatchDatabase> databases,
           const jqe::JqeOptions& options);

  // Works until budget_ms has passed (always at least one unit); returns done().
  bool step(double budget_ms);
  void cancel() { job_->cancel(); }

  // The job has ended (finished or cancelled) and its report is counted.
  bool done() const { return !report_.is_null(); }
  bool cancelled() const { return job_->cancelled(); }
  size_t total() const { return total_; }
  // Seeds of the input set whose first round is finished.
  size_t expanded() const;
  // Share of the work done, 0..1 (parsing and expanding of round 1; later rounds fill the last tenth).
  float fraction() const;
  jqe::JqeProgress progress() const { return job_->progress(); }
  double longest_unit_ms() const { return longest_unit_ms_; }                    // the longest single unit of work
  const std::string& longest_unit_phase() const { return longest_unit_phase_; }  // its phase, or "report"
  double work_ms() const { return work_ms_; }
  const jqe::JqeRun& run() const { return job_->run(); }
  const nlohmann::json& report() const { return report_; }  // jqe_report(run()); null until done()

 private:
  size_t total_ = 0;
  std::map<std::string, JqeBatchDatabase> owned_;
  std::map<std::string, SchemaGraph> graphs_;
  std::map<std::string, jqe::JqeDatabase> databases_;
  std::unique_ptr<jqe::JqeJob> job_;
  std::unique_ptr<jqe::JqeReportBuilder> report_builder_;
  nlohmann::json report_;
  double longest_unit_ms_ = 0, work_ms_ = 0;
  std::string longest_unit_phase_;
};

}  // namespace chokepoint::web
