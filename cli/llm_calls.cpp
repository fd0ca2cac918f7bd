// The inputs of the CLI's model calls (see llm_calls.h).
#include "cli/llm_calls.h"

#include "cli/cli_inputs.h"
#include "core/llm/sqlite_replay_store.h"

namespace chokepoint::cli {

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

nlohmann::ordered_json call_usage_json(const UsageTotals& usage) {
  return {{"network_calls", usage.network_calls},
          {"replayed", usage.replayed},
          {"prompt_tokens", usage.prompt_tokens},
          {"completion_tokens", usage.completion_tokens}};
}

}  // namespace chokepoint::cli
