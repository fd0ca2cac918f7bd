// What Chokepoint asks a language model: a chat (messages plus sampling parameters) or an embedding batch. These
// values are provider-neutral; the protocol files turn them into HTTP requests. Temperature defaults to 0 and a seed
// is sent when set, so reruns are as repeatable as the endpoint allows (decisions.md §8).
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace chokepoint {

struct ChatMessage {
  std::string role;     // "system", "user" or "assistant"
  std::string content;  // plain text
};

struct ChatRequest {
  std::string model;
  std::vector<ChatMessage> messages;  // in order; Anthropic receives the system messages in its `system` field
  double temperature = 0.0;
  std::optional<long long> seed;  // omitted from the wire when unset (Anthropic has no seed)
  int max_tokens = 512;           // required by Anthropic, a cap for the others
};

struct EmbeddingRequest {
  std::string model;
  std::vector<std::string> inputs;  // one vector comes back per input, in the same order
};

// Token counts as the endpoint reported them (0 when it did not).
struct TokenUsage {
  long long prompt_tokens = 0;
  long long completion_tokens = 0;
  long long total() const { return prompt_tokens + completion_tokens; }
};

struct Completion {
  std::string text;           // the assistant's answer, unparsed
  std::string model;          // the model that answered, as the endpoint names it
  std::string finish_reason;  // "stop", "length", "end_turn", ... ("" when absent)
  TokenUsage usage;
};

struct Embeddings {
  std::string model;
  std::vector<std::vector<double>> vectors;  // vectors[i] embeds inputs[i]
  TokenUsage usage;
};

// Rough token estimate for the pre-send preview (about four characters per token for English prose).
inline long long estimate_tokens(const std::string& text) { return static_cast<long long>((text.size() + 3) / 4); }

}  // namespace chokepoint
