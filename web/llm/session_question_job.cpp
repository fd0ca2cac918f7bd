// Questions for expansions asked of the session's model (see session_question_job.h).
#include "web/llm/session_question_job.h"

#include "web/llm/llm_session.h"

namespace chokepoint::web {

Result<std::unique_ptr<jqe::QuestionJob>> session_question_job(const jqe::JqeRun& run,
                                                               const std::map<std::string, std::string>& ddl,
                                                               size_t limit) {
  auto tasks = jqe::question_tasks(run, ddl);
  if (!tasks.ok()) return Error{tasks.error()};
  if (limit > 0 && tasks->size() > limit) tasks->resize(limit);
  const PromptLibrary* prompts = session_prompts();
  if (!prompts) return Error{"prompt templates: " + session_prompts_error()};
  return jqe::QuestionJob::create(std::move(*tasks), *prompts, session_request({}), llm_session().settings.provider);
}

void start_session_question_job(jqe::QuestionJob& job, const LlmEndpoint& endpoint) {
  job.start(endpoint, session_transport(), &session_replay(), session_limits());
}

bool step_session_question_job(jqe::QuestionJob& job, long long& persisted_calls) {
  job.step(session_now_ms());
  const long long calls = job.usage().network_calls;
  const bool finished = !job.running();
  if (calls != persisted_calls || finished) {
    persisted_calls = calls;
    persist_replay();  // IndexedDB syncs coalesce in workspace.js
  }
  return finished;
}

}  // namespace chokepoint::web
