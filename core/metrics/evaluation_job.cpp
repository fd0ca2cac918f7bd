// The evaluation job: evaluate_pair over a list, one pair per unit.
#include "core/metrics/evaluation_job.h"

#include <utility>

namespace chokepoint {

ItemEvaluation evaluate_with_lookup(const DatabaseLookup& lookup, const EvalPair& pair,
                                    const EvaluationOptions& options) {
  auto db = lookup ? lookup(pair.db_id) : Result<const Connection*>(Error{"no databases given"});
  if (db.ok() && *db != nullptr) return evaluate_pair(**db, pair, options);
  ItemEvaluation item;
  item.id = pair.id;
  item.db_id = pair.db_id;
  item.status = ItemStatus::NoDatabase;
  item.message = db.ok() ? "database " + pair.db_id + " is not available" : db.error();
  return item;
}

EvaluationJob::EvaluationJob(std::vector<EvalPair> pairs, EvaluationOptions options, DatabaseLookup lookup)
    : pairs_(std::move(pairs)), options_(std::move(options)), lookup_(std::move(lookup)) {
  items_.reserve(pairs_.size());
}

bool EvaluationJob::done() const { return cancelled_ || items_.size() == pairs_.size(); }

void EvaluationJob::cancel() { cancelled_ = true; }

bool EvaluationJob::record(ItemEvaluation item) {
  if (done()) return false;
  const EvalPair& pair = pairs_[items_.size()];
  if (item.id != pair.id || item.db_id != pair.db_id) return false;
  items_.push_back(std::move(item));
  return true;
}

bool EvaluationJob::advance(const std::function<bool()>& keep_going) {
  do {
    if (done()) break;
    items_.push_back(evaluate_with_lookup(lookup_, pairs_[items_.size()], options_));
  } while (!done() && keep_going());
  return done();
}

}  // namespace chokepoint
