// Chat calls for the CLI (see llm_calls.h).
#include "cli/llm_calls.h"

#include <chrono>
#include <thread>

#include "cli/cli_inputs.h"
#include "cli/llm_transport_curl.h"
#include "core/base/clock.h"
#include "core/llm/sqlite_replay_store.h"

namespace chokepoint::cli {

Result<ReplayHandle> open_replay(const FlagValues& r) {
  if (!r.has("--replay")) {
    ReplayHandle h;
    h.store = std::make_unique<MemoryReplayStore>();
    return h;
  }
  return open_replay_file(r.text("--replay"));
}

Result<ReplayHandle> open_replay_file(const std::string& path) {
  ReplayHandle h;
  auto db = Connection::open_read_write(path);
  if (!db.ok()) return Error{path + ": " + db.error()};
  h.db = std::make_unique<Connection>(std::move(*db));
  auto store = SqliteReplayStore::open(*h.db);
  if (!store.ok()) return Error{path + ": " + store.error()};
  h.store = std::make_unique<SqliteReplayStore>(std::move(*store));
  return h;
}

Result<ChatEndpoint> read_chat_endpoint(const std::string& config) {
  auto settings = read_llm_config(config);
  if (!settings.ok()) return Error{settings.error()};
  if (settings->model.empty()) return Error{config + ": \"model\" is required"};
  auto endpoint = endpoint_from_settings(*settings);
  if (!endpoint.ok()) return Error{config + ": " + endpoint.error()};
  return ChatEndpoint{std::move(*settings), std::move(*endpoint)};
}

Result<PromptLibrary> read_prompts(const FlagValues& r) {
  return load_prompt_library(r.has("--prompts") ? r.text("--prompts") : default_prompts_folder());
}

Result<ChatSetup> read_chat_setup(const FlagValues& r) {
  auto chat = read_chat_endpoint(r.text("--llm-config"));
  if (!chat.ok()) return Error{chat.error()};
  auto prompts = read_prompts(r);
  if (!prompts.ok()) return Error{prompts.error()};
  return ChatSetup{std::move(chat->settings), std::move(chat->endpoint), std::move(*prompts)};
}

SchedulerLimits scheduler_limits(const LlmSettings& settings) {
  SchedulerLimits limits;
  limits.timeout_ms = settings.timeout_ms;
  limits.max_concurrency = settings.concurrency;
  return limits;
}

void run_to_end(CallScheduler& scheduler) {
  // Curl answers inside send(), so each step makes progress; between retries the loop sleeps a little.
  while (!scheduler.finished() && scheduler.stopped() == SchedulerStop::None) {
    const size_t done = scheduler.count(CallState::Succeeded) + scheduler.count(CallState::Failed);
    scheduler.step(monotonic_ms());
    if (scheduler.count(CallState::Succeeded) + scheduler.count(CallState::Failed) == done)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

std::vector<Result<std::string>> run_chat_prompts(const LlmSettings& settings, const LlmEndpoint& endpoint,
                                                  ReplayStore* replay,
                                                  const std::vector<std::pair<std::string, std::string>>& prompts,
                                                  UsageTotals& usage) {
  CurlTransport transport;
  CallScheduler scheduler(endpoint, transport, replay, scheduler_limits(settings));
  for (const auto& [id, prompt] : prompts)
    scheduler.add({id, chat_request_from_settings(settings, {{"user", prompt}})});
  run_to_end(scheduler);
  usage += scheduler.usage();
  return call_answers(scheduler);
}

nlohmann::ordered_json call_usage_json(const UsageTotals& usage) {
  return {{"network_calls", usage.network_calls},
          {"replayed", usage.replayed},
          {"prompt_tokens", usage.prompt_tokens},
          {"completion_tokens", usage.completion_tokens}};
}

}  // namespace chokepoint::cli
