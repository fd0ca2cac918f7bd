// What `--preview` prints instead of sending anything, the same shape for every model-calling command: where the
// calls would go, how many there are and how many the replay store already answers, the estimated prompt tokens,
// every prompt of the first round, and for the rounds that follow (their prompts depend on the first answers) what
// they send and how many calls they make at most.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/llm/chat_request.h"
#include "core/llm/llm_settings.h"
#include "core/llm/replay_store.h"

namespace chokepoint::cli {

struct PreviewDestination {
  std::string model;     // the config's model
  std::string base_url;  // where its requests go
};

struct PreviewPrompt {
  std::string id;         // the call's name, as the run names it ("<item key> / judge strict")
  std::string prompt;     // exactly the text sent (one user message)
  bool replayed = false;  // the replay store answers it: it would not be sent
};

// A round after the first: its calls exist only once earlier answers are in.
struct LaterRound {
  std::string round;  // "judge", "evidence", "round 2"
  std::string what;   // what its prompts hold, in a sentence
  size_t calls_at_most = 0;
};

struct CallPreview {
  std::vector<PreviewDestination> destinations;  // the first is the first round's; none when nothing would be sent
  std::vector<PreviewPrompt> prompts;            // every call of the first round, in the order the run sends them
  std::vector<LaterRound> later_rounds;
  nlohmann::ordered_json details = nlohmann::ordered_json::object();  // the command's own counts
};

// {destination, model, destinations: [{model, base_url}], calls, replayed, network_calls, estimated_prompt_tokens,
// prompts: [{id, prompt}], later_rounds: [{round, what, calls_at_most}], ...details}. calls is the number of
// prompts; estimated_prompt_tokens counts only the prompts that would be sent (estimate_tokens: four characters a
// token); destination and model are the first destination's ("" when none). A detail whose key is one of these is
// left out.
nlohmann::ordered_json preview_json(const CallPreview& preview);

// Whether `store` (may be null) answers `request` under `provider`, as the scheduler decides it: a record under the
// request's key that was recorded for exactly this request.
bool replay_answers(const ReplayStore* store, const std::string& provider, const ChatRequest& request);

// A first-round prompt sent as one user message with `settings`' model and sampling, looked up in `store`.
PreviewPrompt preview_prompt(std::string id, std::string prompt, const LlmSettings& settings, const ReplayStore* store);

// Prints preview_json on stdout; returns 0, the exit code of a preview.
int print_preview(const CallPreview& preview);

}  // namespace chokepoint::cli
