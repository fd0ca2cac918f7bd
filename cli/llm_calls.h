// What the CLI's model calls start from: the replay store in a SQLite file, the --llm-config file and its endpoint,
// the prompt templates, and the usage a report gives. The calls themselves run through cli/model_calls.h.
#pragma once
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "core/base/result.h"
#include "core/db/connection.h"
#include "core/llm/call_scheduler.h"
#include "core/llm/llm_settings.h"
#include "core/llm/prompt_template.h"
#include "core/llm/replay_store.h"

namespace chokepoint::cli {

struct ReplayHandle {
  std::unique_ptr<Connection> db;  // the file the store writes to (on the heap: the store keeps its address)
  std::unique_ptr<ReplayStore> store;
};
// The store in FILE.sqlite (created when missing); errors name it.
Result<ReplayHandle> open_replay_file(const std::string& path);

// One --llm-config file (whose "model" is required) and the endpoint it describes; errors name the file.
struct ChatEndpoint {
  LlmSettings settings;
  LlmEndpoint endpoint;
};
Result<ChatEndpoint> read_chat_endpoint(const std::string& config);

// --llm-config (the last one given) and the prompts folder (--prompts, else the repository's).
struct ChatSetup {
  LlmSettings settings;
  LlmEndpoint endpoint;
  PromptLibrary prompts;
};
Result<ChatSetup> read_chat_setup(const FlagValues& r);
// The prompts folder alone: --prompts DIR, else the repository's.
Result<PromptLibrary> read_prompts(const FlagValues& r);

// What a report says of the calls made: {network_calls, replayed, prompt_tokens, completion_tokens}, in that order.
nlohmann::ordered_json call_usage_json(const UsageTotals& usage);

}  // namespace chokepoint::cli
