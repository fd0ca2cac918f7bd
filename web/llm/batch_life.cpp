// A batch's phases and their checks (see batch_life.h).
#include "web/llm/batch_life.h"

#include <algorithm>

namespace chokepoint::web {

const char* batch_phase_name(BatchPhase p) {
  switch (p) {
    case BatchPhase::Idle:
      return "idle";
    case BatchPhase::Preview:
      return "preview";
    case BatchPhase::Running:
      return "running";
    case BatchPhase::Done:
      return "done";
    case BatchPhase::Cancelled:
      return "cancelled";
  }
  return "";
}

Status BatchLife::open_preview(BatchPreviewFacts facts) {
  if (phase_ == BatchPhase::Running) return Error{"a batch is running; cancel it first"};
  preview_ = std::move(facts);
  phase_ = BatchPhase::Preview;
  total_ = ended_ = failed_ = 0;
  return ok_status();
}

void BatchLife::discard() {
  if (phase_ == BatchPhase::Preview) phase_ = BatchPhase::Idle;
}

Status BatchLife::confirm(const std::string& current_destination) {
  if (phase_ != BatchPhase::Preview) return Error{"no preview is open"};
  if (current_destination != preview_.destination) {
    phase_ = BatchPhase::Idle;
    return Error{"the LLM settings changed after the preview (it named " + preview_.destination + "; they now name " +
                 current_destination + "): nothing was sent; preview again"};
  }
  phase_ = BatchPhase::Running;
  total_ = preview_.calls;
  ended_ = failed_ = 0;
  return ok_status();
}

Status BatchLife::resume(const std::string& current_destination) {
  if (phase_ != BatchPhase::Cancelled) return Error{"only a cancelled batch resumes"};
  if (current_destination != preview_.destination)
    return Error{"the LLM settings changed since this batch was confirmed (it named " + preview_.destination +
                 "; they now name " + current_destination + "): preview it again"};
  phase_ = BatchPhase::Running;
  return ok_status();
}

void BatchLife::progress(size_t ended, size_t total, size_t failed) {
  if (phase_ != BatchPhase::Running) return;
  ended_ = ended;
  total_ = total;
  failed_ = failed;
}

void BatchLife::finish(bool cancelled) {
  if (phase_ != BatchPhase::Running) return;
  phase_ = cancelled ? BatchPhase::Cancelled : BatchPhase::Done;
}

nlohmann::json BatchLife::json() const {
  nlohmann::json j = {{"phase", batch_phase_name(phase_)},
                      {"total", total_},
                      {"ended", ended_},
                      {"failed", failed_},
                      {"can_retry", can_retry()}};
  if (phase_ == BatchPhase::Preview) {
    nlohmann::json prompts = nlohmann::json::array();
    for (const auto& [id, prompt] : preview_.prompts) prompts.push_back({{"id", id}, {"prompt", prompt}});
    j["preview"] = {{"destination", preview_.destination},
                    {"model", preview_.model},
                    {"calls", preview_.calls},
                    {"replayed", preview_.replayed},
                    {"network_calls", preview_.calls - std::min(preview_.calls, preview_.replayed)},
                    {"estimated_prompt_tokens", preview_.tokens},
                    {"prompts", prompts},
                    {"later_rounds", preview_.later_rounds}};
  }
  return j;
}

}  // namespace chokepoint::web
