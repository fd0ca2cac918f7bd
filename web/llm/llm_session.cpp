// The LLM session's storage and transport. This is the one web file that compiles the fetch transport's
// implementation (web/llm/llm_fetch.h).
#define CHOKEPOINT_LLM_FETCH_IMPLEMENTATION
#include "web/llm/llm_fetch.h"

#include "web/bridge/page_bridge.h"
#include "web/llm/llm_session.h"

#include "web/bridge/local_store.h"

#include <emscripten.h>

#include <cstdlib>
#include <optional>

#include "core/db/connection.h"
#include "core/llm/sqlite_replay_store.h"
#include "web/workspace/workspace.h"

// localStorage holds the settings (and the key only if remembered).
const char* const kSettingsKey = "chokepoint.llm_settings";

namespace chokepoint::web {

const char* const kReplayStorePath = "/workspace/llm_replay.sqlite";

namespace {

struct Runtime {
  FetchTransport transport{session_now_ms};
  std::optional<Connection> replay_db;
  std::unique_ptr<ReplayStore> replay;
  bool replay_opened = false;
  std::optional<PromptLibrary> prompts;
  std::string prompts_error;
  bool prompts_loaded = false;
  std::unique_ptr<CallScheduler> test;
};

// The jobs whose calls the log shows register at static set-up, before any session exists: like the panels, they
// are the program's, not a session's, and each reads its calls from the AppState it is given.
std::vector<CallLogSource>& log_sources() {
  static std::vector<CallLogSource> sources;
  return sources;
}

// The session lives in the app's state (AppState::panels), like every panel's: a new AppState is a new session.
// Before the app binds its state (static set-up), a placeholder serves; nothing calls a model then.
AppState& owner() {
  static AppState placeholder;
  AppState* bound = bound_app_state();
  return bound ? *bound : placeholder;
}

Runtime& runtime() { return owner().panels.get<Runtime>(); }

}  // namespace

LlmSessionState& llm_session() { return owner().panels.get<LlmSessionState>(); }

double session_now_ms() { return emscripten_get_now(); }

void save_llm_settings() {
  const std::string json = settings_to_json(llm_session().settings);
  local_set(kSettingsKey, json);
}

void load_llm_settings_once() {
  static bool loaded = false;
  if (loaded) return;
  loaded = true;
  load_llm_settings();
}

void load_llm_settings() {
  const std::string text = local_get(kSettingsKey);
  if (text.empty()) return;
  auto s = settings_from_json(text);
  if (s.ok()) llm_session().settings = *s;
}

Result<LlmEndpoint> session_endpoint() {
  const LlmSettings& s = llm_session().settings;
  if (s.model.empty()) return Error{"no model is set: enter one in the LLM tab"};
  return endpoint_from_settings(s);
}

Result<LlmEndpoint> usable_session_endpoint() {
  auto endpoint = session_endpoint();
  if (endpoint.ok() || endpoint.error().find("LLM tab") != std::string::npos) return endpoint;
  return Error{endpoint.error() + " (set it up in the LLM tab)"};
}

ChatRequest session_request(std::vector<ChatMessage> messages) {
  return chat_request_from_settings(llm_session().settings, std::move(messages));
}

SchedulerLimits session_limits() {
  SchedulerLimits limits;
  limits.timeout_ms = llm_session().settings.timeout_ms;
  limits.max_concurrency = llm_session().settings.concurrency;
  return limits;
}

HttpTransport& session_transport() { return runtime().transport; }

ReplayStore& session_replay() {
  Runtime& r = runtime();
  if (r.replay) return *r.replay;
  std::string why;
  if (workspace_available()) {
    auto db = Connection::open_read_write(kReplayStorePath);
    if (db.ok()) {
      // No rollback journal file: the store is a cache, and fewer files means fewer IndexedDB writes. Exclusive
      // locking: only this page opens the file, so SQLite need not look for a hot journal and a changed file at the
      // start of every lookup, which in the browser's file system cost about a millisecond a lookup (a model run
      // answered from the store spent 84 % of its time there).
      (void)db->exec_script("PRAGMA journal_mode=MEMORY; PRAGMA locking_mode=EXCLUSIVE;");
      r.replay_db.emplace(std::move(*db));
      auto store = SqliteReplayStore::open(*r.replay_db);
      if (store.ok())
        r.replay = std::make_unique<SqliteReplayStore>(std::move(*store));
      else
        why = store.error();
    } else {
      why = db.error();
    }
  } else {
    why = "the workspace (IndexedDB) is not available";
  }
  if (!r.replay) {
    llm_session().replay_error = why + "; recorded answers last until the page is closed";
    r.replay = std::make_unique<MemoryReplayStore>();
  }
  return *r.replay;
}

void persist_replay() {
  if (llm_session().replay_error.empty()) persist_workspace();
}

const PromptLibrary* session_prompts() {
  Runtime& r = runtime();
  if (!r.prompts_loaded) {
    r.prompts_loaded = true;
    auto lib = load_prompt_library("/prompts");
    if (lib.ok())
      r.prompts = std::move(*lib);
    else
      r.prompts_error = lib.error();
  }
  return r.prompts ? &*r.prompts : nullptr;
}

std::string session_prompts_error() { return runtime().prompts_error; }

std::string session_model_line() {
  const LlmSettings& s = llm_session().settings;
  return "Model: " + (s.model.empty() ? std::string("(none)") : s.model) + " at " +
         (s.base_url.empty() ? std::string("(preset default)") : s.base_url) + " (set in the LLM tab).";
}

std::string session_destination(const LlmEndpoint& endpoint) {
  return endpoint_url(endpoint, "") + " (" + endpoint.provider + ", model " + llm_session().settings.model + ")";
}

Result<LlmEndpoint> confirmed_session_endpoint(const std::string& previewed) {
  auto endpoint = session_endpoint();
  if (!endpoint.ok()) return Error{endpoint.error()};
  const std::string now = session_destination(*endpoint);
  if (now != previewed)
    return Error{"the LLM settings changed after the preview (it named " + previewed + "; they now name " + now +
                 "): nothing was sent; preview again"};
  return endpoint;
}

void start_connection_test() {
  LlmSessionState& s = llm_session();
  auto endpoint = session_endpoint();
  s.test = ConnectionTest{};
  if (!endpoint.ok()) {
    s.test.message = endpoint.error();
    return;
  }
  SchedulerLimits limits = session_limits();
  limits.max_attempts = 1;  // a connection test shows the first error
  auto& r = runtime();
  r.test = std::make_unique<CallScheduler>(*endpoint, r.transport, nullptr, limits);
  ChatRequest request = session_request({{"user", "This is a connection test. Reply with the single word: pong"}});
  request.max_tokens = 16;
  r.test->add(LlmCall{"connection test", request});
  s.test.running = true;
  s.test.message = "testing...";
}

void step_connection_test(double now_ms) {
  auto& r = runtime();
  if (!r.test) return;
  r.test->step(now_ms);
  if (!r.test->finished()) return;
  LlmSessionState& s = llm_session();
  const CallStatus& c = r.test->calls()[0];
  s.test.running = false;
  if (c.state == CallState::Succeeded && c.completion) {
    s.test.ok = true;
    const auto& log = r.test->log();
    const long long ms = log.empty() ? 0 : static_cast<long long>(log.back().elapsed_ms + 0.5);
    std::string reply = c.completion->text.substr(0, 40);
    for (char& ch : reply)
      if (ch == '\n' || ch == '\r') ch = ' ';
    s.test.message = "model " + c.completion->model + " answered '" + reply + "' in " + std::to_string(ms) + " ms";
  } else {
    s.test.ok = false;
    s.test.message = c.last_error ? c.last_error->message : "the test call failed";
  }
  for (const auto& e : r.test->log()) s.test_log.push_back(e);
  r.test.reset();
}

void add_call_log_source(CallLogSource source) { log_sources().push_back(std::move(source)); }

std::vector<CallLogEntry> session_call_log(AppState& state) {
  std::vector<CallLogEntry> out = llm_session().test_log;
  auto& r = runtime();
  if (r.test)
    for (const auto& e : r.test->log()) out.push_back(e);
  for (const auto& source : log_sources()) {
    auto more = source(state);
    out.insert(out.end(), more.begin(), more.end());
  }
  return out;
}

Result<SessionBatchPreview> preview_session_batch(const std::vector<std::string>& prompts) {
  auto endpoint = usable_session_endpoint();
  if (!endpoint.ok()) return Error{endpoint.error()};
  SessionBatchPreview p;
  const ReplayStore& replay = session_replay();
  for (const auto& prompt : prompts) {
    if (replay.find(replay_key(endpoint->provider, session_request({{"user", prompt}}))))
      ++p.in_replay;
    else
      p.estimated_tokens += estimate_tokens(prompt);
  }
  p.destination = session_destination(*endpoint);
  p.model = session_request({}).model;
  return p;
}

Result<std::unique_ptr<CallScheduler>> start_session_batch(
    const std::vector<std::pair<std::string, std::string>>& calls, const SessionBatchPreview& previewed) {
  auto endpoint = confirmed_session_endpoint(previewed.destination);
  if (!endpoint.ok()) return Error{endpoint.error()};
  auto scheduler = std::make_unique<CallScheduler>(*endpoint, session_transport(), &session_replay(), session_limits());
  for (const auto& [id, prompt] : calls) scheduler->add({id, session_request({{"user", prompt}})});
  return scheduler;
}

bool step_session_batch(CallScheduler& scheduler, long long& persisted_calls) {
  scheduler.step(session_now_ms());
  const long long sent = scheduler.usage().network_calls;
  if (sent != persisted_calls) {
    persisted_calls = sent;
    persist_replay();
  }
  return scheduler.finished();
}

}  // namespace chokepoint::web
