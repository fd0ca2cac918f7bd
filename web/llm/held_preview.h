// The privacy preview of a job that queues its own calls (TQA's augmentation and de-naturalisation): the job is
// built and started on a held CallScheduler, so its first calls are queued and looked up in the replay store but
// nothing is sent; the preview lists them all (paged), says what later rounds send once answers arrive, and names
// the destination. Confirm sends only while the settings still name that destination; Discard drops the job.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "core/base/result.h"
#include "core/llm/call_scheduler.h"
#include "web/llm/batch_life.h"
#include "web/llm/session_batch_run.h"

namespace chokepoint::web {

struct HeldPreview {
  BatchLife life;  // the one batch life cycle: its preview's facts are the queued calls when it opened
  int page = 0;    // the prompt shown
  bool open() const { return life.previewing(); }
};

// Holds `scheduler` and opens the preview for the calls it has queued so far. Error when no endpoint is usable.
Status open_held_preview(HeldPreview& preview, CallScheduler& scheduler, std::string later_rounds);
// The preview's text, prompt pager and buttons; `place` names the buttons for browser tests ("<place> confirm").
PreviewChoice draw_held_preview(const std::string& place, HeldPreview& preview, const CallScheduler& scheduler);
// Confirm: checks the destination and releases the scheduler. The error says why nothing was sent.
Status confirm_held_preview(HeldPreview& preview, CallScheduler& scheduler);
// The job behind the preview ended (answers in, or cancelled).
void finish_held_preview(HeldPreview& preview, bool cancelled);
// {calls, replayed, network_calls, estimated_prompt_tokens, destination, later_rounds, prompts} for the state JSON.
nlohmann::json held_preview_json(const HeldPreview& preview, const CallScheduler& scheduler);

}  // namespace chokepoint::web
