// One batch of chat calls a panel sends, through its life: planned and previewed (nothing sent), confirmed, stepped
// every frame through the session's CallScheduler and replay store, then done or cancelled. The judge, the error
// classifier and the LLM features each keep one; what they ask and what they make of the answers stays theirs.
#pragma once
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/result.h"
#include "core/llm/call_scheduler.h"
#include "core/llm/prompt_template.h"
#include "web/llm/llm_session.h"

namespace chokepoint::web {

// What a batch needs before it is planned: the prompt templates and an endpoint. The error says what to set up.
Result<const PromptLibrary*> batch_prerequisites();

struct SessionBatchRun {
  bool preview = false;      // planned, waiting for Confirm
  SessionBatchPreview sent;  // what the preview said would leave the page
  std::unique_ptr<CallScheduler> scheduler;
  long long persisted_calls = 0;
  bool done = false, cancelled = false;
  UsageTotals usage;  // once done

  bool busy() const { return scheduler && !done; }
  size_t ended() const;  // calls answered or failed so far

  // Forgets the last batch and opens the preview of `prompts`; sends nothing. "" or why not.
  std::string open(const std::vector<std::string>& prompts);
  // Confirm: a scheduler over the (id, prompt) calls, in order. "" or why not.
  std::string start(const std::vector<std::pair<std::string, std::string>>& calls);
  // Every frame. True once, when the last call ended: usage is set and the replay store written.
  bool step();
  // Stops a running batch (the calls not sent are not made). True when there was one: it is then done and
  // cancelled, and the caller reads what was answered.
  bool cancel();

  // {calls, network_calls, estimated_prompt_tokens, destination, model} of the open preview, for `calls` prompts.
  nlohmann::json preview_json(size_t calls) const;
};

enum class PreviewChoice { None, Confirm, Discard };
// "Confirm and send" and "Discard" side by side, noted as "<place> confirm" and "<place> discard".
PreviewChoice draw_preview_buttons(const std::string& place);

}  // namespace chokepoint::web
