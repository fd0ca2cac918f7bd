// Recorded calls, so a rerun of a job answers from the workspace instead of the endpoint (decisions.md §8:
// reproducibility). A record is keyed by replay_key(): a SHA-256 of provider, model, sampling parameters and
// messages, never of the base URL or the key. Records hold no secret: the request is stored in its canonical,
// key-free form and the response as the parsed answer.
#pragma once
#include <map>
#include <optional>
#include <string>

#include "core/base/result.h"
#include "core/llm/chat_request.h"
#include "core/llm/llm_endpoint.h"

namespace chokepoint {

struct ReplayRecord {
  std::string key;           // replay_key(), 64 hex digits
  std::string provider;      // preset name
  std::string model;         // requested model
  std::string request_json;  // canonical_request_json(): what was asked, key-free
  Completion completion;     // what came back
};

// The canonical JSON of a chat request under a provider: sorted keys, no whitespace, seed null when unset.
std::string canonical_request_json(const std::string& provider, const ChatRequest& request);
// sha256_hex(canonical_request_json(provider, request)).
std::string replay_key(const std::string& provider, const ChatRequest& request);

class ReplayStore {
 public:
  virtual ~ReplayStore() = default;
  virtual std::optional<ReplayRecord> find(const std::string& key) const = 0;
  virtual Status put(const ReplayRecord& record) = 0;  // replaces a record with the same key
  // Forgets a record, e.g. an answer the task rejected, so a retry asks the endpoint again instead of replaying it.
  virtual Status erase(const std::string& key) = 0;
  virtual size_t size() const = 0;
};

// In memory, for tests, benchmarks and sessions without a workspace.
class MemoryReplayStore : public ReplayStore {
 public:
  std::optional<ReplayRecord> find(const std::string& key) const override;
  Status put(const ReplayRecord& record) override;
  Status erase(const std::string& key) override;
  size_t size() const override { return records_.size(); }

 private:
  std::map<std::string, ReplayRecord> records_;
};

}  // namespace chokepoint
