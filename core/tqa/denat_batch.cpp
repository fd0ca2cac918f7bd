// De-naturalising a set's databases one after another (see denat_batch.h).
#include "core/tqa/denat_batch.h"

#include "core/base/clock.h"

namespace chokepoint::tqa {

DenatBatch::DenatBatch(std::vector<DenatDatabase> databases, const Lexicon& lexicon, DenatJobOptions options,
                       DenatLlm llm)
    : databases_(std::move(databases)), lexicon_(lexicon), options_(std::move(options)), llm_(llm) {
  for (const auto& d : databases_) items_total_ += d.items.size();
}

void DenatBatch::step(double now_ms, double budget_ms) {
  const double start = monotonic_ms();
  while (!finished()) {
    DenatDatabase& db = databases_[next_];
    if (!job_) {
      DenatJobOptions o = options_;
      o.renamed_path = db.renamed_path;
      job_ = std::make_unique<DenatJob>(db.schema, *db.original, db.items, lexicon_, o, llm_);
    }
    const double spent = monotonic_ms() - start;
    job_->step(now_ms + spent, budget_ms - spent);
    if (!job_->finished()) return;  // out of time, or waiting for the model
    if (!job_->error().empty()) {
      failed_ = true;
      error_ = db.schema.db_id + ": " + job_->error();
      job_.reset();
      return;
    }
    job_->close_renamed();
    results_.insert(results_.end(), job_->results().begin(), job_->results().end());
    plans_.push_back(job_->plan());
    use_.add(job_->llm_use());
    job_.reset();
    ++next_;
    if (monotonic_ms() - start >= budget_ms) return;
  }
}

double DenatBatch::progress() const {
  if (finished()) return 1.0;
  if (items_total_ == 0) return 0.0;
  size_t done = results_.size();
  double current = job_ ? job_->progress() * static_cast<double>(databases_[next_].items.size()) : 0.0;
  return (static_cast<double>(done) + current) / static_cast<double>(items_total_);
}

}  // namespace chokepoint::tqa
