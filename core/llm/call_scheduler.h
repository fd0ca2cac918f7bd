// A batch of chat calls run without threads or blocking: the host calls step(now_ms) from its loop (a browser
// frame, the CLI's wait loop) and transports report back through callbacks, so the same code runs in the page's
// event loop and natively. The scheduler answers from the replay store first, keeps at most `max_concurrency`
// requests in flight, retries rate limits, 5xx and timeouts with exponential backoff that honours Retry-After,
// stops at the call or token budget, and can be cancelled and resumed without losing finished answers.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/base/result.h"
#include "core/llm/chat_request.h"
#include "core/llm/http_transport.h"
#include "core/llm/llm_endpoint.h"
#include "core/llm/llm_error.h"
#include "core/llm/replay_store.h"

namespace chokepoint {

struct SchedulerLimits {
  int max_concurrency = 2;
  int max_attempts = 4;           // per call, first try included
  double base_backoff_ms = 1000;  // wait before retry k (k >= 1) is base * 2^(k-1), capped below
  double max_backoff_ms = 60000;
  long long max_network_calls = -1;  // budget: HTTP requests sent, retries included; -1 = no cap
  long long max_tokens = -1;         // budget: prompt + completion tokens reported by the endpoint; -1 = no cap
  int timeout_ms = 60000;            // per request
};

// Prices in the provider's currency per million tokens; zero for local servers.
struct TokenPrices {
  double input_per_million = 0;
  double output_per_million = 0;
};

struct UsageTotals {
  long long network_calls = 0;  // HTTP requests sent
  long long replayed = 0;       // calls answered by the replay store
  long long retries = 0;        // network calls that were retries
  long long prompt_tokens = 0;
  long long completion_tokens = 0;
  double cost = 0;  // from TokenPrices

  // Totals of two schedulers (a job that ran several keeps the sum).
  UsageTotals& operator+=(const UsageTotals& o) {
    network_calls += o.network_calls;
    replayed += o.replayed;
    retries += o.retries;
    prompt_tokens += o.prompt_tokens;
    completion_tokens += o.completion_tokens;
    cost += o.cost;
    return *this;
  }
};

enum class CallState { Queued, InFlight, WaitingRetry, Succeeded, Failed };

struct LlmCall {
  std::string id;  // caller's name for the call, e.g. "expansion 12 / question"
  ChatRequest request;
};

struct CallStatus {
  LlmCall call;
  CallState state = CallState::Queued;
  int attempts = 0;                      // network attempts made
  double retry_at_ms = 0;                // when WaitingRetry
  std::optional<Completion> completion;  // when Succeeded
  bool from_replay = false;
  std::optional<LlmError> last_error;  // the final error when Failed, the latest one while retrying
};

// One network attempt, key-free, for the call log panel.
struct CallLogEntry {
  std::string call_id;
  int attempt = 0;
  std::string request_text;  // describe_request(), redacted
  int status = 0;
  std::string response_body;  // redacted, truncated to 4 KB
  std::string error;          // "" on success
  double elapsed_ms = 0;
};

// Why the scheduler is not sending although work is left. Held: a privacy preview is open; the calls queued so far
// are looked up in the replay store but nothing is sent until resume() (Confirm).
enum class SchedulerStop { None, Cancelled, CallBudget, TokenBudget, Held };

class CallScheduler {
 public:
  // `transport` and `replay` (may be null) must outlive the scheduler; answers still arriving after it is
  // destroyed are ignored.
  CallScheduler(LlmEndpoint endpoint, HttpTransport& transport, ReplayStore* replay, SchedulerLimits limits = {},
                TokenPrices prices = {});
  ~CallScheduler();
  CallScheduler(const CallScheduler&) = delete;
  CallScheduler& operator=(const CallScheduler&) = delete;

  size_t add(LlmCall call);  // returns the call's index

  // Processes the answers that arrived, schedules retries, answers queued calls from the replay store and sends
  // as many as the concurrency limit and budget allow. Cheap when there is nothing to do. Also run by an answer's
  // arrival when the transport asks for it (HttpTransport::step_on_answer_ms).
  void step(double now_ms);

  void hold();    // nothing is sent until resume(): a job can queue its first calls for the preview to show
  void cancel();  // no new sends; in-flight answers are still recorded
  void resume();  // clears a cancel or a budget stop (after the caller raised the limits with set_limits)
  void set_limits(const SchedulerLimits& limits) { limits_ = limits; }

  bool finished() const;  // every call Succeeded or Failed
  bool has_in_flight() const;
  SchedulerStop stopped() const { return stop_; }
  std::optional<double> next_retry_ms() const;  // earliest WaitingRetry time, for hosts that sleep
  const std::vector<CallStatus>& calls() const { return calls_; }
  const UsageTotals& usage() const { return usage_; }
  const std::vector<CallLogEntry>& log() const { return log_; }
  size_t count(CallState state) const;

 private:
  struct Arrival {
    size_t index;
    HttpResponse response;
  };
  void start(size_t index, double now_ms);
  void absorb(const Arrival& arrival, double now_ms);
  bool budget_allows(const CallStatus& call);

  LlmEndpoint endpoint_;
  HttpTransport& transport_;
  ReplayStore* replay_;
  SchedulerLimits limits_;
  TokenPrices prices_;
  std::vector<CallStatus> calls_;
  std::vector<std::string> keys_;  // replay_key per call
  size_t replay_checked_ = 0;      // calls [0, replay_checked_) were looked up in the replay store once
  std::vector<CallLogEntry> log_;
  std::vector<size_t> log_index_;  // log entry of each call's current attempt
  UsageTotals usage_;
  SchedulerStop stop_ = SchedulerStop::None;
  // Callbacks append here and step() drains it, so a transport that answers inside send() cannot re-enter step().
  std::shared_ptr<std::vector<Arrival>> inbox_;
  bool stepping_ = false;  // inside step(): an answer arriving now waits for the step to drain it
};

// Each call's answer in the order added: its text, its final error's message, or `not_finished` for a call that
// never ended (a cancelled or budget-stopped batch). What the callers that merge answers with their items read.
std::vector<Result<std::string>> call_answers(const CallScheduler& scheduler,
                                              const std::string& not_finished = "the call was not made");

}  // namespace chokepoint
