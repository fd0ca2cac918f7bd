// One batch of single-prompt chat calls a panel sends, through the one batch life cycle (batch_life.h): planned and
// previewed (nothing sent), confirmed, stepped every frame through the session's CallScheduler and replay store,
// then done or cancelled; failed calls retried through a new preview. The judge, the error classifier, Optimise and
// the LLM features each keep one; what they ask and what they make of the answers stays theirs.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/result.h"
#include "core/llm/call_scheduler.h"
#include "core/llm/prompt_template.h"
#include "web/llm/batch_life.h"
#include "web/llm/llm_session.h"

namespace chokepoint::web {

// What a batch needs before it is planned: the prompt templates and an endpoint. The error says what to set up.
Result<const PromptLibrary*> batch_prerequisites();

struct SessionBatchRun {
  BatchLife life;            // the phase, the preview's facts (every prompt), the destination Confirm must match
  SessionBatchPreview sent;  // what the preview said would leave the page
  std::unique_ptr<CallScheduler> scheduler;
  long long persisted_calls = 0;
  UsageTotals usage;  // once done

  bool previewing() const { return life.previewing(); }
  bool done() const { return life.ended(); }
  bool cancelled() const { return life.phase() == BatchPhase::Cancelled; }
  bool busy() const { return life.running(); }
  size_t ended() const;  // calls answered or failed so far
  void discard() { life.discard(); }

  // Forgets the last batch and opens the preview of `prompts`; sends nothing. `later_rounds` says what is sent once
  // answers arrive ("" lines when nothing). "" or why not.
  std::string open(const std::vector<std::string>& prompts, std::vector<std::string> later_rounds = {});
  // Confirm: a scheduler over the (id, prompt) calls, in order, when the settings still name the previewed
  // destination. "" or why not.
  std::string start(const std::vector<std::pair<std::string, std::string>>& calls);
  // Every frame. True once, when the last call ended: usage is set and the replay store written.
  bool step();
  // Stops a running batch (the calls not sent are not made). True when there was one: it is then done and
  // cancelled, and the caller reads what was answered.
  bool cancel();

  // {calls, network_calls, estimated_prompt_tokens, destination, model, prompts, later_rounds} of the open preview,
  // for `calls` prompts.
  nlohmann::json preview_json(size_t calls) const;
};

// The facts of a preview drawn from the session's answer for its prompts: every (name, prompt) of the first round and
// what later rounds send.
BatchPreviewFacts batch_facts(const SessionBatchPreview& sent, std::vector<std::pair<std::string, std::string>> prompts,
                              std::vector<std::string> later_rounds = {});
// Confirm (and resume) of a view's life cycle with the session's settings as they are now (BatchLife::confirm, resume).
Status confirm_batch(BatchLife& life);
// confirm_batch, then the endpoint the confirmed batch sends to (session_endpoint()): for the views that build their
// own scheduler. An error says why nothing may be sent.
Result<LlmEndpoint> confirm_batch_endpoint(BatchLife& life);
Status resume_batch(BatchLife& life);
// Confirm of a view that runs its own schedulers (a batch, then another from its answers): confirm_batch, then the
// scheduler over the (id, prompt) calls to the destination the preview `sent` showed. A refusal after the confirm
// ends the life cancelled. The error says why nothing is sent.
Result<std::unique_ptr<CallScheduler>> confirm_and_start_batch(
    BatchLife& life, const std::vector<std::pair<std::string, std::string>>& calls, const SessionBatchPreview& sent);
// The facts of a planned PredictionJob or QuestionJob round: every planned call (id, prompt), how many the replay
// store answers, their tokens.
template <typename Plan>
BatchPreviewFacts plan_facts(const Plan& plan, const std::string& destination, const std::string& model,
                             std::vector<std::string> later_rounds = {}) {
  BatchPreviewFacts facts;
  facts.destination = destination;
  facts.model = model;
  facts.calls = plan.calls.size();
  facts.replayed = plan.calls.size() - plan.network_calls;
  facts.tokens = plan.estimated_tokens;
  for (const auto& c : plan.calls) facts.prompts.emplace_back(c.id, c.prompt);
  facts.later_rounds = std::move(later_rounds);
  return facts;
}

enum class PreviewChoice { None, Confirm, Discard };
// After a batch with failed calls, or a cancelled one: "Retry the N failed calls..." (noted as "<place> retry"); true
// when clicked, and the view plans again: the replay store answers every call already answered, and the new preview
// says how few go out.
bool draw_retry_failed(const std::string& place, const BatchLife& life);
// "Confirm and send" and "Discard" side by side, noted as "<place> confirm" and "<place> discard".
PreviewChoice draw_preview_buttons(const std::string& place);
// A preview's actions under the caller's own summary: the two buttons, which run `confirm` or `discard` when
// clicked, and the pager over the `count` prompts `prompt_at(i)` names (name, prompt).
void draw_preview_actions(const std::string& place, const std::function<void()>& confirm,
                          const std::function<void()>& discard, size_t count,
                          const std::function<std::pair<std::string, std::string>(size_t)>& prompt_at);

}  // namespace chokepoint::web
