// Chat calls as the CLI makes them: the --replay store (a SQLite file, or memory), and a batch of prompts run to
// the end through the CallScheduler with curl, answers in the order of the prompts.
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
// --replay FILE.sqlite (created when missing) or, without the flag, a store in memory.
Result<ReplayHandle> open_replay(const FlagValues& r);
// The store in FILE.sqlite (created when missing), for a command whose replay file has a default; errors name it.
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

// The scheduler's limits an --llm-config sets: its timeout and concurrency.
SchedulerLimits scheduler_limits(const LlmSettings& settings);
// Steps `scheduler` until every call has finished or it has stopped.
void run_to_end(CallScheduler& scheduler);

// (id, prompt) pairs sent as single user messages; each answer's text, or why there is none.
std::vector<Result<std::string>> run_chat_prompts(const LlmSettings& settings, const LlmEndpoint& endpoint,
                                                  ReplayStore* replay,
                                                  const std::vector<std::pair<std::string, std::string>>& prompts,
                                                  UsageTotals& usage);

// What a report says of the calls made: {network_calls, replayed, prompt_tokens, completion_tokens}, in that order.
nlohmann::ordered_json call_usage_json(const UsageTotals& usage);

}  // namespace chokepoint::cli
