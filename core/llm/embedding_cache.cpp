// Embedding cache and its fetcher. Keys are (model, text): two models' vectors are not comparable.
#include "core/llm/embedding_cache.h"

#include <set>
#include <stdexcept>

#include "core/llm/llm_protocol.h"

namespace chokepoint {

const std::vector<double>* EmbeddingCache::find(const std::string& model, const std::string& text) const {
  auto it = vectors_.find({model, text});
  return it == vectors_.end() ? nullptr : &it->second;
}

void EmbeddingCache::put(const std::string& model, const std::string& text, std::vector<double> vector) {
  vectors_[{model, text}] = std::move(vector);
}

std::vector<std::string> EmbeddingCache::missing(const std::string& model,
                                                 const std::vector<std::string>& texts) const {
  std::vector<std::string> out;
  std::set<std::string> seen;
  for (const auto& t : texts)
    if (!find(model, t) && seen.insert(t).second) out.push_back(t);
  return out;
}

EmbeddingFetch::EmbeddingFetch(LlmEndpoint endpoint, std::string model, const std::vector<std::string>& texts,
                               HttpTransport& transport, EmbeddingCache& cache, size_t batch_size, int timeout_ms)
    : endpoint_(std::move(endpoint)),
      model_(std::move(model)),
      todo_(cache.missing(model_, texts)),
      transport_(transport),
      cache_(cache),
      batch_size_(batch_size == 0 ? 1 : batch_size),
      timeout_ms_(timeout_ms),
      inbox_(std::make_shared<std::vector<Arrival>>()) {
  if (!todo_.empty() && !embeddings_supported(endpoint_)) {
    LlmError e;
    e.kind = LlmErrorKind::Unsupported;
    e.message = "provider " + endpoint_.provider +
                " has no embeddings API; choose an OpenAI-compatible endpoint "
                "for SC embeddings, or keep the local trigram embeddings";
    error_ = e;
  }
}

bool EmbeddingFetch::finished() const { return !in_flight_ && (error_ || next_ >= todo_.size()); }

void EmbeddingFetch::step() {
  std::vector<Arrival> arrived;
  arrived.swap(*inbox_);
  for (const auto& a : arrived) {
    in_flight_ = false;
    auto parsed = parse_embeddings_response(endpoint_, a.request, a.response);
    if (!parsed.ok()) {
      error_ = parsed.error();
      continue;
    }
    if (parsed->vectors.size() != a.request.inputs.size()) {
      error_ = malformed_response(endpoint_, a.response,
                                  "expected " + std::to_string(a.request.inputs.size()) + " vectors, got " +
                                      std::to_string(parsed->vectors.size()));
      continue;
    }
    for (size_t i = 0; i < a.request.inputs.size(); ++i) cache_.put(model_, a.request.inputs[i], parsed->vectors[i]);
    usage_.prompt_tokens += parsed->usage.prompt_tokens;
  }
  if (in_flight_ || error_ || next_ >= todo_.size()) return;
  EmbeddingRequest request;
  request.model = model_;
  const size_t end = std::min(todo_.size(), next_ + batch_size_);
  request.inputs.assign(todo_.begin() + static_cast<long>(next_), todo_.begin() + static_cast<long>(end));
  next_ = end;
  HttpRequest http = embeddings_http_request(endpoint_, request);
  http.timeout_ms = timeout_ms_;
  in_flight_ = true;
  network_calls_ += 1;
  std::weak_ptr<std::vector<Arrival>> inbox = inbox_;
  transport_.send(http, [inbox, request](HttpResponse response) {
    if (auto box = inbox.lock()) box->push_back({request, std::move(response)});
  });
}

Status fetch_embeddings_now(const LlmEndpoint& endpoint, const std::string& model,
                            const std::vector<std::string>& texts, HttpTransport& transport, EmbeddingCache& cache,
                            size_t batch_size, int timeout_ms) {
  EmbeddingFetch fetch(endpoint, model, texts, transport, cache, batch_size, timeout_ms);
  // Each step either absorbs an answer or sends; two steps without an answer mean the transport is asynchronous.
  int idle = 0;
  while (!fetch.finished()) {
    const long long sent = fetch.network_calls();
    fetch.step();
    idle = fetch.network_calls() == sent ? idle + 1 : 0;
    if (idle > 2) return Error{"the transport did not answer synchronously; step EmbeddingFetch from the event loop"};
  }
  if (fetch.error()) return Error{fetch.error()->message};
  return ok_status();
}

EmbedTexts cached_embedding_function(EmbeddingCache& cache, std::string model,
                                     std::function<Status(const std::vector<std::string>&)> fetch_missing) {
  return [&cache, model, fetch_missing](const std::vector<std::string>& texts) {
    std::vector<std::string> missing = cache.missing(model, texts);
    if (!missing.empty() && fetch_missing) {
      Status s = fetch_missing(missing);
      if (!s.ok()) throw std::runtime_error(s.error());
      missing = cache.missing(model, texts);
    }
    if (!missing.empty())
      throw std::runtime_error("no embedding cached for \"" + missing.front() + "\" (" +
                               std::to_string(missing.size()) + " texts missing); fetch them first");
    std::vector<std::vector<double>> out;
    out.reserve(texts.size());
    for (const auto& t : texts) out.push_back(*cache.find(model, t));
    return out;
  };
}

}  // namespace chokepoint
