// Exact and semantic column matching.
#include "core/metrics/column_matching.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <exception>
#include <string_view>

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

const std::string& column_name(const ResultSet& r, size_t i) {
  static const std::string kNone;
  return i < r.column_names.size() ? r.column_names[i] : kNone;
}

constexpr size_t kTrigramDims = 2048;  // ngram_embedding's default

// A run of equal values (Python equality) of a column: how many, and its first occurrence in row order.
struct Run {
  size_t count;
  const Value* value;
};

// Buffers of the descriptor computations, reused from column to column.
struct DescriptorScratch {
  std::vector<std::pair<const Value*, uint32_t>> values;  // a column's non-NULL values with their row
  std::vector<Run> runs;
  std::vector<uint32_t> table;   // large columns: open addressing over runs (run index + 1, 0 = empty)
  std::vector<uint64_t> hashes;  // large columns: python_hash of each run's value
};

ColumnKind kind_of(ValueType t) {
  switch (t) {
    case ValueType::Integer:
    case ValueType::Real:
      return ColumnKind::Numeric;
    case ValueType::Text:
      return ColumnKind::Text;
    default:
      return ColumnKind::Blob;
  }
}

// The column's top_k most frequent non-NULL values, most frequent first, ties in value order: scratch.runs[0, k),
// returns k. As the reference's descriptor (value_counts().head(k)) on Python equality. Sets *kind to
// column_kind(r, col), read on the same pass, when kind is given.
size_t top_values(const ResultSet& r, size_t col, size_t top_k, DescriptorScratch& scratch,
                  ColumnKind* kind = nullptr) {
  auto& vals = scratch.values;
  auto& runs = scratch.runs;
  vals.clear();
  runs.clear();
  bool mixed = false;
  for (size_t i = 0; i < r.rows.size(); ++i)
    if (col < r.rows[i].size() && !r.rows[i][col].is_null()) {
      const Value& v = r.rows[i][col];
      if (!vals.empty()) mixed = mixed || kind_of(v.type) != kind_of(vals.front().first->type);
      vals.push_back({&v, static_cast<uint32_t>(i)});
    }
  if (kind) *kind = vals.empty() ? ColumnKind::Unknown : mixed ? ColumnKind::Mixed : kind_of(vals.front().first->type);
  if (vals.size() <= 64) {
    // Small columns: sorted by value, equal values in row order (a stable sort, without its buffer), then runs.
    std::sort(vals.begin(), vals.end(), [](const auto& a, const auto& b) {
      const int c = value_compare_fast(*a.first, *b.first);
      return c != 0 ? c < 0 : a.second < b.second;
    });
    for (size_t i = 0; i < vals.size();) {
      size_t j = i + 1;  // a value is its own run even when it equals nothing (NaN)
      while (j < vals.size() && python_equal(*vals[i].first, *vals[j].first)) ++j;
      runs.push_back({j - i, vals[i].first});
      i = j;
    }
  } else {
    // Large columns: count in one pass (runs in order of first occurrence) and rank only the top_k, O(n + d log k)
    // rather than sorting every value.
    size_t capacity = 16;
    while (capacity < 2 * vals.size()) capacity <<= 1;
    scratch.table.assign(capacity, 0);
    scratch.hashes.clear();
    const size_t mask = capacity - 1;
    for (const auto& [v, row] : vals) {
      const uint64_t h = python_hash(*v);
      for (size_t i = static_cast<size_t>(h) & mask;; i = (i + 1) & mask) {
        const uint32_t e = scratch.table[i];
        if (e == 0) {
          scratch.table[i] = static_cast<uint32_t>(runs.size() + 1);
          runs.push_back({1, v});
          scratch.hashes.push_back(h);
          break;
        }
        if (scratch.hashes[e - 1] == h && python_equal(*runs[e - 1].value, *v)) {
          ++runs[e - 1].count;
          break;
        }
      }
    }
  }
  const size_t k = std::min(top_k, runs.size());
  // Most frequent first, ties in value order (distinct values are never equal under value_less's strict order, so
  // a full sort when every run is kept orders them as the partial one does).
  const auto before = [](const Run& a, const Run& b) {
    return a.count != b.count ? a.count > b.count : value_less(*a.value, *b.value);
  };
  if (k == runs.size())
    std::sort(runs.begin(), runs.end(), before);
  else
    std::partial_sort(runs.begin(), runs.begin() + static_cast<long>(k), runs.end(), before);
  return k;
}

// The column's descriptor (column_descriptor) fed to `counter` piece by piece, without building it; its kind too.
void count_descriptor(const ResultSet& r, size_t col, size_t top_k, DescriptorScratch& scratch, TrigramCounter& counter,
                      TrigramCounter::Counts& out, ColumnKind& kind) {
  const size_t k = top_values(r, col, top_k, scratch, &kind);
  counter.start();
  if (col < r.column_names.size()) counter.append(r.column_names[col]);
  counter.append(":");
  for (size_t i = 0; i < k; ++i) {
    counter.append(i ? ", " : " ");
    const Value& v = *scratch.runs[i].value;
    if (v.type == ValueType::Text && v.bytes.size() <= kDescriptorValueBytes) {
      counter.append(v.bytes);  // display_prefix shows such a text whole
    } else if (v.type == ValueType::Integer) {
      char digits[24];
      const auto end = std::to_chars(digits, digits + sizeof digits, v.integer).ptr;  // as std::to_string
      counter.append(std::string_view(digits, static_cast<size_t>(end - digits)));
    } else {
      counter.append(v.display_prefix(kDescriptorValueBytes));
    }
  }
  counter.finish(out);
}

// Whether column `col` of both results has the same name and the same values, type for type and bit for bit, in
// the same rows: then its descriptors are equal (a prediction that adds columns to the gold's, a common error, keeps
// the gold's columns this way).
bool same_column(const ResultSet& a, const ResultSet& b, size_t col) {
  if (a.rows.size() != b.rows.size() || column_name(a, col) != column_name(b, col)) return false;
  for (size_t i = 0; i < a.rows.size(); ++i) {
    const bool in_a = col < a.rows[i].size(), in_b = col < b.rows[i].size();
    if (in_a != in_b) return false;
    if (!in_a) continue;
    const Value& x = a.rows[i][col];
    const Value& y = b.rows[i][col];
    if (x.type != y.type) return false;
    switch (x.type) {
      case ValueType::Null:
        break;
      case ValueType::Integer:
        if (x.integer != y.integer) return false;
        break;
      case ValueType::Real:
        if (std::memcmp(&x.real, &y.real, sizeof x.real) != 0) return false;
        break;
      default:
        if (x.bytes != y.bytes) return false;
    }
  }
  return true;
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
  DescriptorScratch scratch;
  const size_t k = top_values(r, col, top_k, scratch);
  std::string d = column_name(r, col) + ":";
  for (size_t i = 0; i < k; ++i) d += (i ? ", " : " ") + scratch.runs[i].value->display_prefix(kDescriptorValueBytes);
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

struct SemanticColumnMatcher::Buffers {
  DescriptorScratch scratch;
  TrigramCounter counter{kTrigramDims};
  std::vector<TrigramCounter::Counts> counts;  // the gold columns' descriptors, then those predicted ones counted
  std::vector<size_t> pred_counts;             // per predicted column: its descriptor's index in counts
  std::vector<const TrigramCounter::Counts*> pred_descriptors;  // the same as pointers, for cosines
  std::vector<ColumnKind> gold_kinds, pred_kinds;
  std::vector<double> sim;  // ng x np, row-major: the cosine, or -2 for incompatible kinds
  AssignmentBuffers assignment;
  std::vector<int> assigned;

  void count_local(const ResultSet& gold, const ResultSet& pred, size_t ng, size_t np, size_t top_k);
  std::vector<ColumnPair> assign(size_t ng, size_t np, const ColumnMatchOptions& options);
};

// Cosines of the default trigram embeddings of the SC columns' descriptors, from integer trigram counts (the same
// numbers as the dense vectors of ngram_embedding on the descriptor texts, without building texts or vectors), into
// sim; the columns' kinds come from the same passes.
void SemanticColumnMatcher::Buffers::count_local(const ResultSet& gold, const ResultSet& pred, size_t ng, size_t np,
                                                 size_t top_k) {
  if (counts.size() < ng + np) counts.resize(ng + np);  // never shrunk: each keeps its buffer for the next pair
  gold_kinds.resize(ng);
  pred_kinds.resize(np);
  pred_counts.resize(np);
  for (size_t g = 0; g < ng; ++g) count_descriptor(gold, g, top_k, scratch, counter, counts[g], gold_kinds[g]);
  size_t next = ng;
  for (size_t p = 0; p < np; ++p) {
    if (p < ng && same_column(gold, pred, p)) {
      pred_counts[p] = p;  // the same descriptor and kind
      pred_kinds[p] = gold_kinds[p];
      continue;
    }
    pred_counts[p] = next;
    count_descriptor(pred, p, top_k, scratch, counter, counts[next++], pred_kinds[p]);
  }
  pred_descriptors.resize(np);
  for (size_t p = 0; p < np; ++p) pred_descriptors[p] = &counts[pred_counts[p]];
  sim.resize(ng * np);
  for (size_t g = 0; g < ng; ++g) counter.cosines(counts[g], pred_descriptors.data(), np, sim.data() + g * np);
}

// The assignment on sim (cosines), incompatible kinds set to -2 first.
std::vector<ColumnPair> SemanticColumnMatcher::Buffers::assign(size_t ng, size_t np,
                                                               const ColumnMatchOptions& options) {
  // Incompatible pairs get weight -2 (below any cosine) so the assignment avoids them when it can.
  for (size_t g = 0; g < ng; ++g)
    for (size_t p = 0; p < np; ++p)
      if (!kinds_compatible(gold_kinds[g], pred_kinds[p])) sim[g * np + p] = -2.0;
  max_weight_assignment(sim.data(), ng, np, assignment, assigned);
  std::vector<ColumnPair> out;
  for (size_t g = 0; g < ng; ++g) {
    int p = assigned[g];
    if (p < 0) continue;
    double s = sim[g * np + static_cast<size_t>(p)];
    if (s > options.threshold) out.push_back({g, static_cast<size_t>(p), s});
  }
  return out;
}

SemanticColumnMatcher::SemanticColumnMatcher() : buffers_(std::make_unique<Buffers>()) {}
SemanticColumnMatcher::~SemanticColumnMatcher() = default;

Result<std::vector<ColumnPair>> SemanticColumnMatcher::match(const ResultSet& gold, const ResultSet& pred,
                                                             const ColumnMatchOptions& options) {
  const size_t ng = semantic_columns(gold), np = semantic_columns(pred);
  if (ng == 0 || np == 0) return std::vector<ColumnPair>{};
  Buffers& b = *buffers_;
  std::vector<std::string> texts;
  std::vector<Embedding> vecs;
  try {
    if (!options.embed) {
      b.count_local(gold, pred, ng, np, options.top_k);
      return b.assign(ng, np, options);
    }
    texts = semantic_descriptor_texts(gold, pred, options);
    vecs = options.embed(texts);
  } catch (const std::exception& e) {
    return Error{std::string("embedding function failed: ") + e.what()};
  } catch (...) {
    return Error{"embedding function failed"};
  }
  if (vecs.size() != texts.size())
    return Error{"embedding function returned " + std::to_string(vecs.size()) + " vectors for " +
                 std::to_string(texts.size()) + " column descriptors"};
  b.gold_kinds.resize(ng);
  b.pred_kinds.resize(np);
  for (size_t g = 0; g < ng; ++g) b.gold_kinds[g] = column_kind(gold, g);
  for (size_t p = 0; p < np; ++p) b.pred_kinds[p] = column_kind(pred, p);
  b.sim.resize(ng * np);
  for (size_t g = 0; g < ng; ++g)
    for (size_t p = 0; p < np; ++p) b.sim[g * np + p] = cosine_similarity(vecs[g], vecs[ng + p]);
  return b.assign(ng, np, options);
}

Result<std::vector<ColumnPair>> match_columns_semantic(const ResultSet& gold, const ResultSet& pred,
                                                       const ColumnMatchOptions& options) {
  return SemanticColumnMatcher().match(gold, pred, options);
}

}  // namespace chokepoint
