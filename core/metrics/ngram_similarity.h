// Local text embeddings for semantic column matching: character trigram counts hashed into a fixed-size vector,
// compared by cosine. Works offline and deterministically, so SC runs without an endpoint; the LLM layer can plug
// endpoint embeddings in through EmbeddingFunction. Reports label which one was used (decisions.md §7).
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace chokepoint {

using Embedding = std::vector<double>;
// Embeds a batch of texts; must return one vector per text, all of the same dimension.
using EmbeddingFunction = std::function<std::vector<Embedding>(const std::vector<std::string>& texts)>;

// Lower-cased character trigrams of " text " (padded so short words still yield grams), hashed (FNV-1a) into
// `dims` buckets. Identical texts give identical vectors; the empty text gives the zero vector.
Embedding ngram_embedding(const std::string& text, size_t dims = 2048);
// The default EmbeddingFunction: ngram_embedding on each text.
std::vector<Embedding> ngram_embeddings(const std::vector<std::string>& texts);

// Cosine similarity in [-1, 1]; 0 when either vector is zero.
double cosine_similarity(const Embedding& a, const Embedding& b);

// The non-zero buckets of ngram_embedding as (bucket, count), ascending by bucket; cosine over it equals the
// cosine of the dense vectors.
using SparseEmbedding = std::vector<std::pair<uint32_t, double>>;
SparseEmbedding sparse_ngram_embedding(const std::string& text, size_t dims = 2048);
double cosine_similarity(const SparseEmbedding& a, const SparseEmbedding& b);

}  // namespace chokepoint
