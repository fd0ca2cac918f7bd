// State machine per call: Queued -> InFlight -> Succeeded | WaitingRetry -> InFlight ... | Failed. Time enters only
// through step(now_ms), which makes backoff testable with a fake clock and keeps the browser build thread-free.
#include "core/llm/call_scheduler.h"
#include "core/llm/sha256.h"

#include <algorithm>
#include <cmath>

#include "core/llm/llm_protocol.h"
#include "core/llm/redaction.h"

namespace chokepoint {

CallScheduler::CallScheduler(LlmEndpoint endpoint, HttpTransport& transport, ReplayStore* replay,
                             SchedulerLimits limits, TokenPrices prices)
    : endpoint_(std::move(endpoint)),
      transport_(transport),
      replay_(replay),
      limits_(limits),
      prices_(prices),
      inbox_(std::make_shared<std::vector<Arrival>>()) {}

// Dropping inbox_ turns late callbacks into no-ops (they hold only a weak_ptr).
CallScheduler::~CallScheduler() = default;

size_t CallScheduler::add(LlmCall call) {
  keys_.emplace_back();  // computed when the call is first stepped (checked), so adding many calls costs nothing
  CallStatus status;
  status.call = std::move(call);
  calls_.push_back(std::move(status));
  log_index_.push_back(0);
  return calls_.size() - 1;
}

void CallScheduler::cancel() {
  if (stop_ == SchedulerStop::None || stop_ == SchedulerStop::Held) stop_ = SchedulerStop::Cancelled;
}

void CallScheduler::resume() { stop_ = SchedulerStop::None; }

void CallScheduler::hold() {
  if (stop_ == SchedulerStop::None) stop_ = SchedulerStop::Held;
}

bool CallScheduler::finished() const {
  return std::all_of(calls_.begin(), calls_.end(), [](const CallStatus& c) {
    return c.state == CallState::Succeeded || c.state == CallState::Failed;
  });
}

bool CallScheduler::has_in_flight() const { return count(CallState::InFlight) > 0; }

size_t CallScheduler::count(CallState state) const {
  return static_cast<size_t>(
      std::count_if(calls_.begin(), calls_.end(), [state](const CallStatus& c) { return c.state == state; }));
}

std::optional<double> CallScheduler::next_retry_ms() const {
  std::optional<double> best;
  for (const auto& c : calls_) {
    if (c.state == CallState::WaitingRetry && (!best || c.retry_at_ms < *best)) best = c.retry_at_ms;
  }
  return best;
}

bool CallScheduler::budget_allows(const CallStatus& call) {
  if (limits_.max_network_calls >= 0 && usage_.network_calls >= limits_.max_network_calls) {
    stop_ = SchedulerStop::CallBudget;
    return false;
  }
  if (limits_.max_tokens >= 0) {
    long long prompt = 0;
    for (const auto& m : call.call.request.messages) prompt += estimate_tokens(m.content);
    if (usage_.prompt_tokens + usage_.completion_tokens + prompt > limits_.max_tokens) {
      stop_ = SchedulerStop::TokenBudget;
      return false;
    }
  }
  return true;
}

void CallScheduler::start(size_t index, double now_ms) {
  CallStatus& c = calls_[index];
  HttpRequest http = chat_http_request(endpoint_, c.call.request);
  http.timeout_ms = limits_.timeout_ms;
  c.state = CallState::InFlight;
  c.attempts += 1;
  usage_.network_calls += 1;
  if (c.attempts > 1) usage_.retries += 1;
  CallLogEntry entry;
  entry.call_id = c.call.id;
  entry.attempt = c.attempts;
  entry.request_text = describe_request(http, endpoint_.api_key);
  log_index_[index] = log_.size();
  log_.push_back(std::move(entry));
  (void)now_ms;
  std::weak_ptr<std::vector<Arrival>> inbox = inbox_;
  // `this` is used only while the inbox lives, and the scheduler alone owns it.
  transport_.send(http, [inbox, index, this](HttpResponse response) {
    auto box = inbox.lock();
    if (!box) return;
    box->push_back({index, std::move(response)});
    if (stepping_) return;
    if (const auto now = transport_.step_on_answer_ms()) step(*now);
  });
}

void CallScheduler::absorb(const Arrival& arrival, double now_ms) {
  CallStatus& c = calls_[arrival.index];
  if (c.state != CallState::InFlight) return;  // duplicate callback from a faulty transport
  auto parsed = parse_chat_response(endpoint_, c.call.request, arrival.response);
  CallLogEntry& entry = log_[log_index_[arrival.index]];
  entry.status = arrival.response.status;
  entry.response_body = redact_secret(arrival.response.body, endpoint_.api_key).substr(0, 4096);  // redacted, then cut
  entry.elapsed_ms = arrival.response.elapsed_ms;
  if (parsed.ok()) {
    const Completion& done = parsed.value();
    usage_.prompt_tokens += done.usage.prompt_tokens;
    usage_.completion_tokens += done.usage.completion_tokens;
    usage_.cost += (done.usage.prompt_tokens * prices_.input_per_million +
                    done.usage.completion_tokens * prices_.output_per_million) /
                   1e6;
    c.state = CallState::Succeeded;
    c.completion = done;
    c.last_error.reset();
    if (replay_) {
      ReplayRecord record{keys_[arrival.index], endpoint_.provider, c.call.request.model,
                          canonical_request_json(endpoint_.provider, c.call.request), done};
      (void)replay_->put(record);  // a failed write loses only the shortcut, not the answer
      for (size_t j = 0; j < calls_.size(); ++j) {
        if (j == arrival.index || j >= replay_checked_ || calls_[j].state != CallState::Queued ||
            keys_[j] != keys_[arrival.index])
          continue;
        calls_[j].state = CallState::Succeeded;
        calls_[j].completion = done;
        calls_[j].from_replay = true;
        usage_.replayed += 1;
      }
    }
    return;
  }
  const LlmError& error = parsed.error();
  entry.error = error.message;
  c.last_error = error;
  if (error.retryable() && c.attempts < limits_.max_attempts) {
    double backoff = std::min(limits_.max_backoff_ms, limits_.base_backoff_ms * std::pow(2.0, c.attempts - 1));
    double wait = std::max(backoff, static_cast<double>(error.retry_after_ms));
    c.state = CallState::WaitingRetry;
    c.retry_at_ms = now_ms + wait;
    return;
  }
  c.state = CallState::Failed;
}

void CallScheduler::step(double now_ms) {
  struct Stepping {
    bool& flag;
    explicit Stepping(bool& f) : flag(f) { flag = true; }
    ~Stepping() { flag = false; }
  } stepping(stepping_);
  // 1. Answers that arrived since the last step, in arrival order.
  std::vector<Arrival> arrived;
  arrived.swap(*inbox_);
  for (const auto& a : arrived) absorb(a, now_ms);

  // 2. Replay hits finish at once and need no slot or budget, even while cancelled (they cost nothing). Each call is
  //    looked up once, kKeysPerStep calls a step at most: a lookup per queued call per step, or all 1,534 of a BIRD
  //    run in one step, held the page for hundreds of milliseconds. A call is sent only after its lookup. A call
  //    answered later for the same request answers its queued twins (absorb), as a second lookup would have.
  //    Also at most kLookupBytes of request text hashed a step (at least one call): a key hashes the whole prompt,
  //    and a BIRD prompt with its schema is several kilobytes, so 64 lookups held the page for 30-45 ms in the
  //    browser. The cap counts bytes, not milliseconds, so what a step decides is the same on a slow or loaded
  //    machine as on a fast one.
  constexpr size_t kKeysPerStep = 64;
  constexpr size_t kLookupBytes = 96 * 1024;
  size_t hashed = 0;
  for (size_t n = 0; replay_checked_ < calls_.size() && n < kKeysPerStep && (n == 0 || hashed < kLookupBytes);
       ++replay_checked_, ++n) {
    CallStatus& c = calls_[replay_checked_];
    const std::string canonical = canonical_request_json(endpoint_.provider, c.call.request);
    hashed += canonical.size();
    keys_[replay_checked_] = sha256_hex(canonical);
    if (c.state != CallState::Queued || !replay_) continue;
    // A record answers only the exact request it was recorded for: a store imported from elsewhere may hold an
    // answer under a key whose request says something else.
    if (auto hit = replay_->find(keys_[replay_checked_]); hit && hit->request_json == canonical) {
      c.state = CallState::Succeeded;
      c.completion = hit->completion;
      c.from_replay = true;
      usage_.replayed += 1;
    }
  }

  // 3. Sends, in call order: due retries and queued calls share the concurrency limit.
  if (stop_ != SchedulerStop::None) return;
  size_t in_flight = count(CallState::InFlight);
  for (size_t i = 0; i < replay_checked_ && in_flight < static_cast<size_t>(std::max(1, limits_.max_concurrency));
       ++i) {
    CallStatus& c = calls_[i];
    bool due = c.state == CallState::Queued || (c.state == CallState::WaitingRetry && c.retry_at_ms <= now_ms);
    if (!due) continue;
    if (!budget_allows(c)) return;
    start(i, now_ms);
    ++in_flight;
  }
}

std::vector<Result<std::string>> call_answers(const CallScheduler& scheduler, const std::string& not_finished) {
  std::vector<Result<std::string>> out;
  for (const auto& call : scheduler.calls()) {
    if (call.state == CallState::Succeeded && call.completion)
      out.emplace_back(call.completion->text);
    else if (call.state == CallState::Failed && call.last_error)
      out.emplace_back(Error{call.last_error->message});
    else
      out.emplace_back(Error{not_finished});
  }
  return out;
}

}  // namespace chokepoint
