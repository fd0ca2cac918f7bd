// The life of one batch of model calls in the app, the same for every view that asks a model (the judge, the error
// classifier, SQL-to-Text, Optimise, debugging, Run a model, linking, retrieval, questions, synthesis, the LLM
// features, text augmentation): planned and previewed (nothing sent), confirmed (only while the settings still name
// the destination the preview showed), running (answers counted, cancellable), then done or cancelled; failed calls
// can be retried and a cancelled batch resumed, both through a new preview, and the replay store answers every call
// already answered, so only what is missing goes out. What each view asks and makes of the answers stays its own;
// the phases, the preview's facts, the checks and the state JSON's shape are here. No drawing: batch_view.h draws it.
#pragma once
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/base/result.h"

namespace chokepoint::web {

enum class BatchPhase { Idle, Preview, Running, Done, Cancelled };
const char* batch_phase_name(BatchPhase p);  // "idle", "preview", "running", "done", "cancelled"

// What the preview says would leave the page.
struct BatchPreviewFacts {
  std::string destination;  // session_destination() when the preview opened: Confirm needs it unchanged
  std::string model;
  size_t calls = 0;                                          // calls of the first round
  size_t replayed = 0;                                       // of those, answered by the replay store (not sent)
  long long tokens = 0;                                      // estimated prompt tokens of the calls sent
  std::vector<std::pair<std::string, std::string>> prompts;  // every first-round call: (name, prompt)
  std::vector<std::string> later_rounds;                     // what is sent once answers arrive, one line each
};

class BatchLife {
 public:
  BatchPhase phase() const { return phase_; }
  bool previewing() const { return phase_ == BatchPhase::Preview; }
  bool running() const { return phase_ == BatchPhase::Running; }
  bool ended() const { return phase_ == BatchPhase::Done || phase_ == BatchPhase::Cancelled; }
  const BatchPreviewFacts& preview() const { return preview_; }

  // Opens the preview (nothing is sent); a running batch cannot be previewed again.
  Status open_preview(BatchPreviewFacts facts);
  void discard();  // back to Idle
  // Confirm: Running, when `current_destination` is still the preview's; otherwise an error saying what changed,
  // and the preview is closed (a new one is needed).
  Status confirm(const std::string& current_destination);
  // A cancelled batch goes on with the calls it had not sent (those of the preview it was confirmed on), when the
  // settings still name that destination.
  Status resume(const std::string& current_destination);
  // While running: the calls answered or failed so far, of `total`.
  void progress(size_t ended, size_t total, size_t failed);
  void finish(bool cancelled);  // Done or Cancelled
  size_t total() const { return total_; }
  size_t ended_calls() const { return ended_; }
  size_t failed() const { return failed_; }
  // After Done with failures, or Cancelled: a retry previews the same plan again, so the view re-plans and the
  // replay store answers what was answered.
  bool can_retry() const { return (phase_ == BatchPhase::Done && failed_ > 0) || phase_ == BatchPhase::Cancelled; }

  // {"phase", "preview"?: {destination, model, calls, network_calls, replayed, estimated_prompt_tokens, prompts:
  //  [{id, prompt}], later_rounds}, "total", "ended", "failed", "can_retry"}: the same shape in every view's JSON,
  // under "batch".
  nlohmann::json json() const;

 private:
  BatchPhase phase_ = BatchPhase::Idle;
  BatchPreviewFacts preview_;
  size_t total_ = 0, ended_ = 0, failed_ = 0;
};

}  // namespace chokepoint::web
