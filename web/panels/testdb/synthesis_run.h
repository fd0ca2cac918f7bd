// What the Synthesis tab's drawing needs of its run (synthesis_run.cpp): the questions as agreement items, each
// with its verdicts on the original and the synthetic database.
#pragma once
#include <string>
#include <vector>

#include "core/metrics/pair_evaluation.h"
#include "core/testdb/agreement.h"
#include "web/panels/testdb/synthesis_view.h"

namespace chokepoint::web {

std::vector<testdb::AgreementItem> agreement_items(const SynthesisView& view);
// How the run's questions are judged, on every test database (the synthetic ones, the distilled suite): the gold
// set's semantics (BIRD's when it has none), 2 s and 100,000 rows a query.
EvaluationOptions synthesis_judging(const SynthesisView& view);
void make_dirs(const std::string& path);  // mkdir -p: the run's folders
// Question k's kept mutants (SynthesisView::Written::mutant_sql), made on `original` the first time they are asked for;
// none when its gold does not parse.
const std::vector<std::string>& gold_mutants(SynthesisView& view, size_t k, const Connection& original);
// The method the run was planned with ("synsql", "vanilla", or SynSQL with an ablation: "synsql_no_critic"): its
// folder and the synsql study name it.
std::string synthesis_method(const SynthesisView& view);

}  // namespace chokepoint::web
