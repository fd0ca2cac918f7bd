// How many model calls one question's synthesis makes, from its options: the selector's calls (one per selection
// temperature, with the selector only), the expansion call (with the selector and expansion on), and one
// synthesizer and one critic call per round (one synthesizer call and no critic without a critic or for vanilla).
// The CLI's estimate before anything is sent and --preview's later rounds come from here, so an ablation's estimate
// is its own (no selector calls with the oracle or full schema, one round without the critic).
#pragma once
#include <cstddef>

#include "core/testdb/synthesis_loop.h"

namespace chokepoint::testdb {

struct SynthesisCallCounts {
  size_t select = 0, expand = 0;
  size_t synthesize_min = 0, synthesize_max = 0;  // the first round always; more while the critic rejects
  size_t critique_min = 0, critique_max = 0;
  size_t at_least() const { return select + expand + synthesize_min + critique_min; }
  size_t at_most() const { return select + expand + synthesize_max + critique_max; }
};

SynthesisCallCounts synthesis_call_counts(const SynthesisOptions& options);

}  // namespace chokepoint::testdb
