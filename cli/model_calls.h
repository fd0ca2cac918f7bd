// The skeleton every model-calling command shares (predict, debug, errors, jqe, tqa denat, describe, optimize, link,
// retrieval, judge, features, synth, space rewrite, eval's endpoint embeddings): one ModelCalls per run holds the
// replay store (--replay FILE.sqlite, created when missing; in memory without it), the limits of the shared flags
// (--max-calls and --max-tokens count over the whole run, every round and model; --concurrency and
// --request-timeout-ms replace the config's values), runs each batch of calls to its end, fetches embeddings
// through the same store and budget, and keeps the tally (cli/call_tally.h) the report and the exit code give.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli/call_tally.h"
#include "cli/flag_values.h"
#include "cli/llm_calls.h"
#include "core/base/result.h"
#include "core/llm/call_scheduler.h"
#include "core/llm/embedding_cache.h"
#include "core/llm/llm_settings.h"

namespace chokepoint::cli {

// `table` with the shared model-call flags (flags::model_call_flags) added after its own; a shared flag the table
// already declares (a variant of it, such as synth's --replay with its default) is kept as declared.
FlagTable with_model_call_flags(FlagTable table);
// Whether a command's table has the shared flags: its --help then ends with kModelCallExitRule.
bool takes_model_call_flags(const FlagTable& table);
// For a command whose model is optional: refuses any shared flag given without --llm-config, naming it.
Status check_model_call_flags_need_model(const FlagValues& r);
// The words of the shared flags given (--replay, --max-calls, --max-tokens, --concurrency, --request-timeout-ms) and
// of --prompts, as a command that composes model-calling commands passes them on (cli/command_capture.h). Each must
// be declared by r's command.
Args passed_on_model_call_words(const FlagValues& r);

// The shared flags' limits, as given (nullopt: the config's value, or no budget).
struct CallLimits {
  std::optional<long long> max_calls;     // --max-calls
  std::optional<long long> max_tokens;    // --max-tokens
  std::optional<int> concurrency;         // --concurrency
  std::optional<int> request_timeout_ms;  // --request-timeout-ms
  static CallLimits from_flags(const FlagValues& r);
};

// Embedding texts go to the endpoint this many to a request.
constexpr size_t kEmbeddingBatch = 64;

class ModelCalls {
 public:
  // The replay store: --replay FILE, else `default_replay` ("" for a store in memory); the file is created when
  // missing, except under --preview, which writes nothing (a missing file answers nothing). Errors name the file.
  static Result<ModelCalls> open(const FlagValues& r, const std::string& default_replay = "");

  ReplayStore* replay() const { return replay_.store.get(); }
  bool preview() const { return preview_; }
  HttpTransport& transport() { return *transport_; }

  // The limits of the next scheduler under `settings`: the config's timeout and concurrency unless the flags replace
  // them, and what is left of the run's call and token budgets.
  SchedulerLimits limits(const LlmSettings& settings) const;
  // The flag a budget stop stands for: "--max-calls 10" (CallBudget), "--max-tokens 500" (TokenBudget), else "".
  std::string budget_label(SchedulerStop stop) const;
  // True once a budget is spent: a new call would not be sent.
  bool budget_spent() const;

  // (id, prompt) pairs sent as single user messages through one scheduler; each answer's text, or why there is
  // none (a call cut by a budget says so). `usage`, when given, also gets the batch's usage.
  std::vector<Result<std::string>> ask(const LlmSettings& settings, const LlmEndpoint& endpoint,
                                       const std::vector<std::pair<std::string, std::string>>& prompts,
                                       UsageTotals* usage = nullptr);
  // Steps `scheduler` (made with limits()) until every call has ended or a budget stopped it, then tallies it.
  void run(CallScheduler& scheduler);
  // Tallies a scheduler a job stepped itself.
  void tally_scheduler(const CallScheduler& scheduler);
  // Each call's answer in the order added (call_answers), a call a budget stopped saying which budget.
  std::vector<Result<std::string>> answers(const CallScheduler& scheduler) const;

  // The vectors of `texts` under `model` into `cache`: from the replay store first, the rest fetched kEmbeddingBatch
  // texts a request within the budget and recorded in the store. The error is the first failed request's or the
  // budget's; vectors fetched before it stay in the cache. Counted in tally().embedding_texts.
  Status embed(const LlmSettings& settings, const LlmEndpoint& endpoint, const std::string& model,
               const std::vector<std::string>& texts, EmbeddingCache& cache);

  const CallTally& tally() const { return tally_; }
  CallTally& tally() { return tally_; }  // for jobs that keep their own schedulers (jqe)
  // The report's model_calls object.
  nlohmann::ordered_json tally_json() const { return call_tally_json(tally_); }
  // "chokepoint: <command>: <call_tally_message>" on stderr when some call went unanswered.
  void report(const std::string& command) const;
  // model_call_exit_code of the tally.
  int exit_code(bool other_failures = false) const { return model_call_exit_code(tally_, other_failures); }

 private:
  ModelCalls() = default;

  ReplayHandle replay_;
  bool replay_file_ = false;
  bool preview_ = false;
  CallLimits limits_;
  std::unique_ptr<HttpTransport> transport_;
  CallTally tally_;
};

}  // namespace chokepoint::cli
