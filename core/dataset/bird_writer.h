// Writing evaluation sets in BIRD's formats, so generated sets (expansions, augmentations, mutants) can be fed to
// BIRD-style tools and back to Chokepoint.
#pragma once
#include <string>
#include <vector>

#include "core/dataset/eval_set.h"

namespace chokepoint {

// A BIRD dev.json array: question_id (a number when the key is one), db_id, question, evidence, SQL, difficulty.
// Pretty-printed with two-space indentation, keys in BIRD's order.
std::string write_bird_dev_json(const EvalSet& set);
// A BIRD prediction dict {"0": "SQL\t----- bird -----\tdb_id", ...} keyed by position.
std::string write_bird_predictions(const EvalSet& set);

}  // namespace chokepoint
