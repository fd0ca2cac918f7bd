// Execution accuracy (EX) as the two standard evaluators compute it, on already executed results.
// BIRD (evaluation.py): set(predicted) == set(gold); duplicates and row order ignored, column order matters.
// Spider test-suite (exec_eval.py, result_eq): bag of rows, row order matters iff the gold query has ORDER BY,
// and the predicted columns may be any permutation of the gold ones.
#pragma once
#include <optional>
#include <string>

#include "core/base/deadline.h"
#include "core/dataset/eval_set.h"
#include "core/db/value.h"
#include "core/metrics/value_equality.h"

namespace chokepoint {

// TestSuite: Spider's test-suite evaluator in its default mode (no --keep_distinct), as published Spider EX is
// computed: Spider's result comparison on queries rewritten first (test_suite_rewrite.h: DISTINCT deleted, '> ='
// joined, YEAR(CURDATE()) -> 2020, "value" -> "1" in the prediction), with row order mattering whenever "order by"
// appears anywhere in the gold. Spider is the same evaluator with --keep_distinct, minus those text quirks.
enum class ExSemantics { Bird, Spider, TestSuite };

const char* ex_semantics_name(ExSemantics s);  // "bird" / "spider" / "test-suite"
// The inverse of ex_semantics_name; nullopt for any other name.
std::optional<ExSemantics> ex_semantics_from_name(const std::string& name);
// Whether row order counts for this gold: BIRD never; Spider when the outermost query ends with ORDER BY
// (has_outer_order_by); TestSuite when "order by" is a substring of the lowercased gold (test_suite_order_matters).
bool ex_order_matters(ExSemantics semantics, const std::string& gold_sql);

// The semantics a file's own benchmark uses, when its format says which: BIRD's JSON and prediction dict -> BIRD,
// Spider's JSON and one-SQL-per-line predictions -> Spider; gold TSV and CSV are used by both (none).
std::optional<ExSemantics> semantics_of_format(DatasetFormat format);

// Set equality of rows under Python equality (1 == 1.0). Two empty results are equal whatever their columns.
// Every function here takes an optional numeric tolerance (off by default: the exact, hashed comparison); with one,
// equality is tolerant_equal and the comparisons are tolerant_matching.h's.
bool bird_results_match(const ResultSet& gold, const ResultSet& pred, const NumericTolerance& tolerance = {});

// Spider test-suite result_eq: same row count, same column count, and some column permutation of `pred` whose
// rows equal gold's as a bag (or as a list when order_matters). Two empty results are equal.
// The permutation search is exact: it prunes by column value sets and by checking each placed column against the
// ones before it, and visits at most kMaxPermutations partial or full orders, a guard no real result reaches; it
// stops (no match) when `deadline` passes. `search_capped`, when given, says whether the guard ended the search.
constexpr size_t kMaxPermutations = 20000;
bool spider_results_match(const ResultSet& gold, const ResultSet& pred, bool order_matters,
                          const Deadline& deadline = Deadline::never(), bool* search_capped = nullptr,
                          const NumericTolerance& tolerance = {});

// EX for one pair under `semantics`; `gold_sql` decides order sensitivity (ex_order_matters). For TestSuite the
// results must come from the rewritten queries (test_suite_rewrite), as evaluate_pair executes them.
bool execution_match(ExSemantics semantics, const std::string& gold_sql, const ResultSet& gold, const ResultSet& pred,
                     const Deadline& deadline = Deadline::never(), bool* search_capped = nullptr,
                     const NumericTolerance& tolerance = {});

}  // namespace chokepoint
