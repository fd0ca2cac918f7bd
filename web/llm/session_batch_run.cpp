// A panel's batch of chat calls from preview to done (see session_batch_run.h).
#include "web/llm/session_batch_run.h"

#include <imgui.h>

#include <algorithm>

#include "web/widgets/item_places.h"
#include "web/widgets/prompt_pager.h"

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

std::string SessionBatchRun::open(const std::vector<std::string>& prompts, std::vector<std::string> later_rounds) {
  if (life.running()) return "a batch is running; cancel it first";
  scheduler.reset();
  usage = {};
  auto p = preview_session_batch(prompts);
  if (!p.ok()) return p.error();
  sent = *p;
  std::vector<std::pair<std::string, std::string>> listed;
  for (size_t i = 0; i < prompts.size(); ++i) listed.emplace_back("call " + std::to_string(i + 1), prompts[i]);
  auto facts = batch_facts(sent, std::move(listed), std::move(later_rounds));
  if (auto opened = life.open_preview(std::move(facts)); !opened.ok()) return opened.error();
  return "";
}

std::string SessionBatchRun::start(const std::vector<std::pair<std::string, std::string>>& calls) {
  auto endpoint = session_endpoint();
  if (!endpoint.ok()) {
    life.discard();
    return endpoint.error();
  }
  if (auto confirmed = life.confirm(session_destination(*endpoint)); !confirmed.ok()) return confirmed.error();
  auto s = start_session_batch(calls, sent);
  if (!s.ok()) {
    life.finish(true);
    return s.error();
  }
  scheduler = std::move(*s);
  persisted_calls = 0;
  life.progress(0, calls.size(), 0);
  return "";
}

bool SessionBatchRun::step() {
  if (!busy() || !scheduler) return false;
  const bool finished = step_session_batch(*scheduler, persisted_calls);
  life.progress(ended(), scheduler->calls().size(), scheduler->count(CallState::Failed));
  if (!finished) return false;
  usage = scheduler->usage();
  life.finish(false);
  persist_replay();
  return true;
}

bool SessionBatchRun::cancel() {
  if (!busy()) return false;
  if (scheduler) scheduler->cancel();
  if (scheduler) usage = scheduler->usage();
  life.finish(true);
  persist_replay();
  return true;
}

nlohmann::json SessionBatchRun::preview_json(size_t calls) const {
  nlohmann::json j = {{"calls", calls},
                      {"network_calls", calls - std::min(calls, sent.in_replay)},
                      {"estimated_prompt_tokens", sent.estimated_tokens},
                      {"destination", sent.destination},
                      {"model", sent.model}};
  const nlohmann::json facts = life.json();
  if (facts.contains("preview")) {
    j["prompts"] = facts["preview"]["prompts"];
    j["later_rounds"] = facts["preview"]["later_rounds"];
  }
  return j;
}

BatchPreviewFacts batch_facts(const SessionBatchPreview& sent, std::vector<std::pair<std::string, std::string>> prompts,
                              std::vector<std::string> later_rounds) {
  BatchPreviewFacts facts;
  facts.destination = sent.destination;
  facts.model = sent.model;
  facts.calls = prompts.size();
  facts.replayed = sent.in_replay;
  facts.tokens = sent.estimated_tokens;
  facts.prompts = std::move(prompts);
  facts.later_rounds = std::move(later_rounds);
  return facts;
}

Status confirm_batch(BatchLife& life) {
  auto endpoint = session_endpoint();
  if (!endpoint.ok()) {
    life.discard();
    return Error{endpoint.error()};
  }
  return life.confirm(session_destination(*endpoint));
}

Result<LlmEndpoint> confirm_batch_endpoint(BatchLife& life) {
  if (auto confirmed = confirm_batch(life); !confirmed.ok()) return Error{confirmed.error()};
  return session_endpoint();
}

Result<std::unique_ptr<CallScheduler>> confirm_and_start_batch(
    BatchLife& life, const std::vector<std::pair<std::string, std::string>>& calls, const SessionBatchPreview& sent) {
  if (auto confirmed = confirm_batch(life); !confirmed.ok()) return Error{confirmed.error()};
  auto scheduler = start_session_batch(calls, sent);
  if (!scheduler.ok()) life.finish(true);
  return scheduler;
}

Status resume_batch(BatchLife& life) {
  auto endpoint = session_endpoint();
  if (!endpoint.ok()) return Error{endpoint.error()};
  return life.resume(session_destination(*endpoint));
}

bool draw_retry_failed(const std::string& place, const BatchLife& life) {
  if (!life.can_retry()) return false;
  const std::string label = life.phase() == BatchPhase::Cancelled
                                ? "Resume through a new preview...##" + place
                                : "Retry the " + std::to_string(life.failed()) + " failed calls...##" + place;
  const bool clicked = ImGui::Button(label.c_str());
  note_item_place(place + " retry");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Plans the batch again: calls already answered come from the replay store, so only the missing ones are "
        "sent, after a preview that says how many.");
  return clicked;
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

void draw_preview_actions(const std::string& place, const std::function<void()>& confirm,
                          const std::function<void()>& discard, size_t count,
                          const std::function<std::pair<std::string, std::string>(size_t)>& prompt_at) {
  switch (draw_preview_buttons(place)) {
    case PreviewChoice::Confirm:
      confirm();
      break;
    case PreviewChoice::Discard:
      discard();
      break;
    case PreviewChoice::None:
      break;
  }
  draw_prompt_pager(place.c_str(), count, prompt_at);
}

}  // namespace chokepoint::web
