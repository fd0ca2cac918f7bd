// The headline of an evaluation as both front ends say it: EX, under which semantics, over which items, and what
// was not scored and why, counted apart from the predictions that failed. A user comparing with BIRD's or Spider's
// scripts (which stop at a missing database) must see at once when a number is over fewer items than were given.
#pragma once
#include <string>

#include "core/metrics/execution_accuracy.h"
#include "core/metrics/pair_evaluation.h"

namespace chokepoint {

// "BIRD semantics", "Spider semantics", "Spider test-suite semantics": how the headline names each.
const char* semantics_label(ExSemantics s);

// EX over every given item (the scripts' denominator): correct / n, in percent; 0 for no item.
double ex_over_n(const EvaluationSummary& s);

// "EX 72.41% (BIRD semantics) over 29 scored of 34 items; 5 not scored: 3 without their database, 2 whose gold
// failed; EX over all 34: 61.76%". With every item scored: "EX 72.41% (BIRD semantics) over all 34 items".
std::string ex_headline(const EvaluationSummary& s, ExSemantics semantics);

// "3 without their database, 1 whose gold failed, 1 whose gold timed out", or "" when every item was scored.
std::string not_scored_reasons(const EvaluationSummary& s);

}  // namespace chokepoint
