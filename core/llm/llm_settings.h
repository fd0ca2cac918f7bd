// The user's LLM settings (decisions.md §8) and their JSON form, shared by the app's settings panel and the CLI's
// `--llm-config FILE`. The key is saved only when the user ticked "remember on this device"; otherwise it lives in
// memory and settings_to_json leaves it out. A config may name an environment variable (`key_env`) instead.
#pragma once
#include <functional>
#include <optional>
#include <string>

#include "core/base/result.h"
#include "core/llm/chat_request.h"
#include "core/llm/llm_endpoint.h"

namespace chokepoint {

struct LlmSettings {
  std::string provider = "ollama";  // a preset name (llm_endpoint.h)
  std::string base_url;             // "" = the preset's default
  std::string model;
  std::string api_key;  // secret
  std::string key_env;  // name of an environment variable holding the key (CLI configs)
  double temperature = 0.0;
  std::optional<long long> seed;
  int max_tokens = 512;
  int timeout_ms = 60000;
  int concurrency = 2;  // calls in flight at once (1-32): raise it for a long run on an endpoint that allows it
  bool remember_key = false;
};

// Looks up an environment variable; the CLI passes std::getenv, the browser has none.
using EnvLookup = std::function<std::optional<std::string>(const std::string&)>;

// JSON text with sorted keys; "key" appears only when remember_key is set.
std::string settings_to_json(const LlmSettings& settings);

// Reads {"provider", "base_url", "model", "key" | "key_env", "temperature", "seed", "max_tokens", "timeout_ms",
// "concurrency", "remember_key"}. Unknown fields are errors (a typo must not silently fall back to a default). When
// "key_env" is set and `env` is given, the key is read from it; a named but unset variable is an error.
Result<LlmSettings> settings_from_json(const std::string& text, const EnvLookup& env = nullptr);

// The endpoint the settings describe (protocol and default base URL from the preset).
Result<LlmEndpoint> endpoint_from_settings(const LlmSettings& settings);

// A chat request with the settings' model and sampling parameters.
ChatRequest chat_request_from_settings(const LlmSettings& settings, std::vector<ChatMessage> messages);

}  // namespace chokepoint
