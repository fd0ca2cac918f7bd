// Whether two query results are the same answer, for keeping a de-naturalised variant (SQLMorph §V: "each item
// passes execution equivalence checks"). Column names are ignored (they were renamed); rows compare as a multiset
// of typed values, stricter than BIRD's set semantics so a rename that duplicated or lost rows is caught. TQA may
// not depend on core/metrics, hence this small comparison here.
#pragma once
#include "core/db/value.h"

namespace chokepoint::tqa {

bool same_result(const ResultSet& a, const ResultSet& b);

}  // namespace chokepoint::tqa
