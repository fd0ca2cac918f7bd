// The prediction job: one scheduler per start, answers read as they arrive (read_prediction).
#include "core/runner/prediction_job.h"

#include <algorithm>

#include "core/llm/sha256.h"

namespace chokepoint::runner {

PredictionJob::PredictionJob(EvalSet set, std::vector<PredictionTask> tasks, ChatRequest request, std::string provider,
                             TokenPrices prices)
    : set_(std::move(set)),
      tasks_(std::move(tasks)),
      results_(tasks_.size()),
      request_(std::move(request)),
      provider_(std::move(provider)),
      prices_(prices) {}

PredictionPlan PredictionJob::plan(const ReplayStore* replay) const {
  PredictionPlan plan;
  plan.max_answer_tokens = request_.max_tokens;
  for (size_t i = 0; i < tasks_.size(); ++i) {
    if (results_[i] && results_[i]->status != PredictionStatus::LlmError) continue;
    const auto& t = tasks_[i];
    PlannedPrompt p{set_.items[t.item].key + " / " + t.format.name(), t.format.name(), t.prompt,
                    estimate_tokens(t.prompt), false};
    if (replay) {
      ChatRequest r = request_;
      r.messages = {{"user", t.prompt}};
      p.in_replay = replay->find(replay_key(provider_, r)).has_value();
    }
    if (!p.in_replay) {
      ++plan.network_calls;
      plan.estimated_tokens += p.estimated_tokens;
    }
    plan.calls.push_back(std::move(p));
  }
  plan.estimated_cost =
      (static_cast<double>(plan.estimated_tokens) * prices_.input_per_million +
       static_cast<double>(plan.network_calls) * std::max(0, plan.max_answer_tokens) * prices_.output_per_million) /
      1e6;
  return plan;
}

void PredictionJob::start(const LlmEndpoint& endpoint, HttpTransport& transport, ReplayStore* replay,
                          SchedulerLimits limits) {
  fold_scheduler();
  cancelled_ = false;
  scheduler_ = std::make_unique<CallScheduler>(endpoint, transport, replay, limits, prices_);
  for (size_t i = 0; i < tasks_.size(); ++i) {
    if (results_[i] && results_[i]->status != PredictionStatus::LlmError) continue;
    results_[i].reset();
    ChatRequest r = request_;
    r.messages = {{"user", tasks_[i].prompt}};
    scheduler_->add({set_.items[tasks_[i].item].key + " / " + tasks_[i].format.name(), std::move(r)});
    scheduled_.push_back(i);
  }
}

void PredictionJob::step(double now_ms) {
  if (!scheduler_) return;
  scheduler_->step(now_ms);
  absorb();
  if (scheduler_->finished()) fold_scheduler();
}

bool PredictionJob::take_replayed(const ReplayStore& replay, size_t byte_budget) {
  size_t hashed = 0;
  for (; replay_looked_up_ < tasks_.size() && (hashed == 0 || hashed < byte_budget); ++replay_looked_up_) {
    const size_t i = replay_looked_up_;
    if (results_[i]) continue;
    ChatRequest r = request_;
    r.messages = {{"user", tasks_[i].prompt}};
    const std::string canonical = canonical_request_json(provider_, r);
    hashed += canonical.size();
    // As the scheduler does: a record answers only the exact request it was recorded for.
    const auto hit = replay.find(sha256_hex(canonical));
    if (!hit || hit->request_json != canonical) continue;
    results_[i] = read_prediction(set_.items[tasks_[i].item], tasks_[i].format, hit->completion.text);
    usage_.replayed += 1;
  }
  return replay_looked_up_ >= tasks_.size();
}

void PredictionJob::absorb() {
  const auto& calls = scheduler_->calls();
  for (size_t c = 0; c < calls.size(); ++c) {
    auto& slot = results_[scheduled_[c]];
    if (slot) continue;
    const CallStatus& call = calls[c];
    const auto& t = tasks_[scheduled_[c]];
    if (call.state == CallState::Failed)
      slot = read_prediction(set_.items[t.item], t.format,
                             Error{call.last_error ? call.last_error->message : "the call failed"});
    else if (call.state == CallState::Succeeded && call.completion)
      slot = read_prediction(set_.items[t.item], t.format, call.completion->text);
  }
}

void PredictionJob::fold_scheduler() {
  if (!scheduler_) return;
  usage_ += scheduler_->usage();
  log_.insert(log_.end(), scheduler_->log().begin(), scheduler_->log().end());
  scheduler_.reset();
  scheduled_.clear();
}

void PredictionJob::cancel() {
  cancelled_ = true;
  if (scheduler_) scheduler_->cancel();
}

void PredictionJob::resume() {
  cancelled_ = false;
  if (scheduler_) scheduler_->resume();
}

bool PredictionJob::running() const { return scheduler_ != nullptr; }

SchedulerStop PredictionJob::stopped() const {
  if (cancelled_) return SchedulerStop::Cancelled;
  return scheduler_ ? scheduler_->stopped() : SchedulerStop::None;
}

std::vector<std::string> PredictionJob::format_names() const {
  std::vector<std::string> out;
  for (const auto& t : tasks_)
    if (std::find(out.begin(), out.end(), t.format.name()) == out.end()) out.push_back(t.format.name());
  return out;
}

std::vector<PredictedItem> PredictionJob::predictions(const std::string& format) const {
  std::vector<PredictedItem> out;
  for (size_t i = 0; i < tasks_.size(); ++i) {
    if (tasks_[i].format.name() != format) continue;
    const auto& item = set_.items[tasks_[i].item];
    out.push_back(results_[i]
                      ? *results_[i]
                      : PredictedItem{item.key, item.db_id, "", PredictionStatus::LlmError, "not answered yet"});
  }
  return out;
}

size_t PredictionJob::answered() const {
  return static_cast<size_t>(
      std::count_if(results_.begin(), results_.end(), [](const auto& r) { return r.has_value(); }));
}

size_t PredictionJob::count(PredictionStatus s) const {
  return static_cast<size_t>(
      std::count_if(results_.begin(), results_.end(), [s](const auto& r) { return r && r->status == s; }));
}

UsageTotals PredictionJob::usage() const {
  UsageTotals u = usage_;
  if (scheduler_) u += scheduler_->usage();
  return u;
}

std::vector<CallLogEntry> PredictionJob::log() const {
  auto out = log_;
  if (scheduler_) out.insert(out.end(), scheduler_->log().begin(), scheduler_->log().end());
  return out;
}

}  // namespace chokepoint::runner
