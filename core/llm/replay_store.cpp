// Canonical request form and the in-memory store. nlohmann::json objects keep keys sorted, so the canonical text
// (and therefore the key) is the same natively and in wasm.
#include "core/llm/replay_store.h"
#include "core/base/json_dump.h"

#include <nlohmann/json.hpp>

#include "core/llm/sha256.h"

namespace chokepoint {

std::string canonical_request_json(const std::string& provider, const ChatRequest& request) {
  using nlohmann::json;
  json messages = json::array();
  for (const auto& m : request.messages) messages.push_back({{"content", m.content}, {"role", m.role}});
  json doc = {{"provider", provider},
              {"model", request.model},
              {"temperature", request.temperature},
              {"max_tokens", request.max_tokens},
              {"seed", request.seed ? json(*request.seed) : json(nullptr)},
              {"messages", messages}};
  return dump_json(doc);
}

std::string replay_key(const std::string& provider, const ChatRequest& request) {
  return sha256_hex(canonical_request_json(provider, request));
}

std::optional<ReplayRecord> MemoryReplayStore::find(const std::string& key) const {
  auto it = records_.find(key);
  if (it == records_.end()) return std::nullopt;
  return it->second;
}

Status MemoryReplayStore::erase(const std::string& key) {
  records_.erase(key);
  return ok_status();
}

Status MemoryReplayStore::put(const ReplayRecord& record) {
  records_[record.key] = record;
  return ok_status();
}

}  // namespace chokepoint
