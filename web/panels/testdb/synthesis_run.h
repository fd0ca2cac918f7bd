// What the Synthesis tab's drawing needs of its run (synthesis_run.cpp): the questions as agreement items, each
// with its verdicts on the original and the synthetic database.
#pragma once
#include <string>
#include <vector>

#include "core/testdb/agreement.h"
#include "web/panels/testdb/synthesis_view.h"

namespace chokepoint::web {

std::vector<testdb::AgreementItem> agreement_items(const SynthesisView& view);
// The method the run was planned with ("synsql", "vanilla", or SynSQL with an ablation: "synsql_no_critic"): its
// folder and the synsql study name it.
std::string synthesis_method(const SynthesisView& view);

}  // namespace chokepoint::web
