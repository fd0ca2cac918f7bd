// The model-calling commands' shared run of calls (see model_calls.h).
#include "cli/model_calls.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <thread>

#include "cli/common_flags.h"
#include "cli/llm_transport_curl.h"
#include "core/base/clock.h"
#include "core/llm/embedding_replay.h"

namespace chokepoint::cli {

FlagTable with_model_call_flags(FlagTable table) {
  for (auto& shared : flags::model_call_flags())
    if (!find_flag(table, shared.name)) table.push_back(std::move(shared));
  return table;
}

bool takes_model_call_flags(const FlagTable& table) { return find_flag(table, "--max-calls") != nullptr; }

Status check_model_call_flags_need_model(const FlagValues& r) {
  if (r.has("--llm-config")) return ok_status();
  for (const auto& shared : flags::model_call_flags())
    if (r.has(shared.name)) return Error{shared.name + " goes with --llm-config (it governs the model's calls)"};
  return ok_status();
}

Args passed_on_model_call_words(const FlagValues& r) {
  Args words;
  for (const char* f : {"--replay", "--prompts"})
    if (r.has(f)) words.insert(words.end(), {f, r.text(f)});
  for (const char* f : {"--max-calls", "--max-tokens", "--concurrency", "--request-timeout-ms"})
    if (r.has(f)) words.insert(words.end(), {f, std::to_string(r.integer(f))});
  return words;
}

CallLimits CallLimits::from_flags(const FlagValues& r) {
  CallLimits l;
  if (r.has("--max-calls")) l.max_calls = r.integer("--max-calls");
  if (r.has("--max-tokens")) l.max_tokens = r.integer("--max-tokens");
  if (r.has("--concurrency")) l.concurrency = static_cast<int>(r.integer("--concurrency"));
  if (r.has("--request-timeout-ms")) l.request_timeout_ms = static_cast<int>(r.integer("--request-timeout-ms"));
  return l;
}

Result<ModelCalls> ModelCalls::open(const FlagValues& r, const std::string& default_replay) {
  ModelCalls c;
  c.preview_ = r.has("--preview");
  c.limits_ = CallLimits::from_flags(r);
  c.transport_ = std::make_unique<CurlTransport>();
  const std::string path = r.has("--replay") ? r.text("--replay") : default_replay;
  std::error_code ec;
  if (path.empty() || (c.preview_ && !std::filesystem::exists(path, ec))) {
    c.replay_.store = std::make_unique<MemoryReplayStore>();
    return c;
  }
  auto opened = open_replay_file(path);
  if (!opened.ok()) return Error{opened.error()};
  c.replay_ = std::move(*opened);
  c.replay_file_ = true;
  return c;
}

namespace {

long long tokens_spent(const UsageTotals& u) { return u.prompt_tokens + u.completion_tokens; }

}  // namespace

SchedulerLimits ModelCalls::limits(const LlmSettings& settings) const {
  SchedulerLimits l;
  l.timeout_ms = limits_.request_timeout_ms.value_or(settings.timeout_ms);
  l.max_concurrency = limits_.concurrency.value_or(settings.concurrency);
  if (limits_.max_calls) l.max_network_calls = std::max(0LL, *limits_.max_calls - tally_.usage.network_calls);
  if (limits_.max_tokens) l.max_tokens = std::max(0LL, *limits_.max_tokens - tokens_spent(tally_.usage));
  return l;
}

std::string ModelCalls::budget_label(SchedulerStop stop) const {
  if (stop == SchedulerStop::CallBudget && limits_.max_calls)
    return "--max-calls " + std::to_string(*limits_.max_calls);
  if (stop == SchedulerStop::TokenBudget && limits_.max_tokens)
    return "--max-tokens " + std::to_string(*limits_.max_tokens);
  return "";
}

bool ModelCalls::budget_spent() const {
  return (limits_.max_calls && tally_.usage.network_calls >= *limits_.max_calls) ||
         (limits_.max_tokens && tokens_spent(tally_.usage) >= *limits_.max_tokens);
}

void ModelCalls::run(CallScheduler& scheduler) {
  // Curl answers inside send(), so a step that sends also has the answer waiting for the next one; the loop sleeps
  // only while calls wait to be retried. After a budget stop, answers already in are still taken in.
  while (!scheduler.finished()) {
    const bool stopped = scheduler.stopped() != SchedulerStop::None;
    if (stopped && !scheduler.has_in_flight()) break;
    const size_t ended = scheduler.count(CallState::Succeeded) + scheduler.count(CallState::Failed);
    scheduler.step(monotonic_ms());
    if (scheduler.count(CallState::Succeeded) + scheduler.count(CallState::Failed) == ended && !stopped)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  tally_scheduler(scheduler);
}

void ModelCalls::tally_scheduler(const CallScheduler& scheduler) {
  tally_.add(scheduler, budget_label(SchedulerStop::CallBudget), budget_label(SchedulerStop::TokenBudget));
}

std::vector<Result<std::string>> ModelCalls::ask(const LlmSettings& settings, const LlmEndpoint& endpoint,
                                                 const std::vector<std::pair<std::string, std::string>>& prompts,
                                                 UsageTotals* usage) {
  CallScheduler scheduler(endpoint, *transport_, replay(), limits(settings));
  for (const auto& [id, prompt] : prompts)
    scheduler.add({id, chat_request_from_settings(settings, {{"user", prompt}})});
  run(scheduler);
  if (usage) *usage += scheduler.usage();
  return answers(scheduler);
}

std::vector<Result<std::string>> ModelCalls::answers(const CallScheduler& scheduler) const {
  const std::string budget = budget_label(scheduler.stopped());
  return call_answers(scheduler, budget.empty() ? "the call was not made" : "not sent: " + budget + " is spent");
}

Status ModelCalls::embed(const LlmSettings& settings, const LlmEndpoint& endpoint, const std::string& model,
                         const std::vector<std::string>& texts, EmbeddingCache& cache) {
  CallCounts& counts = tally_.embedding_texts;
  const std::vector<std::string> needed = cache.missing(model, texts);
  counts.asked += needed.size();
  const size_t found = load_replayed_embeddings(*replay(), model, needed, cache);
  counts.answered += found;
  counts.replayed += found;
  const std::vector<std::string> missing = cache.missing(model, needed);
  const int timeout_ms = limits_.request_timeout_ms.value_or(settings.timeout_ms);
  for (size_t first = 0; first < missing.size(); first += kEmbeddingBatch) {
    const std::vector<std::string> batch(
        missing.begin() + static_cast<long>(first),
        missing.begin() + static_cast<long>(std::min(missing.size(), first + kEmbeddingBatch)));
    long long batch_tokens = 0;
    for (const auto& t : batch) batch_tokens += estimate_tokens(t);
    const bool calls_spent = limits_.max_calls && tally_.usage.network_calls >= *limits_.max_calls;
    const bool tokens_over = limits_.max_tokens && tokens_spent(tally_.usage) + batch_tokens > *limits_.max_tokens;
    if (calls_spent || tokens_over) {
      counts.cut += missing.size() - first;
      tally_.budget = budget_label(calls_spent ? SchedulerStop::CallBudget : SchedulerStop::TokenBudget);
      return Error{"embeddings not sent: " + tally_.budget + " is spent"};
    }
    EmbeddingFetch fetch(endpoint, model, batch, *transport_, cache, kEmbeddingBatch, timeout_ms);
    while (!fetch.finished()) fetch.step();
    tally_.usage.network_calls += fetch.network_calls();
    tally_.usage.prompt_tokens += fetch.usage().prompt_tokens;
    tally_.usage.completion_tokens += fetch.usage().completion_tokens;
    if (fetch.error()) {
      counts.failed += missing.size() - first;
      tally_.errors[fetch.error()->message] += missing.size() - first;
      if (counts.first_failure.empty()) counts.first_failure = "embeddings (" + model + "): " + fetch.error()->message;
      return Error{fetch.error()->message};
    }
    counts.answered += batch.size();
    (void)record_embeddings(*replay(), settings.provider, model, batch, cache);  // a failed write loses the shortcut
  }
  return ok_status();
}

void ModelCalls::report(const std::string& command) const {
  const std::string message = call_tally_message(tally_, replay_file_);
  if (!message.empty()) std::cerr << "chokepoint: " << command << ": " << message << "\n";
}

}  // namespace chokepoint::cli
