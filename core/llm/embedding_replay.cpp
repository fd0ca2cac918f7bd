// Embedding vectors kept in the replay store (see the header).
#include "core/llm/embedding_replay.h"

#include <nlohmann/json.hpp>

#include "core/llm/sha256.h"

namespace chokepoint {

std::string embedding_replay_key(const std::string& model, const std::string& text) {
  // NUL separators: no model name and text can run into another pair's key.
  return sha256_hex(std::string("embedding") + '\0' + model + '\0' + text);
}

std::string embedding_request_json(const std::string& model, const std::string& text) {
  return nlohmann::json({{"embedding", text}, {"model", model}}).dump();
}

size_t load_replayed_embeddings(const ReplayStore& store, const std::string& model,
                                const std::vector<std::string>& texts, EmbeddingCache& cache) {
  size_t found = 0;
  for (const auto& t : texts) {
    if (cache.find(model, t)) continue;
    auto record = store.find(embedding_replay_key(model, t));
    if (!record || record->request_json != embedding_request_json(model, t)) continue;  // only the exact request
    auto j = nlohmann::json::parse(record->completion.text, nullptr, false);
    if (!j.is_array() || j.empty()) continue;
    std::vector<double> v;
    for (const auto& x : j) {
      if (!x.is_number()) break;
      v.push_back(x.get<double>());
    }
    if (v.size() != j.size()) continue;
    cache.put(model, t, std::move(v));
    ++found;
  }
  return found;
}

Status record_embeddings(ReplayStore& store, const std::string& provider, const std::string& model,
                         const std::vector<std::string>& texts, const EmbeddingCache& cache) {
  for (const auto& t : texts) {
    const auto* v = cache.find(model, t);
    if (!v) continue;
    ReplayRecord r;
    r.key = embedding_replay_key(model, t);
    r.provider = provider;
    r.model = model;
    r.request_json = embedding_request_json(model, t);
    r.completion.text = nlohmann::json(*v).dump();
    r.completion.model = model;
    auto s = store.put(r);
    if (!s.ok()) return s;
  }
  return ok_status();
}

}  // namespace chokepoint
