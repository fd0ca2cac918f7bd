// Questions and evidence for join query expansions (jqe::QuestionJob) asked of the LLM tab's model, the same way from
// every view that asks them (the Questions panel, BigTable's 3->4-table expansion): the tasks from the run and its
// databases' DDL (the first `limit`, 0: all), the job on the session's prompts, model and provider; started on the
// endpoint the preview's Confirm gave, with the session's transport, replay store and limits; stepped with the replay
// store synced to the workspace whenever answers came from the network or the job ended.
#pragma once
#include <map>
#include <memory>
#include <string>

#include "core/base/result.h"
#include "core/jqe/question_generation.h"
#include "core/llm/llm_endpoint.h"

namespace chokepoint::web {

// An error names what is missing: a database's DDL, the prompt templates, a template the tasks need.
Result<std::unique_ptr<jqe::QuestionJob>> session_question_job(const jqe::JqeRun& run,
                                                               const std::map<std::string, std::string>& ddl,
                                                               size_t limit = 0);
void start_session_question_job(jqe::QuestionJob& job, const LlmEndpoint& endpoint);
// One step at the session's clock; `persisted_calls` is the network calls the replay store was last synced after.
// True once the job is no longer running.
bool step_session_question_job(jqe::QuestionJob& job, long long& persisted_calls);

}  // namespace chokepoint::web
