// The tally of model calls (see call_tally.h).
#include "cli/call_tally.h"

#include <vector>

namespace chokepoint::cli {

const char* const kModelCallExitRule =
    "Exit code 0 when every model call was answered (by the endpoint or the replay store); 1 when the work finished "
    "but some calls failed or were cut by --max-calls or --max-tokens (the outputs are written with what was "
    "answered; the report's model_calls and stderr say how many and why); 2 on bad input, before anything is sent.";

bool CallTally::complete() const {
  return chat.failed == 0 && chat.cut == 0 && embedding_texts.failed == 0 && embedding_texts.cut == 0;
}

void CallTally::add(const CallScheduler& scheduler, const std::string& call_budget, const std::string& token_budget) {
  const SchedulerStop stop = scheduler.stopped();
  for (const auto& c : scheduler.calls()) {
    ++chat.asked;
    if (c.state == CallState::Succeeded) {
      ++chat.answered;
      chat.replayed += c.from_replay ? 1 : 0;
    } else if (c.state == CallState::Failed) {
      ++chat.failed;
      const std::string message = c.last_error ? c.last_error->message : std::string("the call failed");
      ++errors[message];
      if (chat.first_failure.empty()) chat.first_failure = c.call.id + ": " + message;
    } else if (stop == SchedulerStop::CallBudget || stop == SchedulerStop::TokenBudget) {
      ++chat.cut;
      budget = stop == SchedulerStop::CallBudget ? call_budget : token_budget;
    } else {
      // Never left unfinished by the runner (it steps until every call ends or a budget stops it); counted as a
      // failure so the exit code cannot claim an answer that is not there.
      ++chat.failed;
      ++errors["the call was not finished"];
      if (chat.first_failure.empty()) chat.first_failure = c.call.id + ": the call was not finished";
    }
  }
  usage += scheduler.usage();
}

nlohmann::ordered_json call_tally_json(const CallTally& t) {
  nlohmann::ordered_json j;
  j["calls"] = t.chat.asked;
  j["answered"] = t.chat.answered;
  j["replayed"] = t.chat.replayed;
  j["failed"] = t.chat.failed;
  j["cut_by_budget"] = t.chat.cut;
  j["requests"] = t.usage.network_calls;
  if (t.embedding_texts.asked > 0)
    j["embedding_texts"] = {{"texts", t.embedding_texts.asked},
                            {"answered", t.embedding_texts.answered},
                            {"replayed", t.embedding_texts.replayed},
                            {"failed", t.embedding_texts.failed},
                            {"cut_by_budget", t.embedding_texts.cut}};
  j["budget"] = t.budget.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(t.budget);
  j["errors"] = nlohmann::ordered_json::object();
  for (const auto& [message, n] : t.errors) j["errors"][message] = n;
  return j;
}

namespace {

const char* const kCountPrefix = "model_calls.";

// The counters a shard keeps, by name.
struct Counter {
  const char* name;
  size_t CallCounts::*field;
};
const Counter kCounters[] = {{"asked", &CallCounts::asked},
                             {"answered", &CallCounts::answered},
                             {"replayed", &CallCounts::replayed},
                             {"failed", &CallCounts::failed},
                             {"cut", &CallCounts::cut}};

}  // namespace

void put_tally_counts(const CallTally& t, std::map<std::string, long long>& counts) {
  const std::string p = kCountPrefix;
  for (const auto& c : kCounters) {
    counts[p + "chat." + c.name] = static_cast<long long>(t.chat.*c.field);
    counts[p + "embedding_texts." + c.name] = static_cast<long long>(t.embedding_texts.*c.field);
  }
  counts[p + "requests"] = t.usage.network_calls;
  for (const auto& [message, n] : t.errors) counts[p + "error:" + message] = static_cast<long long>(n);
  if (!t.budget.empty()) counts[p + "budget:" + t.budget] = 1;
  if (!t.chat.first_failure.empty()) counts[p + "chat.first:" + t.chat.first_failure] = 1;
  if (!t.embedding_texts.first_failure.empty())
    counts[p + "embedding_texts.first:" + t.embedding_texts.first_failure] = 1;
}

CallTally tally_from_counts(const std::map<std::string, long long>& counts) {
  CallTally t;
  const std::string p = kCountPrefix;
  auto count = [&](const std::string& name) {
    auto c = counts.find(p + name);
    return c == counts.end() ? size_t{0} : static_cast<size_t>(c->second);
  };
  for (const auto& c : kCounters) {
    t.chat.*c.field = count(std::string("chat.") + c.name);
    t.embedding_texts.*c.field = count(std::string("embedding_texts.") + c.name);
  }
  t.usage.network_calls = static_cast<long long>(count("requests"));
  for (const auto& [name, n] : counts) {
    if (name.rfind(p + "error:", 0) == 0) t.errors[name.substr(p.size() + 6)] = static_cast<size_t>(n);
    if (name.rfind(p + "budget:", 0) == 0) t.budget = name.substr(p.size() + 7);
    for (CallCounts* kind : {&t.chat, &t.embedding_texts}) {
      const std::string first = p + (kind == &t.chat ? "chat" : "embedding_texts") + ".first:";
      if (name.rfind(first, 0) == 0 && kind->first_failure.empty()) kind->first_failure = name.substr(first.size());
    }
  }
  return t;
}

namespace {

// "1 failed (<the commonest reason>), 2 cut by --max-calls 10"
std::string unanswered_parts(const CallCounts& c, const CallTally& t) {
  std::vector<std::string> parts;
  if (c.failed) {
    std::string why = c.first_failure.empty() ? "" : "first: " + c.first_failure;
    if (t.errors.size() > 1)
      why += (why.empty() ? "" : "; ") + std::to_string(t.errors.size()) + " different reasons in all";
    parts.push_back(std::to_string(c.failed) + " failed" + (why.empty() ? "" : " (" + why + ")"));
  }
  if (c.cut) parts.push_back(std::to_string(c.cut) + " cut by " + (t.budget.empty() ? "a budget" : t.budget));
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : ", ") + p;
  return out;
}

}  // namespace

std::string call_tally_message(const CallTally& t, bool replay_file) {
  if (t.complete()) return "";
  std::vector<std::string> sentences;
  const CallCounts& c = t.chat;
  if (c.failed + c.cut)
    sentences.push_back(std::to_string(c.failed + c.cut) + " of " + std::to_string(c.asked) +
                        " model calls unanswered: " + unanswered_parts(c, t));
  const CallCounts& e = t.embedding_texts;
  if (e.failed + e.cut)
    sentences.push_back(std::to_string(e.failed + e.cut) + " of " + std::to_string(e.asked) +
                        " texts not embedded: " + unanswered_parts(e, t));
  std::string out;
  for (const auto& s : sentences) out += (out.empty() ? "" : "; ") + s;
  if (replay_file) out += "; a rerun with the same --replay asks only those";
  return out;
}

int model_call_exit_code(const CallTally& tally, bool other_failures) {
  return tally.complete() && !other_failures ? 0 : 1;
}

}  // namespace chokepoint::cli
