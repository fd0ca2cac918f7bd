// The jqe-delta study: how a system's EX moves from the seeds of join query expansion to their expansions. EX on the
// whole seed set, on the seeds that were expanded and on the expansions (thesis Table 3.6, SQLMorph Table IV), ΔEX
// of every expansion against its own seed (thesis Table 3.7, SQLMorph Table V), EX by number of joins (SQLMorph
// Fig. 3) and by join-graph shape with a balanced sample (thesis Table 3.8). Definitions: decisions.md §35.
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/metrics/pair_evaluation.h"
#include "core/metrics/transitions.h"
#include "core/study/study_report.h"

namespace chokepoint::study {

// One expansion's provenance: the key of the seed it was built from (EXPANDED.json's jqe.seed_id) and the shape of
// its main join query graph (nodes = table instances, edges = joined pairs); -1 when unknown (the SQL does not parse).
struct ExpansionShape {
  std::string seed_id;
  int nodes = -1, edges = -1;
};

struct JqeDeltaInputs {
  std::string system = "system";      // the predictions' label in tables and charts
  std::vector<std::string> seed_ids;  // the seed set's keys, in set order (unique)
  std::vector<ItemEvaluation> seeds;  // one per seed, same order
  std::vector<int> seed_edges;        // joins (JQG edges) of each seed's gold; -1 unknown; empty: none known
  std::vector<ItemEvaluation> expansions;
  std::vector<ExpansionShape> shapes;  // one per expansion, same order
};

// One (V, E) group of thesis Table 3.8 over the scored expansions of that shape.
struct ShapeBucket {
  int nodes = 0, edges = 0;
  size_t available = 0, correct = 0;      // every scored expansion of the shape
  size_t sample = 0, sample_correct = 0;  // the balanced sample: the first `sample` of them in file order
};
// The four groups (2,1), (3,2), (4,3), (5,4). The balanced sample takes from each group as many expansions as the
// smallest non-empty group has (an empty group takes none), the first ones in file order, so it is deterministic.
std::vector<ShapeBucket> shape_buckets(const std::vector<ItemEvaluation>& expansions,
                                       const std::vector<ExpansionShape>& shapes);

struct JqeDeltaNumbers {
  size_t seeds = 0, seeds_scored = 0, seeds_correct = 0;                 // EX_dev over the scored seeds
  size_t originals = 0, originals_scored = 0, originals_correct = 0;     // EX_ori: seeds with >= 1 expansion
  size_t expansions = 0, expansions_scored = 0, expansions_correct = 0;  // EX_exp
  double ex_dev = 0, ex_ori = 0, ex_exp = 0;                             // percent
  DeltaExTable transitions;  // over expansions scored together with their seed
  size_t pairs_skipped = 0;  // expansions left out of the transitions (their gold or their seed's failed)
  std::vector<ShapeBucket> shapes;
};

struct JqeDeltaStudy {
  JqeDeltaNumbers numbers;
  StudyReport report;
};

// Index of each expansion's seed in seed_ids; fails naming an expansion whose seed is not in the set, or a seed key
// given twice.
Result<std::vector<size_t>> seeds_of_expansions(const std::vector<std::string>& seed_ids,
                                                const std::vector<ExpansionShape>& shapes);

// The study. Fails when the inputs are not aligned (sizes) or an expansion's seed is unknown.
Result<JqeDeltaStudy> jqe_delta_study(const JqeDeltaInputs& in);

}  // namespace chokepoint::study
