// Embeddings in the replay store, so a rerun that compares texts by the endpoint's vectors asks nothing again (the
// store's promise for chat calls, decisions.md §8). A vector is kept as a record of its own, keyed by a SHA-256 of
// "embedding", the model and the text (never the endpoint's address or key), its completion text the vector as a
// JSON array.
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/llm/embedding_cache.h"
#include "core/llm/replay_store.h"

namespace chokepoint {

std::string embedding_replay_key(const std::string& model, const std::string& text);
// What a vector's record says was asked; a record is used only when it says exactly this.
std::string embedding_request_json(const std::string& model, const std::string& text);

// Puts the stored vectors of `texts` into `cache`; returns how many were found (a record that does not read as a
// vector is skipped, and so fetched again).
size_t load_replayed_embeddings(const ReplayStore& store, const std::string& model,
                                const std::vector<std::string>& texts, EmbeddingCache& cache);

// Stores the cache's vectors of `texts` (those it has) under `provider`'s name.
Status record_embeddings(ReplayStore& store, const std::string& provider, const std::string& model,
                         const std::vector<std::string>& texts, const EmbeddingCache& cache);

}  // namespace chokepoint
