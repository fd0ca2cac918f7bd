// Local text embeddings for semantic column matching: character trigram counts hashed into a fixed-size vector,
// compared by cosine. Works offline and deterministically, so SC runs without an endpoint; the LLM layer can plug
// endpoint embeddings in through EmbeddingFunction. Reports label which one was used (decisions.md §7).
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace chokepoint {

using Embedding = std::vector<double>;
// Embeds a batch of texts; must return one vector per text, all of the same dimension.
using EmbeddingFunction = std::function<std::vector<Embedding>(const std::vector<std::string>& texts)>;

// Lower-cased (ASCII) character trigrams of " text " (padded so short words still yield grams), hashed (FNV-1a) into
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

// The bucket counts of ngram_embedding for a text given in pieces, so a caller need not build the text (SC's column
// descriptors): start(), append() each piece, then finish(). Counts are integers, so the cosine of two texts from
// their counts (cosine) is bit for bit the cosine of their embeddings: every sum is exact in a double.
// Reuses its buffers from text to text.
class TrigramCounter {
 public:
  struct Counts {
    std::vector<std::pair<uint32_t, uint32_t>> buckets;  // (bucket, count), count > 0, in first-seen order
    uint64_t norm2 = 0;                                  // sum of the squared counts
  };

  explicit TrigramCounter(size_t dims = 2048)
      : dims_(dims),
        mask_(dims > 0 && (dims & (dims - 1)) == 0 ? static_cast<uint32_t>(dims - 1) : 0),
        count_(dims, 0) {}
  void start();
  void append(std::string_view piece);
  void finish(Counts& out);  // out is overwritten; the counter is ready for the next start()
  // Cosine similarity of two finished texts from their counts, bit for bit that of their embeddings; uses the
  // counter's own (all-zero between texts) bucket array, so comparing texts allocates nothing.
  double cosine(const Counts& a, const Counts& b);
  // cosine(a, *bs[k]) into out[k] for k < n: a is spread over the bucket array once for all of them.
  void cosines(const Counts& a, const Counts* const* bs, size_t n, double* out);

 private:
  void add(unsigned char c);

  size_t dims_;
  uint32_t mask_;                  // dims_ - 1 when dims_ is a power of two (h & mask_ == h % dims_), else 0
  std::vector<uint32_t> count_;    // per bucket, for the text being counted
  std::vector<uint32_t> touched_;  // buckets with a non-zero count, in first-seen order
  unsigned char c0_ = 0, c1_ = 0;  // the last two (padded, lower-cased) characters
  size_t seen_ = 0;                // characters so far, the leading pad included
};

}  // namespace chokepoint
