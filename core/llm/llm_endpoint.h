// Where calls go: the provider's protocol, the base URL and the key. The presets name the servers decisions.md §8
// supports; all but Anthropic speak the OpenAI-compatible protocol, so a preset only fills in a default base URL
// and tailors error advice (e.g. OLLAMA_ORIGINS for Ollama's CORS).
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"

namespace chokepoint {

enum class LlmProtocol { OpenAICompatible, Anthropic };

struct ProviderPreset {
  std::string name;   // "openai", "ollama", "llamacpp", "vllm", "lmstudio", "anthropic", "custom"
  std::string label;  // for the settings panel
  LlmProtocol protocol;
  std::string default_base_url;  // "" for custom
  bool needs_key;                // hosted services reject calls without one
};

// Every preset, in the order the settings panel lists them.
const std::vector<ProviderPreset>& provider_presets();
// The preset called `name` (case-insensitive); an Error lists the valid names.
Result<ProviderPreset> find_provider_preset(const std::string& name);

struct LlmEndpoint {
  std::string provider = "openai";  // a preset name
  LlmProtocol protocol = LlmProtocol::OpenAICompatible;
  std::string base_url;  // e.g. "http://localhost:11434/v1" or "https://api.anthropic.com"
  std::string api_key;   // secret: never logged, exported or recorded (see redaction.h)
  std::string anthropic_version = "2023-06-01";
};

// base_url + path for the protocol. OpenAI-compatible servers are addressed under ".../v1" (appended when the base
// URL does not already end with it); Anthropic's base is the host, its paths start with "/v1".
std::string endpoint_url(const LlmEndpoint& endpoint, const std::string& path_after_v1);

}  // namespace chokepoint
