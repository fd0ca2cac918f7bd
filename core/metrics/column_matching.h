// Column matching of SQLMorph §VI-B-a: which gold and predicted output columns are compared.
// EC pairs columns by name; SC pairs them by the similarity of descriptors (name plus top-k values) through a
// maximum-weight assignment restricted to type-compatible pairs, keeping pairs above a threshold. NC pairs none.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/db/value.h"
#include "core/metrics/ngram_similarity.h"

namespace chokepoint {

struct ColumnPair {
  size_t gold = 0;          // column index in the gold result
  size_t pred = 0;          // column index in the predicted result
  double similarity = 1.0;  // 1 under EC; the descriptor cosine under SC
};

struct ColumnMatchOptions {
  size_t top_k = 10;        // values in a descriptor (most frequent first)
  double threshold = 0.7;   // SC keeps pairs with similarity strictly above this (§VI-B-a)
  EmbeddingFunction embed;  // empty: ngram_embeddings (local, offline)
  std::string embedding_label = "local character trigram cosine";  // shown in reports
};

// Broad value kind of a column, from its non-NULL values. Unknown (no values) and Mixed are compatible with all.
enum class ColumnKind { Unknown, Numeric, Text, Blob, Mixed };
ColumnKind column_kind(const ResultSet& r, size_t col);
bool kinds_compatible(ColumnKind a, ColumnKind b);

// Bounds that keep SC's cost independent of what a prediction returns (decisions.md §10): a descriptor shows at
// most kDescriptorValueBytes of each value (Value::display_prefix), and the assignment, cubic in the columns,
// considers the first kMaxSemanticColumns columns of each side (SQLite allows 2,000); PairComparison says when.
constexpr size_t kDescriptorValueBytes = 1000;
constexpr size_t kMaxSemanticColumns = 256;

// "name: v1, v2, ..." with the top_k most frequent non-NULL values (ties in value order), as the reference's
// descriptor minus its pandas dtype text (the type enters through kinds_compatible instead).
std::string column_descriptor(const ResultSet& r, size_t col, size_t top_k);
// The texts SC embeds for a pair: every gold column's descriptor, then every predicted column's (none when either
// result has no columns). A caller whose embeddings arrive asynchronously fetches these first.
std::vector<std::string> semantic_descriptor_texts(const ResultSet& gold, const ResultSet& pred,
                                                   const ColumnMatchOptions& options);

// EC: names equal ignoring ASCII case (SQL identifiers are case-insensitive; the reference compares them
// case-sensitively). Repeated names pair in order of appearance. Sorted by gold index.
std::vector<ColumnPair> match_columns_exact(const ResultSet& gold, const ResultSet& pred);

// SC: Hungarian assignment on descriptor similarities; incompatible pairs are never kept. Sorted by gold index.
// Fails only when a plugged-in embedding function fails or returns the wrong number of vectors.
Result<std::vector<ColumnPair>> match_columns_semantic(const ResultSet& gold, const ResultSet& pred,
                                                       const ColumnMatchOptions& options);

// The same matching on buffers kept between calls (descriptor counts, the similarity matrix, the assignment's
// arrays), as CellMatcher does for cells: a batch of pairs allocates once, not per column. Nothing carries from one
// call into the next; a matcher belongs to one thread.
class SemanticColumnMatcher {
 public:
  SemanticColumnMatcher();
  ~SemanticColumnMatcher();
  SemanticColumnMatcher(const SemanticColumnMatcher&) = delete;
  SemanticColumnMatcher& operator=(const SemanticColumnMatcher&) = delete;

  Result<std::vector<ColumnPair>> match(const ResultSet& gold, const ResultSet& pred,
                                        const ColumnMatchOptions& options);

 private:
  struct Buffers;
  std::unique_ptr<Buffers> buffers_;
};

}  // namespace chokepoint
