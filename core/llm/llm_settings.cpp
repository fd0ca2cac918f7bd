// JSON (de)serialisation of LlmSettings with strict field checking.
#include "core/llm/llm_settings.h"
#include "core/base/json_dump.h"

#include <nlohmann/json.hpp>
#include <set>

namespace chokepoint {

using nlohmann::json;

std::string settings_to_json(const LlmSettings& s) {
  json doc = {{"provider", s.provider},       {"base_url", s.base_url},        {"model", s.model},
              {"temperature", s.temperature}, {"max_tokens", s.max_tokens},    {"timeout_ms", s.timeout_ms},
              {"concurrency", s.concurrency}, {"remember_key", s.remember_key}};
  if (s.seed) doc["seed"] = *s.seed;
  if (!s.key_env.empty()) doc["key_env"] = s.key_env;
  if (s.remember_key && !s.api_key.empty()) doc["key"] = s.api_key;
  return dump_json(doc, 2);
}

Result<LlmSettings> settings_from_json(const std::string& text, const EnvLookup& env) {
  json doc = json::parse(text, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) return Error{"LLM settings: not a JSON object"};
  static const std::set<std::string> known = {"provider",   "base_url",     "model",      "key",
                                              "key_env",    "temperature",  "seed",       "max_tokens",
                                              "timeout_ms", "remember_key", "concurrency"};
  for (auto it = doc.begin(); it != doc.end(); ++it) {
    if (!known.count(it.key())) return Error{"LLM settings: unknown field \"" + it.key() + "\""};
  }
  LlmSettings s;
  auto read_string = [&](const char* name, std::string& out) -> bool {
    if (!doc.contains(name)) return true;
    if (!doc[name].is_string()) return false;
    out = doc[name].get<std::string>();
    return true;
  };
  for (auto [name, field] : {std::pair<const char*, std::string*>{"provider", &s.provider},
                             {"base_url", &s.base_url},
                             {"model", &s.model},
                             {"key", &s.api_key},
                             {"key_env", &s.key_env}}) {
    if (!read_string(name, *field)) return Error{std::string("LLM settings: \"") + name + "\" must be a string"};
  }
  if (doc.contains("temperature")) {
    if (!doc["temperature"].is_number()) return Error{"LLM settings: \"temperature\" must be a number"};
    s.temperature = doc["temperature"].get<double>();
  }
  if (doc.contains("seed") && !doc["seed"].is_null()) {
    if (!doc["seed"].is_number_integer()) return Error{"LLM settings: \"seed\" must be an integer"};
    s.seed = doc["seed"].get<long long>();
  }
  for (auto [name, field] : {std::pair<const char*, int*>{"max_tokens", &s.max_tokens},
                             {"timeout_ms", &s.timeout_ms},
                             {"concurrency", &s.concurrency}}) {
    if (!doc.contains(name)) continue;
    if (!doc[name].is_number_integer() || doc[name].get<long long>() <= 0) {
      return Error{std::string("LLM settings: \"") + name + "\" must be a positive integer"};
    }
    *field = doc[name].get<int>();
  }
  if (s.concurrency > 32) return Error{"LLM settings: \"concurrency\" must be 1 to 32"};
  if (doc.contains("remember_key")) {
    if (!doc["remember_key"].is_boolean()) return Error{"LLM settings: \"remember_key\" must be true or false"};
    s.remember_key = doc["remember_key"].get<bool>();
  }
  auto preset = find_provider_preset(s.provider);
  if (!preset.ok()) return Error{"LLM settings: " + preset.error()};
  s.provider = preset->name;
  if (s.api_key.empty() && !s.key_env.empty() && env) {
    auto value = env(s.key_env);
    if (!value || value->empty()) return Error{"LLM settings: environment variable " + s.key_env + " is not set"};
    s.api_key = *value;
  }
  return s;
}

Result<LlmEndpoint> endpoint_from_settings(const LlmSettings& s) {
  auto preset = find_provider_preset(s.provider);
  if (!preset.ok()) return Error{preset.error()};
  LlmEndpoint e;
  e.provider = preset->name;
  e.protocol = preset->protocol;
  e.base_url = s.base_url.empty() ? preset->default_base_url : s.base_url;
  e.api_key = s.api_key;
  if (e.base_url.empty()) return Error{"LLM settings: provider \"" + s.provider + "\" needs a base_url"};
  if (e.base_url.rfind("http://", 0) != 0 && e.base_url.rfind("https://", 0) != 0) {
    return Error{"LLM settings: base_url must start with http:// or https:// (got \"" + e.base_url + "\")"};
  }
  return e;
}

ChatRequest chat_request_from_settings(const LlmSettings& s, std::vector<ChatMessage> messages) {
  ChatRequest r;
  r.model = s.model;
  r.messages = std::move(messages);
  r.temperature = s.temperature;
  r.seed = s.seed;
  r.max_tokens = s.max_tokens;
  return r;
}

}  // namespace chokepoint
