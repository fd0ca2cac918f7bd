// SC with the endpoint's embeddings in the browser (the LLM layer serves semantic column matching).
// Column matching asks for its vectors synchronously while fetch() answers later, so before an evaluation scores
// anything this job gathers every pair's column descriptors (semantic_descriptor_texts; pairs whose EX is 1 never
// reach SC and are skipped), then — after the user has seen what will leave the page and said send — fetches the
// vectors the session cache lacks in batches (EmbeddingFetch), a step per frame. The evaluation then reads them from
// the cache (cached_embedding_function). A failed fetch stops the run with the LLM layer's message; batches already
// fetched stay cached for the next attempt.
#pragma once
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/llm/embedding_cache.h"
#include "core/metrics/pair_evaluation.h"
#include "web/app_state.h"

namespace chokepoint::web {

// Vectors fetched this session, by model and text (shared by every run).
EmbeddingCache& sc_embedding_cache();

class ScEmbeddingPrefetch {
 public:
  ScEmbeddingPrefetch(LlmEndpoint endpoint, std::string model, int timeout_ms);

  // Gathers descriptors for about budget_ms, then starts and steps the fetch; returns done().
  bool step(const AppState& state, const std::vector<EvalPair>& pairs, const EvaluationOptions& options,
            double budget_ms);
  bool done() const { return done_; }
  // Descriptors are gathered and some are not cached: nothing is sent until send() (or decline()).
  bool awaiting_confirmation() const {
    return fetch_ == nullptr && !done_ && gathered_ && !missing_texts_.empty() && !sent_;
  }
  const std::vector<std::string>& to_send() const { return missing_texts_; }  // what would leave the page
  std::string destination() const;
  void send() { sent_ = true; }
  void decline();
  const std::string& error() const { return error_; }  // "" unless the fetch failed
  std::string progress_text() const;
  size_t texts() const { return texts_.size(); }
  long long network_calls() const { return fetch_ ? fetch_->network_calls() : 0; }

 private:
  LlmEndpoint endpoint_;
  std::string model_;
  int timeout_ms_;
  size_t next_pair_ = 0;
  std::vector<std::string> texts_;  // distinct descriptors, first-seen order
  std::set<std::string> seen_;
  size_t missing_ = 0;
  bool gathered_ = false, sent_ = false;
  std::vector<std::string> missing_texts_;
  std::unique_ptr<EmbeddingFetch> fetch_;
  bool done_ = false;
  std::string error_;
};

}  // namespace chokepoint::web
