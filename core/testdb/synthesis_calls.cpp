#include "core/testdb/synthesis_calls.h"

#include <algorithm>

namespace chokepoint::testdb {

SynthesisCallCounts synthesis_call_counts(const SynthesisOptions& options) {
  SynthesisCallCounts c;
  c.synthesize_min = 1;
  if (options.method == SynthesisMethod::Vanilla) {
    c.synthesize_max = 1;
    return c;
  }
  if (options.schema_source == SchemaSource::Selector) {
    c.select = options.selection_temperatures.size();
    c.expand = options.expansion ? 1 : 0;
  }
  if (!options.critic) {
    c.synthesize_max = 1;
    return c;
  }
  const size_t rounds = static_cast<size_t>(std::max(1, options.rounds));
  c.synthesize_max = rounds;
  c.critique_min = 1;
  c.critique_max = rounds;
  return c;
}

}  // namespace chokepoint::testdb
