// Character trigram embeddings and cosine similarity.
#include "core/metrics/ngram_similarity.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace chokepoint {

namespace {

// ASCII lower case: std::tolower in the "C" locale, the only one Chokepoint runs in, without a call per character
// and whatever locale a host program sets.
unsigned char ascii_lower(unsigned char c) { return c >= 'A' && c <= 'Z' ? static_cast<unsigned char>(c + 32) : c; }

// Bucket of every trigram of " text ", lower-cased; computed on the fly, without a padded copy of the text.
std::vector<uint32_t> trigram_buckets(const std::string& text, size_t dims) {
  std::vector<uint32_t> out;
  if (text.empty() || dims == 0) return out;
  const size_t n = text.size() + 2;  // the padded length
  auto at = [&](size_t i) -> unsigned char {
    return i == 0 || i == n - 1 ? ' ' : ascii_lower(static_cast<unsigned char>(text[i - 1]));
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

void TrigramCounter::start() {
  seen_ = 1;  // the leading pad
  c1_ = ' ';
}

// One trigram per character from the third padded one on; the same FNV-1a as trigram_buckets.
void TrigramCounter::add(unsigned char c) {
  if (seen_ >= 2) {
    uint32_t h = 2166136261u;
    h = (h ^ c0_) * 16777619u;
    h = (h ^ c1_) * 16777619u;
    h = (h ^ c) * 16777619u;
    const uint32_t b = static_cast<uint32_t>(mask_ ? h & mask_ : h % dims_);  // h % dims_ either way
    if (count_[b]++ == 0) touched_.push_back(b);
  }
  c0_ = c1_;
  c1_ = c;
  ++seen_;
}

void TrigramCounter::append(std::string_view piece) {
  if (dims_ == 0) return;
  size_t i = 0;
  for (; i < piece.size() && seen_ < 2; ++i) add(ascii_lower(static_cast<unsigned char>(piece[i])));
  // From the second character on every one ends a trigram: add's work without its test, the last two in registers.
  unsigned char c0 = c0_, c1 = c1_;
  for (size_t k = i; k < piece.size(); ++k) {
    const unsigned char c = ascii_lower(static_cast<unsigned char>(piece[k]));
    uint32_t h = 2166136261u;
    h = (h ^ c0) * 16777619u;
    h = (h ^ c1) * 16777619u;
    h = (h ^ c) * 16777619u;
    const uint32_t b = static_cast<uint32_t>(mask_ ? h & mask_ : h % dims_);
    if (count_[b]++ == 0) touched_.push_back(b);
    c0 = c1;
    c1 = c;
  }
  c0_ = c0;
  c1_ = c1;
  seen_ += piece.size() - i;
}

void TrigramCounter::finish(Counts& out) {
  if (dims_ > 0 && seen_ > 1) add(' ');  // the trailing pad; an empty text has no trigrams
  out.buckets.clear();
  out.buckets.reserve(touched_.size());
  out.norm2 = 0;
  for (uint32_t b : touched_) {
    const uint32_t c = count_[b];
    out.buckets.push_back({b, c});
    out.norm2 += static_cast<uint64_t>(c) * c;
    count_[b] = 0;
  }
  touched_.clear();
  seen_ = 0;
}

double TrigramCounter::cosine(const Counts& a, const Counts& b) {
  double out = 0;
  const Counts* bs[] = {&b};
  cosines(a, bs, 1, &out);
  return out;
}

void TrigramCounter::cosines(const Counts& a, const Counts* const* bs, size_t n, double* out) {
  for (const auto& [bucket, count] : a.buckets) count_[bucket] = count;
  for (size_t k = 0; k < n; ++k) {
    const Counts& b = *bs[k];
    if (a.norm2 == 0 || b.norm2 == 0) {
      out[k] = 0.0;
      continue;
    }
    uint64_t dot = 0;
    for (const auto& [bucket, count] : b.buckets) dot += static_cast<uint64_t>(count_[bucket]) * count;
    out[k] =
        static_cast<double>(dot) / (std::sqrt(static_cast<double>(a.norm2)) * std::sqrt(static_cast<double>(b.norm2)));
  }
  for (const auto& [bucket, count] : a.buckets) count_[bucket] = 0;
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
