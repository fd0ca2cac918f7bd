// Evaluating a list of gold/predicted pairs as a resumable job: one pair (execute both, score every regime) is one
// unit, so the browser steps it a few milliseconds per frame and the CLI runs it to the end with the same code.
// Where the databases come from is the caller's business: a lookup gives the connection for a db_id, or a message.
#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/db/connection.h"
#include "core/metrics/pair_evaluation.h"

namespace chokepoint {

// The connection a pair runs on, or why there is none (the item is then reported as NoDatabase with that message).
// The connection must stay valid until the unit that asked for it has finished.
using DatabaseLookup = std::function<Result<const Connection*>(const std::string& db_id)>;

// One pair on the database the lookup gives: evaluate_pair, or a NoDatabase item with the lookup's message. What a
// job does per unit; the app's worker calls it directly so it keeps no item after sending it.
ItemEvaluation evaluate_with_lookup(const DatabaseLookup& lookup, const EvalPair& pair,
                                    const EvaluationOptions& options);

struct EvaluationProgress {
  size_t done = 0;   // pairs evaluated
  size_t total = 0;  // pairs given
};

class EvaluationJob {
 public:
  EvaluationJob(std::vector<EvalPair> pairs, EvaluationOptions options, DatabaseLookup lookup);

  // Evaluates one pair, then more while `keep_going()` says so; returns done().
  bool advance(const std::function<bool()>& keep_going);
  // Appends an item evaluated elsewhere (the app evaluates in a worker: core/metrics/evaluation_codec.h) as the
  // next pair's; false, and nothing recorded, when the job is done or the item is not that pair's.
  bool record(ItemEvaluation item);
  // Ends the job where it is: items() holds the pairs evaluated so far.
  void cancel();

  bool done() const;
  bool cancelled() const { return cancelled_; }
  EvaluationProgress progress() const { return {items_.size(), pairs_.size()}; }
  const std::vector<EvalPair>& pairs() const { return pairs_; }
  const EvaluationOptions& options() const { return options_; }
  const std::vector<ItemEvaluation>& items() const { return items_; }  // in pair order, grows as the job advances
  std::vector<ItemEvaluation> take_items() { return std::move(items_); }

 private:
  std::vector<EvalPair> pairs_;
  EvaluationOptions options_;
  DatabaseLookup lookup_;
  std::vector<ItemEvaluation> items_;
  bool cancelled_ = false;
};

}  // namespace chokepoint
