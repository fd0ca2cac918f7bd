// The JQE panel's step view: one seed's join query graph, candidate tables, join-condition combinations with their
// verdicts (kept, redundant, isomorphic over the cap, empty result) and why, the isomorphism classes, and the
// expanded queries as diffs with their results. It draws what core/jqe decided (jqe_step.h); it decides nothing.
#pragma once
#include "web/panels/jqe/jqe_panel.h"

namespace chokepoint::web {

void draw_step(JqePanel& panel);

}  // namespace chokepoint::web
