// The batch job: owns copies of the databases and the job over them; times every unit for the frame figure.
#include "web/panels/jqe/jqe_batch.h"
#include "core/base/clock.h"

#include <algorithm>
#include <chrono>

namespace chokepoint::web {
namespace {}  // namespace

JqeBatch::JqeBatch(std::vector<EvalItem> seeds, std::map<std::string, JqeBatchDatabase> databases,
                   const jqe::JqeOptions& options)
    : total_(seeds.size()), owned_(std::move(databases)) {
  for (const auto& [id, db] : owned_) graphs_[id] = build_schema_graph(db.schema);
  for (const auto& [id, db] : owned_)
    databases_[id] = jqe::JqeDatabase{&db.schema, &graphs_.at(id), db.connection.get()};
  job_ = std::make_unique<jqe::JqeJob>(std::move(seeds), databases_, options);
}

bool JqeBatch::step(double budget_ms) {
  if (done()) return true;
  const double start = monotonic_ms();
  double last = start;
  // The phase a unit belongs to is read before it runs (after it, the job may already be in the next one).
  std::string phase = job_->done() ? "report" : jqe::to_string(job_->progress().phase);
  auto keep_going = [&] {
    const double t = monotonic_ms();
    if (t - last > longest_unit_ms_) {
      longest_unit_ms_ = t - last;
      longest_unit_phase_ = phase;
    }
    last = t;
    phase = job_->done() ? "report" : jqe::to_string(job_->progress().phase);
    return t - start < budget_ms;
  };
  if (!job_->done()) job_->advance(keep_going);
  if (job_->done()) {
    if (!report_builder_) report_builder_ = std::make_unique<jqe::JqeReportBuilder>(job_->run());
    constexpr size_t kRecordsPerUnit = 1024;  // about a millisecond of counting in the browser
    while (!report_builder_->feed(kRecordsPerUnit) && keep_going()) {
    }
    if (report_builder_->complete()) {
      report_ = report_builder_->report();
      report_builder_.reset();
    }
  }
  const double end = monotonic_ms();
  if (end - last > longest_unit_ms_) {
    longest_unit_ms_ = end - last;
    longest_unit_phase_ = phase;
  }
  work_ms_ += end - start;
  return done();
}

size_t JqeBatch::expanded() const {
  const jqe::JqeProgress p = job_->progress();
  if (p.round > 1 || (p.phase == jqe::JqeProgress::Phase::done && !cancelled())) return total_;
  return p.phase == jqe::JqeProgress::Phase::expanding ? p.seeds_done : 0;
}

float JqeBatch::fraction() const {
  const jqe::JqeProgress p = job_->progress();
  if (done()) return 1.0f;
  if (report_builder_)  // counting the report: the last twentieth
    return 0.95f + 0.05f * static_cast<float>(report_builder_->counted()) /
                       static_cast<float>(std::max<size_t>(1, report_builder_->records()));
  if (p.phase == jqe::JqeProgress::Phase::done) return 0.95f;
  if (p.round > 1) return 0.9f;  // later rounds: their size is known only when they start
  const double n = static_cast<double>(std::max<size_t>(1, p.round_seeds));
  switch (p.phase) {
    case jqe::JqeProgress::Phase::statistics:
      return static_cast<float>(0.05 * p.seeds_done / n);
    case jqe::JqeProgress::Phase::parsing:
      return static_cast<float>(0.05 + 0.05 * p.seeds_done / n);
    default:
      return static_cast<float>(0.1 + 0.8 * p.seeds_done / n);
  }
}

}  // namespace chokepoint::web
