// Descriptor gathering and the batched fetch for endpoint SC embeddings.
#include "web/panels/metrics/sc_embeddings.h"
#include "core/base/clock.h"

#include <chrono>

#include "core/metrics/column_matching.h"
#include "core/metrics/execution_accuracy.h"
#include "web/llm/llm_session.h"

namespace chokepoint::web {
namespace {}  // namespace

EmbeddingCache& sc_embedding_cache() {
  static EmbeddingCache cache;
  return cache;
}

ScEmbeddingPrefetch::ScEmbeddingPrefetch(LlmEndpoint endpoint, std::string model, int timeout_ms)
    : endpoint_(std::move(endpoint)), model_(std::move(model)), timeout_ms_(timeout_ms) {}

bool ScEmbeddingPrefetch::step(const AppState& state, const std::vector<EvalPair>& pairs,
                               const EvaluationOptions& options, double budget_ms) {
  if (done_) return true;
  const double start = monotonic_ms();
  // Phase 1: the descriptors, executing each pair as the evaluation will (same limits).
  // At least one pair a call, so the descriptors are gathered on a machine whose frames leave no budget as well.
  for (bool first = true; next_pair_ < pairs.size() && (first || monotonic_ms() - start < budget_ms); first = false) {
    const EvalPair& pair = pairs[next_pair_++];
    const LoadedDatabase* db = find_database(state, pair.db_id);
    if (!db || !db->connection) continue;
    QueryOutcome gold = db->connection->query(pair.gold_sql, options.limits);
    if (!gold.ok()) continue;
    QueryOutcome pred = db->connection->query(pair.pred_sql, options.limits);
    if (!pred.ok() || execution_match(options.semantics, pair.gold_sql, gold.result, pred.result)) continue;
    for (auto& text : semantic_descriptor_texts(gold.result, pred.result, options.columns))
      if (seen_.insert(text).second) texts_.push_back(std::move(text));
  }
  if (next_pair_ < pairs.size()) return false;
  if (!gathered_) {
    gathered_ = true;
    missing_texts_ = sc_embedding_cache().missing(model_, texts_);
    missing_ = missing_texts_.size();
  }
  if (awaiting_confirmation()) return false;  // the user decides what leaves the page
  // Phase 2: what the cache lacks, in batches, one request in flight.
  if (!fetch_) {
    fetch_ = std::make_unique<EmbeddingFetch>(endpoint_, model_, missing_texts_, session_transport(),
                                              sc_embedding_cache(), 64, timeout_ms_);
  }
  fetch_->step();
  if (!fetch_->finished()) return false;
  if (fetch_->error()) error_ = "SC embeddings from " + model_ + ": " + fetch_->error()->message;
  done_ = true;
  return true;
}

std::string ScEmbeddingPrefetch::destination() const { return endpoint_url(endpoint_, "/embeddings"); }

void ScEmbeddingPrefetch::decline() {
  error_ = "SC embeddings not sent: the " + std::to_string(missing_) + " column descriptors stayed on this machine";
  done_ = true;
}

std::string ScEmbeddingPrefetch::progress_text() const {
  if (awaiting_confirmation())
    return "SC embeddings: " + std::to_string(missing_) + " column descriptors would be sent to " + destination();
  if (!fetch_) return "SC embeddings: reading column descriptors (" + std::to_string(next_pair_) + " pairs)";
  return "SC embeddings: fetching " + std::to_string(missing_) + " of " + std::to_string(texts_.size()) +
         " descriptors from " + model_ + (done_ ? " (done)" : "");
}

}  // namespace chokepoint::web
