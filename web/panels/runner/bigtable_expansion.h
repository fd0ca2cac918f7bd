// BigTable's expansion step in the page (004 §3.3: the >3 stratum topped up by three-table queries one join longer):
// JQE over the three-table items the subset did not take (jqe_batch.h, no cap per pattern, at most twice the
// shortfall, as `chokepoint bigtable` runs `chokepoint jqe`), a few units a frame; then each expansion's question and
// evidence asked of the LLM tab's model (jqe::QuestionJob) behind the privacy preview: nothing leaves the page before
// Confirm. What comes back goes to BigtableJob::append_expansions.
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/result.h"
#include "core/jqe/question_generation.h"
#include "web/app_state.h"
#include "web/llm/batch_life.h"
#include "web/panels/jqe/jqe_batch.h"

namespace chokepoint::web {

enum class ExpansionStage { Expanding, Preview, Asking, Done };
const char* expansion_stage_name(ExpansionStage s);  // "expanding", "preview", "asking", "done"

struct BigtableExpansion {
  ExpansionStage stage = ExpansionStage::Expanding;
  size_t seeds = 0;
  size_t short_by = 0;                     // items the >3 stratum lacks
  std::map<std::string, std::string> ddl;  // each database's schema as the prompts show it
  std::unique_ptr<JqeBatch> jqe;
  std::unique_ptr<jqe::QuestionJob> questions;
  std::optional<jqe::QuestionPlan> plan;  // while previewing
  BatchLife life;
  std::string destination;
  long long persisted_calls = 0;
  std::string outcome;  // once done: what the step did ("3 questions written, 1 failed", "discarded", ...)
  std::string error;    // why Confirm sent nothing
};

// Starts JQE over `seeds` on `databases`; an error when the LLM tab cannot ask a model (no endpoint or prompts).
Result<std::unique_ptr<BigtableExpansion>> start_bigtable_expansion(std::vector<EvalItem> seeds,
                                                                    std::map<std::string, JqeBatchDatabase> databases,
                                                                    size_t short_by);
// Every frame: JQE's units within `budget_ms`, then the preview opens; once confirmed, the answers.
void step_bigtable_expansion(BigtableExpansion& e, double budget_ms);
Status confirm_bigtable_expansion(BigtableExpansion& e);
void discard_bigtable_expansion(BigtableExpansion& e);  // done, nothing asked
// Once done: the expansions with their questions' status (jqe::QuestionJob::to_json), empty when none were asked.
nlohmann::json bigtable_expansions(const BigtableExpansion& e);
// The preview (summary, Confirm/Discard noted as "BigTable expansion confirm"/"... discard", the prompts) or the
// progress line.
void draw_bigtable_expansion(BigtableExpansion& e);
// {"stage", "seeds", "expansions", "outcome", "batch": BatchLife::json()}
nlohmann::json bigtable_expansion_json(const BigtableExpansion& e);

}  // namespace chokepoint::web
