// Exact and semantic column matching.
#include "core/metrics/column_matching.h"

#include <algorithm>
#include <cctype>
#include <exception>
#include <unordered_map>

#include "core/base/text.h"
#include "core/metrics/hungarian.h"
#include "core/metrics/value_equality.h"

namespace chokepoint {
namespace {

size_t column_count(const ResultSet& r) {
  return std::max(r.column_names.size(), r.rows.empty() ? size_t{0} : r.rows.front().size());
}

// The columns SC considers (see kMaxSemanticColumns).
size_t semantic_columns(const ResultSet& r) { return std::min(column_count(r), kMaxSemanticColumns); }

std::string column_name(const ResultSet& r, size_t i) { return i < r.column_names.size() ? r.column_names[i] : ""; }

std::vector<ColumnPair> assign_columns(const ResultSet& gold, const ResultSet& pred, size_t ng, size_t np,
                                       const std::vector<std::vector<double>>& cos, const ColumnMatchOptions& options);

// Cosines of the default trigram embeddings, computed on sparse counts (the same numbers as the dense vectors of
// ngram_embedding, without 2,048-wide vectors per column).
std::vector<std::vector<double>> ngram_similarity_matrix(const std::vector<std::string>& texts, size_t ng) {
  std::vector<SparseEmbedding> v;
  for (const auto& t : texts) v.push_back(sparse_ngram_embedding(t));
  std::vector<std::vector<double>> cos(ng, std::vector<double>(texts.size() - ng));
  for (size_t g = 0; g < ng; ++g)
    for (size_t p = 0; p < texts.size() - ng; ++p) cos[g][p] = cosine_similarity(v[g], v[ng + p]);
  return cos;
}

}  // namespace

ColumnKind column_kind(const ResultSet& r, size_t col) {
  ColumnKind kind = ColumnKind::Unknown;
  for (const auto& row : r.rows) {
    if (col >= row.size()) continue;
    ColumnKind k;
    switch (row[col].type) {
      case ValueType::Null:
        continue;
      case ValueType::Integer:
      case ValueType::Real:
        k = ColumnKind::Numeric;
        break;
      case ValueType::Text:
        k = ColumnKind::Text;
        break;
      default:
        k = ColumnKind::Blob;
        break;
    }
    if (kind == ColumnKind::Unknown)
      kind = k;
    else if (kind != k)
      return ColumnKind::Mixed;
  }
  return kind;
}

bool kinds_compatible(ColumnKind a, ColumnKind b) {
  if (a == ColumnKind::Unknown || b == ColumnKind::Unknown) return true;
  if (a == ColumnKind::Mixed || b == ColumnKind::Mixed) return true;
  return a == b;
}

std::string column_descriptor(const ResultSet& r, size_t col, size_t top_k) {
  // Runs of equal values (Python equality), each with its count and its first occurrence in row order.
  struct Run {
    size_t count;
    const Value* value;
  };
  std::vector<Run> runs;
  std::vector<const Value*> vals;  // pointers: no copies of text values
  vals.reserve(r.rows.size());
  for (const auto& row : r.rows)
    if (col < row.size() && !row[col].is_null()) vals.push_back(&row[col]);
  if (vals.size() <= 64) {
    // Small columns: a stable sort keeps equal values in row order, and costs no allocation per distinct value.
    std::stable_sort(vals.begin(), vals.end(), [](const Value* a, const Value* b) { return value_less(*a, *b); });
    for (size_t i = 0; i < vals.size();) {
      size_t j = i;
      while (j < vals.size() && python_equal(*vals[i], *vals[j])) ++j;
      runs.push_back({j - i, vals[i]});
      i = j;
    }
  } else {
    // Large columns: count in one pass and rank only the top_k, O(n + d log k) rather than sorting every value.
    struct RefHash {
      size_t operator()(const Value* v) const { return static_cast<size_t>(python_hash(*v)); }
    };
    struct RefEqual {
      bool operator()(const Value* a, const Value* b) const { return python_equal(*a, *b); }
    };
    std::unordered_map<const Value*, size_t, RefHash, RefEqual> index;  // value -> position in runs
    index.reserve(vals.size());
    for (const Value* v : vals) {
      auto placed = index.emplace(v, runs.size());
      if (placed.second)
        runs.push_back({1, v});
      else
        ++runs[placed.first->second].count;
    }
  }
  const size_t k = std::min(top_k, runs.size());
  // Most frequent first, ties in value order (distinct values are never equal under value_less's strict order).
  std::partial_sort(runs.begin(), runs.begin() + static_cast<long>(k), runs.end(), [](const Run& a, const Run& b) {
    return a.count != b.count ? a.count > b.count : value_less(*a.value, *b.value);
  });
  std::string d = column_name(r, col) + ":";
  for (size_t i = 0; i < k; ++i) d += (i ? ", " : " ") + runs[i].value->display_prefix(kDescriptorValueBytes);
  return d;
}

std::vector<std::string> semantic_descriptor_texts(const ResultSet& gold, const ResultSet& pred,
                                                   const ColumnMatchOptions& options) {
  std::vector<std::string> texts;
  const size_t ng = semantic_columns(gold), np = semantic_columns(pred);
  if (ng == 0 || np == 0) return texts;
  for (size_t g = 0; g < ng; ++g) texts.push_back(column_descriptor(gold, g, options.top_k));
  for (size_t p = 0; p < np; ++p) texts.push_back(column_descriptor(pred, p, options.top_k));
  return texts;
}

std::vector<ColumnPair> match_columns_exact(const ResultSet& gold, const ResultSet& pred) {
  std::vector<ColumnPair> out;
  const size_t np = column_count(pred);
  std::vector<bool> used(np, false);
  for (size_t g = 0; g < column_count(gold); ++g) {
    for (size_t p = 0; p < np; ++p) {
      if (used[p] || !iequals(column_name(gold, g), column_name(pred, p))) continue;
      used[p] = true;
      out.push_back({g, p, 1.0});
      break;
    }
  }
  return out;
}

Result<std::vector<ColumnPair>> match_columns_semantic(const ResultSet& gold, const ResultSet& pred,
                                                       const ColumnMatchOptions& options) {
  const size_t ng = semantic_columns(gold), np = semantic_columns(pred);
  if (ng == 0 || np == 0) return std::vector<ColumnPair>{};
  const std::vector<std::string> texts = semantic_descriptor_texts(gold, pred, options);
  std::vector<Embedding> vecs;
  try {
    if (!options.embed) return assign_columns(gold, pred, ng, np, ngram_similarity_matrix(texts, ng), options);
    vecs = options.embed(texts);
  } catch (const std::exception& e) {
    return Error{std::string("embedding function failed: ") + e.what()};
  } catch (...) {
    return Error{"embedding function failed"};
  }
  if (vecs.size() != texts.size())
    return Error{"embedding function returned " + std::to_string(vecs.size()) + " vectors for " +
                 std::to_string(texts.size()) + " column descriptors"};
  std::vector<std::vector<double>> cos(ng, std::vector<double>(np));
  for (size_t g = 0; g < ng; ++g)
    for (size_t p = 0; p < np; ++p) cos[g][p] = cosine_similarity(vecs[g], vecs[ng + p]);
  return assign_columns(gold, pred, ng, np, cos, options);
}

namespace {

std::vector<ColumnPair> assign_columns(const ResultSet& gold, const ResultSet& pred, size_t ng, size_t np,
                                       const std::vector<std::vector<double>>& cos, const ColumnMatchOptions& options) {
  std::vector<ColumnKind> gk, pk;
  for (size_t g = 0; g < ng; ++g) gk.push_back(column_kind(gold, g));
  for (size_t p = 0; p < np; ++p) pk.push_back(column_kind(pred, p));
  // Incompatible pairs get weight -2 (below any cosine) so the assignment avoids them when it can.
  std::vector<std::vector<double>> sim(ng, std::vector<double>(np, -2.0));
  for (size_t g = 0; g < ng; ++g)
    for (size_t p = 0; p < np; ++p)
      if (kinds_compatible(gk[g], pk[p])) sim[g][p] = cos[g][p];
  auto assignment = max_weight_assignment(sim);
  std::vector<ColumnPair> out;
  for (size_t g = 0; g < ng; ++g) {
    int p = assignment[g];
    if (p < 0) continue;
    double s = sim[g][static_cast<size_t>(p)];
    if (s > options.threshold) out.push_back({g, static_cast<size_t>(p), s});
  }
  return out;
}

}  // namespace

}  // namespace chokepoint
