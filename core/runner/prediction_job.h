// A model run as a resumable job, for a front end that cannot block: the tasks of
// plan_predictions() go through one CallScheduler (replay store, budget, concurrency, retry), stepped each frame;
// each answer becomes a PredictedItem as soon as it arrives. Before anything is sent, plan() says exactly what would
// leave the machine: every prompt, how many calls the replay store does not answer, the estimated tokens and the
// cost at the user's prices. Cancel keeps every finished answer; start() again asks only for what is still missing.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/dataset/eval_set.h"
#include "core/llm/call_scheduler.h"
#include "core/runner/prediction_run.h"

namespace chokepoint::runner {

struct PlannedPrompt {
  std::string id;      // "<item key> / <format>"
  std::string format;  // the format's name
  std::string prompt;  // exactly what is sent
  long long estimated_tokens = 0;
  bool in_replay = false;  // answered by the replay store, not sent
};

struct PredictionPlan {
  std::vector<PlannedPrompt> calls;  // for the tasks without an answer, in task order
  size_t network_calls = 0;          // calls the replay store does not answer (retries may add more)
  long long estimated_tokens = 0;    // prompt tokens of those calls
  int max_answer_tokens = 0;         // the cap per answer
  // At most: the prompts' tokens at the input price plus every answer at its cap at the output price.
  double estimated_cost = 0;
};

class PredictionJob {
 public:
  // `request` gives model and sampling (its messages are ignored); `provider` keys the replay store as the
  // scheduler does; `prices` turn tokens into cost (zero for a local server).
  PredictionJob(EvalSet set, std::vector<PredictionTask> tasks, ChatRequest request, std::string provider,
                TokenPrices prices = {});

  PredictionPlan plan(const ReplayStore* replay) const;
  // Sends the tasks without an answer (failed ones are asked again). Transport and store must outlive the job.
  void start(const LlmEndpoint& endpoint, HttpTransport& transport, ReplayStore* replay, SchedulerLimits limits = {});
  void step(double now_ms);
  // Takes, before any start(), the answers the replay store already holds: a run interrupted by a reload gets back
  // every answer it had received, with no scheduler and no network call (each counts as replayed). At most about
  // `byte_budget` bytes of request are hashed a call (a key hashes the whole prompt), at least one task; true once
  // every task was looked up.
  bool take_replayed(const ReplayStore& replay, size_t byte_budget);
  void cancel();
  void resume();
  bool running() const;  // started and not every task answered or failed, whether or not stopped
  SchedulerStop stopped() const;

  const EvalSet& set() const { return set_; }
  const std::vector<PredictionTask>& tasks() const { return tasks_; }
  // Per task: the prediction once its call ended (Ok, NoSql or LlmError), nullopt while pending.
  const std::vector<std::optional<PredictedItem>>& results() const { return results_; }
  std::vector<std::string> format_names() const;  // in task order, each once
  // The predictions of one format in set order; a pending task counts as an LlmError "not answered yet".
  std::vector<PredictedItem> predictions(const std::string& format) const;
  size_t answered() const;               // tasks with a result
  size_t count(PredictionStatus) const;  // results with that status
  UsageTotals usage() const;
  std::vector<CallLogEntry> log() const;

 private:
  void absorb();
  void fold_scheduler();

  EvalSet set_;
  std::vector<PredictionTask> tasks_;
  std::vector<std::optional<PredictedItem>> results_;
  ChatRequest request_;
  std::string provider_;
  TokenPrices prices_;
  std::unique_ptr<CallScheduler> scheduler_;
  std::vector<size_t> scheduled_;  // task of each call of scheduler_
  UsageTotals usage_;              // of finished schedulers
  std::vector<CallLogEntry> log_;
  bool cancelled_ = false;
  size_t replay_looked_up_ = 0;  // tasks take_replayed() has looked up
};

}  // namespace chokepoint::runner
