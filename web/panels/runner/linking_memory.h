// The Schema linking section's finished runs as the workspace keeps them (in the Run a model manifest,
// /workspace/model_run.json, under "linking"), so a reload brings back the Tables 8 and 9 rows and each set's
// retrieved tables: the llm-tasks study lays out the same linking tables and tqa-augment the same Table 4.9 after a
// reload. {"rows": [{set, model, method, foreign_keys, top_k, scores {...}}], "retrieved": {set: {method, tables:
// {key: [table, ...]}}}}.
#pragma once
#include <nlohmann/json.hpp>

#include "web/panels/runner/linking_view.h"

namespace chokepoint::web {

nlohmann::json linking_memory(const LinkingView& view);
// The rows and retrieved tables back into `view`, when it has none of its own yet (a run finished in this page before
// the workspace was back stands). A row or set that is not what linking_memory writes is skipped, never half-read.
void restore_linking(LinkingView& view, const nlohmann::json& memory);

}  // namespace chokepoint::web
