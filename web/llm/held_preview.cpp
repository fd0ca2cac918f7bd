// Previews of held schedulers (see held_preview.h).
#include "web/llm/held_preview.h"

#include <imgui.h>

#include "web/llm/llm_session.h"
#include "web/widgets/prompt_pager.h"

namespace chokepoint::web {
namespace {

struct Counts {
  size_t calls = 0, replayed = 0;
  long long tokens = 0;
};

Counts count(const CallScheduler& s) {
  Counts c;
  for (const auto& call : s.calls()) {
    ++c.calls;
    if (call.from_replay) {
      ++c.replayed;
    } else {
      for (const auto& m : call.call.request.messages) c.tokens += estimate_tokens(m.content);
    }
  }
  return c;
}

std::string prompt_of(const CallStatus& c) {
  std::string text;
  for (const auto& m : c.call.request.messages)
    text += (text.empty() ? "" : "\n\n") + ("[" + m.role + "]\n") + m.content;
  return text;
}

}  // namespace

Status open_held_preview(HeldPreview& preview, CallScheduler& scheduler, std::string later_rounds) {
  auto endpoint = usable_session_endpoint();
  if (!endpoint.ok()) return Error{endpoint.error()};
  scheduler.hold();
  scheduler.step(session_now_ms());  // replay lookups only: a held scheduler sends nothing
  const Counts c = count(scheduler);
  BatchPreviewFacts facts;
  facts.destination = session_destination(*endpoint);
  facts.model = session_request({}).model;
  facts.calls = c.calls;
  facts.replayed = c.replayed;
  facts.tokens = c.tokens;
  for (const auto& call : scheduler.calls()) facts.prompts.emplace_back(call.call.id, prompt_of(call));
  if (!later_rounds.empty()) facts.later_rounds.push_back(std::move(later_rounds));
  preview = {};
  return preview.life.open_preview(std::move(facts));
}

PreviewChoice draw_held_preview(const std::string& place, HeldPreview& preview, const CallScheduler& scheduler) {
  const Counts c = count(scheduler);
  ImGui::TextWrapped(
      "Nothing is sent before you confirm. %zu calls would go to %s; %zu are answered by the replay "
      "store, so %zu requests (~%lld prompt tokens) would leave the page.",
      c.calls, preview.life.preview().destination.c_str(), c.replayed, c.calls - c.replayed, c.tokens);
  for (const auto& later : preview.life.preview().later_rounds) ImGui::TextWrapped("Later: %s", later.c_str());
  const PreviewChoice choice = draw_preview_buttons(place);
  draw_prompt_pager((place + "-prompts").c_str(), scheduler.calls().size(),
                    [&](size_t i) {
                      const auto& call = scheduler.calls()[i];
                      return std::make_pair(call.call.id + (call.from_replay ? " (from the replay store)" : ""),
                                            prompt_of(call));
                    },
                    preview.page);
  return choice;
}

Status confirm_held_preview(HeldPreview& preview, CallScheduler& scheduler) {
  if (auto confirmed = confirm_batch(preview.life); !confirmed.ok()) return confirmed;
  scheduler.resume();
  return ok_status();
}

void finish_held_preview(HeldPreview& preview, bool cancelled) { preview.life.finish(cancelled); }

nlohmann::json held_preview_json(const HeldPreview& preview, const CallScheduler& scheduler) {
  const Counts c = count(scheduler);
  nlohmann::json prompts = nlohmann::json::array();
  for (const auto& call : scheduler.calls()) prompts.push_back({{"id", call.call.id}, {"prompt", prompt_of(call)}});
  return {{"calls", c.calls},
          {"replayed", c.replayed},
          {"network_calls", c.calls - c.replayed},
          {"estimated_prompt_tokens", c.tokens},
          {"destination", preview.life.preview().destination},
          {"later_rounds", preview.life.preview().later_rounds},
          {"prompts", prompts}};
}

}  // namespace chokepoint::web
