// The replay store as a table of the workspace database, so recorded calls travel with the workspace file and
// survive a page reload. Table llm_replay(key PRIMARY KEY, provider, model, request, answer, answer_model,
// finish_reason, prompt_tokens, completion_tokens); created on open when missing.
#pragma once
#include "core/db/connection.h"
#include "core/llm/replay_store.h"

namespace chokepoint {

class SqliteReplayStore : public ReplayStore {
 public:
  // `workspace` must be a writable connection that outlives the store.
  static Result<SqliteReplayStore> open(const Connection& workspace);

  std::optional<ReplayRecord> find(const std::string& key) const override;
  Status put(const ReplayRecord& record) override;
  Status erase(const std::string& key) override;
  size_t size() const override;

 private:
  explicit SqliteReplayStore(const Connection& db) : db_(&db) {}
  const Connection* db_;
};

}  // namespace chokepoint
