// Character trigram embeddings and cosine similarity.
#include "core/metrics/ngram_similarity.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>

namespace chokepoint {

namespace {

// Bucket of every trigram of " text ", lower-cased; computed on the fly, without a padded copy of the text.
std::vector<uint32_t> trigram_buckets(const std::string& text, size_t dims) {
  std::vector<uint32_t> out;
  if (text.empty() || dims == 0) return out;
  const size_t n = text.size() + 2;  // the padded length
  auto at = [&](size_t i) -> unsigned char {
    return i == 0 || i == n - 1 ? ' '
                                : static_cast<unsigned char>(std::tolower(static_cast<unsigned char>(text[i - 1])));
  };
  out.reserve(n - 2);
  for (size_t i = 0; i + 3 <= n; ++i) {
    uint32_t h = 2166136261u;
    for (size_t k = i; k < i + 3; ++k) h = (h ^ at(k)) * 16777619u;
    out.push_back(static_cast<uint32_t>(h % dims));
  }
  return out;
}

}  // namespace

Embedding ngram_embedding(const std::string& text, size_t dims) {
  Embedding v(dims, 0.0);
  for (uint32_t b : trigram_buckets(text, dims)) v[b] += 1.0;
  return v;
}

SparseEmbedding sparse_ngram_embedding(const std::string& text, size_t dims) {
  auto buckets = trigram_buckets(text, dims);
  std::sort(buckets.begin(), buckets.end());
  SparseEmbedding out;
  out.reserve(buckets.size());
  for (uint32_t b : buckets) {
    if (!out.empty() && out.back().first == b)
      out.back().second += 1.0;
    else
      out.push_back({b, 1.0});
  }
  return out;
}

double cosine_similarity(const SparseEmbedding& a, const SparseEmbedding& b) {
  double dot = 0, na = 0, nb = 0;
  for (const auto& x : a) na += x.second * x.second;
  for (const auto& x : b) nb += x.second * x.second;
  for (size_t i = 0, j = 0; i < a.size() && j < b.size();) {
    if (a[i].first < b[j].first)
      ++i;
    else if (b[j].first < a[i].first)
      ++j;
    else {
      dot += a[i].second * b[j].second;
      ++i;
      ++j;
    }
  }
  if (na == 0 || nb == 0) return 0.0;
  return dot / (std::sqrt(na) * std::sqrt(nb));
}

std::vector<Embedding> ngram_embeddings(const std::vector<std::string>& texts) {
  std::vector<Embedding> out;
  out.reserve(texts.size());
  for (const auto& t : texts) out.push_back(ngram_embedding(t));
  return out;
}

double cosine_similarity(const Embedding& a, const Embedding& b) {
  double dot = 0, na = 0, nb = 0;
  size_t n = a.size() < b.size() ? a.size() : b.size();
  for (size_t i = 0; i < n; ++i) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  for (size_t i = n; i < a.size(); ++i) na += a[i] * a[i];
  for (size_t i = n; i < b.size(); ++i) nb += b[i] * b[i];
  if (na == 0 || nb == 0) return 0.0;
  return dot / (std::sqrt(na) * std::sqrt(nb));
}

}  // namespace chokepoint
