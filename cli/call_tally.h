// What became of a command's model calls, over every round and model: answered (by the endpoint or the replay
// store), failed, or cut by a budget before an answer. The report's `model_calls` object, the line stderr gets when
// some call went unanswered, and the exit code every model-calling command shares all come from it.
#pragma once
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "core/llm/call_scheduler.h"

namespace chokepoint::cli {

// The exit-code rule of every model-calling command, as each --help says it.
extern const char* const kModelCallExitRule;

// Counts of one kind of call. Invariant: asked == answered + failed + cut.
struct CallCounts {
  size_t asked = 0;           // each call once, whatever its retries
  size_t answered = 0;        // by the endpoint or the replay store
  size_t replayed = 0;        // of the answered, those the replay store answered
  size_t failed = 0;          // ended with an error, after the retries the error allows
  size_t cut = 0;             // stopped by --max-calls or --max-tokens before an answer (most never sent)
  std::string first_failure;  // "<call>: <message>" of the first that failed; "" when none did
};

struct CallTally {
  CallCounts chat;                       // chat calls
  CallCounts embedding_texts;            // texts to embed (many to one request)
  UsageTotals usage;                     // HTTP requests (chat and embeddings), retries, tokens
  std::string budget;                    // the budget that cut calls, as its flag ("--max-calls 10"); "" when none did
  std::map<std::string, size_t> errors;  // each failure's message, and how many calls (or texts) it ended

  bool complete() const;  // nothing failed and nothing was cut
  // Adds what one scheduler did: every call's end, and its usage. `budget` names the flag a budget stop means
  // ("--max-calls 10" for CallBudget, "--max-tokens 500" for TokenBudget).
  void add(const CallScheduler& scheduler, const std::string& call_budget, const std::string& token_budget);
};

// {calls, answered, replayed, failed, cut_by_budget, requests, budget, errors} and, when texts were embedded,
// embedding_texts: {texts, answered, replayed, failed, cut_by_budget}. `budget` is null when no budget cut a call.
nlohmann::ordered_json call_tally_json(const CallTally& tally);

// The tally as counts of a shard file, which merge adds up: "model_calls.<counter>", one
// "model_calls.error:<message>" per message, "model_calls.budget:<flag>" for the budget that cut calls and
// "model_calls.<kind>.first:<first failure>" (merged: the first in name order).
void put_tally_counts(const CallTally& tally, std::map<std::string, long long>& counts);
// The tally those counts add up to (the usage holds the HTTP requests only).
CallTally tally_from_counts(const std::map<std::string, long long>& counts);

// One line for stderr when some call went unanswered, "" otherwise: "3 of 12 model calls unanswered: 1 failed
// (first: <call id>: <message>), 2 cut by --max-calls 10; a rerun with the same --replay asks only those" (the last
// part when the answers are kept in a file).
std::string call_tally_message(const CallTally& tally, bool replay_file);

// 0 when every call was answered and nothing else failed; 1 when the work finished but some call failed or was cut
// (or `other_failures`, a command's own reason to exit 1).
int model_call_exit_code(const CallTally& tally, bool other_failures = false);

}  // namespace chokepoint::cli
