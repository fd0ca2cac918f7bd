// Statements are built with quoted literals because Connection exposes no parameter binding; sql_literal doubles
// quotes, which is all SQLite's string syntax needs. The key is hex, so lookups cannot be injected either.
#include "core/llm/sqlite_replay_store.h"

namespace chokepoint {
namespace {

std::string sql_literal(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    out.push_back(c);
    if (c == '\'') out.push_back('\'');
  }
  out.push_back('\'');
  return out;
}

bool is_hex_key(const std::string& key) {
  if (key.empty() || key.size() > 128) return false;
  for (char c : key) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return true;
}

constexpr const char* kSchema =
    "CREATE TABLE IF NOT EXISTS llm_replay ("
    "key TEXT PRIMARY KEY, provider TEXT NOT NULL, model TEXT NOT NULL, request TEXT NOT NULL, "
    "answer TEXT NOT NULL, answer_model TEXT NOT NULL, finish_reason TEXT NOT NULL, "
    "prompt_tokens INTEGER NOT NULL, completion_tokens INTEGER NOT NULL) WITHOUT ROWID;";

}  // namespace

Result<SqliteReplayStore> SqliteReplayStore::open(const Connection& workspace) {
  auto created = workspace.exec_script(kSchema);
  if (!created.ok()) return Error{"cannot create the replay table: " + created.error()};
  return SqliteReplayStore(workspace);
}

std::optional<ReplayRecord> SqliteReplayStore::find(const std::string& key) const {
  if (!is_hex_key(key)) return std::nullopt;
  QueryLimits limits;
  limits.timeout_ms = 0;
  limits.max_rows = 1;
  auto out = db_->query(
      "SELECT provider, model, request, answer, answer_model, finish_reason, prompt_tokens, completion_tokens "
      "FROM llm_replay WHERE key = '" +
          key + "'",
      limits);
  if (!out.ok() || out.result.rows.empty()) return std::nullopt;
  const auto& row = out.result.rows[0];
  ReplayRecord r;
  r.key = key;
  r.provider = row[0].bytes;
  r.model = row[1].bytes;
  r.request_json = row[2].bytes;
  r.completion.text = row[3].bytes;
  r.completion.model = row[4].bytes;
  r.completion.finish_reason = row[5].bytes;
  r.completion.usage.prompt_tokens = row[6].integer;
  r.completion.usage.completion_tokens = row[7].integer;
  return r;
}

Status SqliteReplayStore::put(const ReplayRecord& r) {
  if (!is_hex_key(r.key)) return Error{"replay key must be lowercase hex"};
  std::string sql = "INSERT OR REPLACE INTO llm_replay VALUES (" + sql_literal(r.key) + ", " + sql_literal(r.provider) +
                    ", " + sql_literal(r.model) + ", " + sql_literal(r.request_json) + ", " +
                    sql_literal(r.completion.text) + ", " + sql_literal(r.completion.model) + ", " +
                    sql_literal(r.completion.finish_reason) + ", " + std::to_string(r.completion.usage.prompt_tokens) +
                    ", " + std::to_string(r.completion.usage.completion_tokens) + ");";
  auto s = db_->exec_script(sql);
  if (!s.ok()) return Error{"cannot record the call in the workspace: " + s.error()};
  return ok_status();
}

Status SqliteReplayStore::erase(const std::string& key) {
  if (!is_hex_key(key)) return Error{"replay key must be lowercase hex"};
  auto s = db_->exec_script("DELETE FROM llm_replay WHERE key = " + sql_literal(key) + ";");
  if (!s.ok()) return Error{"cannot update the workspace's replay records: " + s.error()};
  return ok_status();
}

size_t SqliteReplayStore::size() const {
  auto out = db_->query("SELECT count(*) FROM llm_replay");
  if (!out.ok() || out.result.rows.empty()) return 0;
  return static_cast<size_t>(out.result.rows[0][0].integer);
}

}  // namespace chokepoint
