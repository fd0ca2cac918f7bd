// What jqe-delta needs to know of `chokepoint jqe`'s EXPANDED.json beyond a set: the seed each expansion was built
// from (its items' jqe.seed_id), and the join-graph shapes of the seeds' and expansions' gold queries. The CLI and the
// Studies tab both build the study's inputs here, so the same files give the same tables.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/schema/schema.h"
#include "core/study/jqe_delta_study.h"

namespace chokepoint::study {

// jqe.seed_id of each item of EXPANDED.json's text, in file order. `name` (the file) prefixes each refusal: not a
// JSON array, an item without jqe.seed_id, a seed_id that is neither text nor a whole number.
Result<std::vector<std::string>> expansion_seed_ids(const std::string& text, const std::string& name);

// The schema of a database, or null when it is not available (its gold's shape is then unknown).
using SchemaOf = std::function<const Schema*(const std::string& db_id)>;

// jqe-delta's inputs but the evaluations: the seed set's keys, each expansion's seed and its gold's join query graph
// shape (nodes, edges), and each seed gold's joins. Fails when the expansions and their seed ids differ in number or
// an expansion's seed is not in the seed set.
Result<JqeDeltaInputs> jqe_delta_inputs(std::string system, const std::vector<EvalPair>& seeds,
                                        const std::vector<std::string>& seed_keys,
                                        const std::vector<EvalPair>& expansions,
                                        const std::vector<std::string>& expansion_seed_ids, const SchemaOf& schema_of);

}  // namespace chokepoint::study
