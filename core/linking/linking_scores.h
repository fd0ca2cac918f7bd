// Scores of schema linking and schema retrieval, as pure functions of gold and retrieved name sets: RES, Subset Match
// and Exact Match over tables (004 §4.5.1 Eq. 5–6 and Appendix B.1), column-level recall and precision (beyond the
// paper, which scores tables only), and FPR and SLR over columns (001 SQLMorph §VII-b, Table VIII). Names compare
// case-insensitively (SQLite's identifiers do); columns are "table.column".
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace chokepoint::linking {

// One item: what the gold query uses and what a method retrieved. Order and case do not matter; duplicates count
// once.
struct LinkingCase {
  std::vector<std::string> gold_tables, retrieved_tables;
  std::vector<std::string> gold_columns, retrieved_columns;  // "table.column"
};

// The per-item RES term 1[T ⊆ T̂]·sqrt(|T|/|T̂|) (004 Eq. 5–6): 0 when a gold table is missing, 1 when T̂ = T, and
// lower the more extra tables T̂ has. An empty T gives 0 (there is nothing to retrieve; callers leave such items out).
double retrieval_efficiency(const std::vector<std::string>& gold, const std::vector<std::string>& retrieved);
bool is_subset(const std::vector<std::string>& gold, const std::vector<std::string>& retrieved);  // T ⊆ T̂
bool same_set(const std::vector<std::string>& gold, const std::vector<std::string>& retrieved);   // T = T̂

// Table VIII / Tables 8–9 of 004 for one method. Invariant (tested): exact_match ≤ res ≤ subset_match.
struct LinkingScores {
  size_t n = 0;                       // items scored: those with at least one gold table
  size_t skipped = 0;                 // items left out: no gold table (gold did not parse, or reads no table)
  double res = 0;                     // mean of retrieval_efficiency, in [0, 1] as 004 Table 8 prints it
  double subset_match = 0;            // share with T ⊆ T̂
  double exact_match = 0;             // share with T = T̂
  size_t column_items = 0;            // of the n, those with at least one gold column (column scores are over these)
  double column_recall = 0;           // macro: mean over column_items of |G ∩ R| / |G|
  double column_precision = 0;        // macro: mean over column_items of |G ∩ R| / |R| (0 when R is empty)
  double column_recall_micro = 0;     // pooled: Σ|G ∩ R| / Σ|G|
  double column_precision_micro = 0;  // pooled: Σ|G ∩ R| / Σ|R| (0 when nothing was retrieved)
};
LinkingScores score_linking(const std::vector<LinkingCase>& cases);

// Stage-level retrieval over columns (001 Table VIII), on the items with at least one gold column.
//
// FPR: the paper says it "quantifies the proportion of retrieved columns that are irrelevant to the query" and SLR
// "measures whether all required columns are retrieved for each query": both are read per query and averaged, so
// `fpr` is the mean over queries of |R \ G| / |R| (a query that retrieved nothing has no FPR and is left out of it,
// counted in fpr_items). The pooled reading Σ|R \ G| / Σ|R|, which weighs large schemas more, is `fpr_pooled`. On
// BIRD dev with Full-Schema the per-query mean gives the paper's 90.1 % (docs/decisions.md §23; bench/linking_bench).
struct RetrievalScores {
  size_t n = 0;           // items scored: at least one gold column
  size_t skipped = 0;     // items without gold columns
  size_t fpr_items = 0;   // of the n, those that retrieved at least one column
  double fpr = 0;         // percent: mean over fpr_items of |R \ G| / |R|
  double fpr_pooled = 0;  // percent: Σ|R \ G| / Σ|R|
  double slr = 0;         // percent: share of the n with G ⊆ R
  size_t retrieved = 0;   // Σ|R|, for the record
};
RetrievalScores score_retrieval(const std::vector<LinkingCase>& cases);

}  // namespace chokepoint::linking
