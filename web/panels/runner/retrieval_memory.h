// The Retrieval tab's Table VIII cells as the workspace keeps them (in the Run a model manifest,
// /workspace/model_run.json, under "retrieval"), so a reload brings back every cell with its items and the retrieval
// study lays out the same report: [{approach, variant, set, model, foreign_keys, scores {...}, rows [...]}].
#pragma once
#include <nlohmann/json.hpp>

#include "web/panels/runner/retrieval_view.h"

namespace chokepoint::web {

nlohmann::json retrieval_table_memory(const decltype(RetrievalView::table)& table);
// The cells back; an entry that is not what retrieval_table_memory writes is skipped (a damaged record never gives a
// half-read cell).
decltype(RetrievalView::table) restore_retrieval_table(const nlohmann::json& memory);

}  // namespace chokepoint::web
