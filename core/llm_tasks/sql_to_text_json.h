// SQL-to-Text's results as JSON, the one shape `chokepoint describe` writes and the SQL-to-Text tab shows: each
// described item, and the summary's scores (ROUGE, the judge, the embedding cosine, the check of predictions).
// Each front end adds what only it knows (the CLI its flags and call counts, the tab its phase).
#pragma once
#include <nlohmann/json.hpp>

#include "core/llm_tasks/sql_to_text.h"

namespace chokepoint::llm_tasks {

nlohmann::json described_item_json(const DescribedItem& item);
// `judged`: the judge ran (its block is added); `checked`: predictions were described (the check's block is added).
nlohmann::json describe_summary_json(const DescribeSummary& summary, bool judged, bool checked);

}  // namespace chokepoint::llm_tasks
