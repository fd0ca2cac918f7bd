// A panel's batch of chat calls from preview to done (see session_batch_run.h).
#include "web/llm/session_batch_run.h"

#include <imgui.h>

#include <algorithm>

#include "web/widgets/item_places.h"

namespace chokepoint::web {

Result<const PromptLibrary*> batch_prerequisites() {
  const PromptLibrary* prompts = session_prompts();
  if (!prompts) return Error{"prompt templates: " + session_prompts_error()};
  if (auto endpoint = usable_session_endpoint(); !endpoint.ok()) return Error{endpoint.error()};
  return prompts;
}

size_t SessionBatchRun::ended() const {
  return scheduler ? scheduler->count(CallState::Succeeded) + scheduler->count(CallState::Failed) : 0;
}

std::string SessionBatchRun::open(const std::vector<std::string>& prompts) {
  preview = false;
  scheduler.reset();
  done = cancelled = false;
  usage = {};
  auto p = preview_session_batch(prompts);
  if (!p.ok()) return p.error();
  sent = *p;
  preview = true;
  return "";
}

std::string SessionBatchRun::start(const std::vector<std::pair<std::string, std::string>>& calls) {
  preview = false;
  auto s = start_session_batch(calls, sent);
  if (!s.ok()) return s.error();
  scheduler = std::move(*s);
  persisted_calls = 0;
  return "";
}

bool SessionBatchRun::step() {
  if (!busy() || !step_session_batch(*scheduler, persisted_calls)) return false;
  usage = scheduler->usage();
  done = true;
  persist_replay();
  return true;
}

bool SessionBatchRun::cancel() {
  if (!busy()) return false;
  scheduler->cancel();
  cancelled = done = true;
  usage = scheduler->usage();
  persist_replay();
  return true;
}

nlohmann::json SessionBatchRun::preview_json(size_t calls) const {
  return {{"calls", calls},
          {"network_calls", calls - std::min(calls, sent.in_replay)},
          {"estimated_prompt_tokens", sent.estimated_tokens},
          {"destination", sent.destination},
          {"model", sent.model}};
}

PreviewChoice draw_preview_buttons(const std::string& place) {
  PreviewChoice choice = PreviewChoice::None;
  if (ImGui::Button(("Confirm and send##" + place).c_str())) choice = PreviewChoice::Confirm;
  note_item_place((place + " confirm").c_str());
  ImGui::SameLine();
  if (ImGui::Button(("Discard##" + place).c_str())) choice = PreviewChoice::Discard;
  note_item_place((place + " discard").c_str());
  return choice;
}

}  // namespace chokepoint::web
