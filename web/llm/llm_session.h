// The app-wide LLM session: the user's settings, the browser transport (fetch), the replay store and the
// connection test, shared by every panel that calls a model (decisions.md §8). The key lives here in memory; it is
// written to localStorage only when the user ticked "remember on this device", and never to the workspace, the
// replay store, the call log or an export. The replay store is a SQLite file under /workspace (IndexedDB-backed)
// so recorded answers survive a reload. The session's state lives in the app's state (AppState::panels), as every
// panel's does.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/llm/call_scheduler.h"
#include "core/llm/llm_settings.h"
#include "core/llm/prompt_template.h"
#include "core/llm/replay_store.h"

namespace chokepoint::web {

struct AppState;

extern const char* const kReplayStorePath;  // "/workspace/llm_replay.sqlite"

// Outcome of the last "test connection".
struct ConnectionTest {
  bool running = false;
  bool ok = false;
  std::string message;  // "model m answered 'pong' in 12 ms" or the error, key-free
};

struct LlmSessionState {
  LlmSettings settings;
  ConnectionTest test;
  std::vector<CallLogEntry> test_log;  // the connection tests' attempts
  std::string replay_error;            // why the workspace replay store is unavailable ("" when it works)
};

LlmSessionState& llm_session();

// Settings: applied on every change (settings panel, page command); saved to localStorage without the key unless
// remember_key is set (settings_to_json leaves it out). Loaded once at start.
void save_llm_settings();
void load_llm_settings();
void load_llm_settings_once();  // the first call of the page loads them; whoever needs them first calls it

Result<LlmEndpoint> session_endpoint();  // from the current settings; an Error names what is missing
// session_endpoint() for a panel about to call: its error ends "(set it up in the LLM tab)" unless it says so already.
Result<LlmEndpoint> usable_session_endpoint();
ChatRequest session_request(std::vector<ChatMessage> messages);
SchedulerLimits session_limits();        // timeout from the settings
HttpTransport& session_transport();      // the fetch() transport
ReplayStore& session_replay();           // the workspace store, or an in-memory one when the workspace is missing
void persist_replay();                   // after answers were recorded: sync /workspace to IndexedDB
const PromptLibrary* session_prompts();  // /prompts, loaded once (nullptr with the error noticed)
std::string session_prompts_error();
// The model and endpoint a panel's calls will use, for the line under its controls: "Model: m at http://host/v1 (set
// in the LLM tab)." ("(none)" and "(preset default)" when unset).
std::string session_model_line();
// Where calls go, as a privacy preview names it: "http://host/v1 (provider, model m)".
std::string session_destination(const LlmEndpoint& endpoint);
// At Confirm: the endpoint to send to, only when the settings still name the destination `previewed` (what
// session_destination said when the preview was drawn). A change of settings after the preview voids it, so calls
// never go to a server or model the user did not see.
Result<LlmEndpoint> confirmed_session_endpoint(const std::string& previewed);

// Test connection: one tiny request, one attempt, never answered from the replay store.
void start_connection_test();
void step_connection_test(double now_ms);

// The call log shown by the LLM panel: connection tests plus every job that registered a source.
using CallLogSource = std::function<std::vector<CallLogEntry>(AppState&)>;
void add_call_log_source(CallLogSource source);
std::vector<CallLogEntry> session_call_log(AppState& state);

double session_now_ms();

// A batch of one-prompt chat calls with the session's endpoint, model, limits and replay store (the metrics panel's
// judge and error classifier). The preview says what would leave the page: calls the replay store does not answer,
// their estimated prompt tokens, the destination and the model; it sends nothing.
struct SessionBatchPreview {
  size_t in_replay = 0;
  long long estimated_tokens = 0;
  std::string destination, model;
};
Result<SessionBatchPreview> preview_session_batch(const std::vector<std::string>& prompts);
// The scheduler with one call per (id, prompt), in order; not stepped yet. Refused when the settings no longer name
// the destination `previewed` showed (confirmed_session_endpoint).
Result<std::unique_ptr<CallScheduler>> start_session_batch(
    const std::vector<std::pair<std::string, std::string>>& calls, const SessionBatchPreview& previewed);
// Steps the batch, syncing the replay store to the workspace after new network answers; true once every call ended.
bool step_session_batch(CallScheduler& scheduler, long long& persisted_calls);

}  // namespace chokepoint::web
