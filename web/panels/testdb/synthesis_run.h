// What the Synthesis tab's drawing needs of its run (synthesis_run.cpp): the questions as agreement items, each
// with its verdicts on the original and the synthetic database.
#pragma once
#include <vector>

#include "core/testdb/agreement.h"
#include "web/panels/testdb/synthesis_view.h"

namespace chokepoint::web {

std::vector<testdb::AgreementItem> agreement_items(const SynthesisView& view);
// The method the run was planned with ("synsql" or "vanilla"): its folder and the synsql study name it.
const char* synthesis_method(const SynthesisView& view);

}  // namespace chokepoint::web
