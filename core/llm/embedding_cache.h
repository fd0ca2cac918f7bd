// Endpoint embeddings for semantic column matching (SC, SQLMorph §VI), cached by model and text. SC calls its
// EmbeddingFunction synchronously while the browser's transport answers later, so the vectors are fetched first
// (EmbeddingFetch, step-driven like CallScheduler) and SC then reads them from the cache
// (cached_embedding_function). The CLI's blocking transport may instead fetch a miss on the spot.
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/base/result.h"
#include "core/llm/chat_request.h"
#include "core/llm/http_transport.h"
#include "core/llm/llm_endpoint.h"
#include "core/llm/llm_error.h"

namespace chokepoint {

class EmbeddingCache {
 public:
  const std::vector<double>* find(const std::string& model, const std::string& text) const;
  void put(const std::string& model, const std::string& text, std::vector<double> vector);
  // The texts without a vector for `model`, each once, in first-seen order.
  std::vector<std::string> missing(const std::string& model, const std::vector<std::string>& texts) const;
  size_t size() const { return vectors_.size(); }

 private:
  std::map<std::pair<std::string, std::string>, std::vector<double>> vectors_;
};

// Fetches the texts the cache lacks in batches, one request in flight, retrying nothing (an embeddings failure is
// shown to the user, who can run again: finished batches stay cached).
class EmbeddingFetch {
 public:
  EmbeddingFetch(LlmEndpoint endpoint, std::string model, const std::vector<std::string>& texts,
                 HttpTransport& transport, EmbeddingCache& cache, size_t batch_size = 64, int timeout_ms = 60000);
  void step();  // absorbs the answer that arrived and sends the next batch
  bool finished() const;
  const std::optional<LlmError>& error() const { return error_; }
  long long network_calls() const { return network_calls_; }
  TokenUsage usage() const { return usage_; }

 private:
  LlmEndpoint endpoint_;
  std::string model_;
  std::vector<std::string> todo_;
  size_t next_ = 0;
  HttpTransport& transport_;
  EmbeddingCache& cache_;
  size_t batch_size_;
  int timeout_ms_;
  bool in_flight_ = false;
  std::optional<LlmError> error_;
  long long network_calls_ = 0;
  TokenUsage usage_;
  struct Arrival {
    EmbeddingRequest request;
    HttpResponse response;
  };
  std::shared_ptr<std::vector<Arrival>> inbox_;  // late answers after destruction are dropped
};

// Steps a fetch until it finishes: for transports that answer inside send() (the CLI's curl). Fails with the LLM
// layer's message, or when the transport is asynchronous and nothing can finish without an event loop.
Status fetch_embeddings_now(const LlmEndpoint& endpoint, const std::string& model,
                            const std::vector<std::string>& texts, HttpTransport& transport, EmbeddingCache& cache,
                            size_t batch_size = 64, int timeout_ms = 60000);

using EmbedTexts = std::function<std::vector<std::vector<double>>(const std::vector<std::string>&)>;
// Has the shape of core/metrics' EmbeddingFunction. Serves vectors from `cache`; on a miss it calls
// `fetch_missing` (may be empty) and throws std::runtime_error with its message when vectors are still missing
// (column matching turns that into an Error). `cache` must outlive the function.
EmbedTexts cached_embedding_function(EmbeddingCache& cache, std::string model,
                                     std::function<Status(const std::vector<std::string>&)> fetch_missing = nullptr);

}  // namespace chokepoint
