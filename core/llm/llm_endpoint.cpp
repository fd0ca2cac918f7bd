// Provider presets and URL joining.
#include "core/llm/llm_endpoint.h"
#include "core/base/text.h"

#include <cctype>

namespace chokepoint {
namespace {}  // namespace

const std::vector<ProviderPreset>& provider_presets() {
  static const std::vector<ProviderPreset> presets = {
      {"openai", "OpenAI", LlmProtocol::OpenAICompatible, "https://api.openai.com/v1", true},
      {"anthropic", "Anthropic", LlmProtocol::Anthropic, "https://api.anthropic.com", true},
      {"ollama", "Ollama", LlmProtocol::OpenAICompatible, "http://localhost:11434/v1", false},
      {"llamacpp", "llama.cpp server", LlmProtocol::OpenAICompatible, "http://localhost:8080/v1", false},
      {"vllm", "vLLM", LlmProtocol::OpenAICompatible, "http://localhost:8000/v1", false},
      {"lmstudio", "LM Studio", LlmProtocol::OpenAICompatible, "http://localhost:1234/v1", false},
      {"custom", "Other OpenAI-compatible", LlmProtocol::OpenAICompatible, "", false},
  };
  return presets;
}

Result<ProviderPreset> find_provider_preset(const std::string& name) {
  std::string wanted = to_lower_ascii(name);
  std::string names;
  for (const auto& p : provider_presets()) {
    if (p.name == wanted) return p;
    names += (names.empty() ? "" : ", ") + p.name;
  }
  return Error{"unknown provider '" + name + "' (expected one of: " + names + ")"};
}

std::string endpoint_url(const LlmEndpoint& endpoint, const std::string& path_after_v1) {
  std::string base = endpoint.base_url;
  while (!base.empty() && base.back() == '/') base.pop_back();
  if (endpoint.protocol == LlmProtocol::Anthropic) {
    if (ends_with(base, "/v1")) base.resize(base.size() - 3);
    return base + "/v1" + path_after_v1;
  }
  if (!ends_with(base, "/v1")) base += "/v1";
  return base + path_after_v1;
}

}  // namespace chokepoint
