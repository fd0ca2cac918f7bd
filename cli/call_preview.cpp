// The preview of a command's model calls (see call_preview.h).
#include "cli/call_preview.h"

#include <iostream>

#include "core/base/json_dump.h"

namespace chokepoint::cli {

nlohmann::ordered_json preview_json(const CallPreview& p) {
  nlohmann::ordered_json j;
  j["destination"] = p.destinations.empty() ? "" : p.destinations.front().base_url;
  j["model"] = p.destinations.empty() ? "" : p.destinations.front().model;
  j["destinations"] = nlohmann::ordered_json::array();
  for (const auto& d : p.destinations) j["destinations"].push_back({{"model", d.model}, {"base_url", d.base_url}});
  size_t replayed = 0;
  long long tokens = 0;
  nlohmann::ordered_json prompts = nlohmann::ordered_json::array();
  for (const auto& q : p.prompts) {
    if (q.replayed)
      ++replayed;
    else
      tokens += estimate_tokens(q.prompt);
    prompts.push_back({{"id", q.id}, {"prompt", q.prompt}});
  }
  j["calls"] = p.prompts.size();
  j["replayed"] = replayed;
  j["network_calls"] = p.prompts.size() - replayed;
  j["estimated_prompt_tokens"] = tokens;
  j["prompts"] = std::move(prompts);
  j["later_rounds"] = nlohmann::ordered_json::array();
  for (const auto& r : p.later_rounds)
    j["later_rounds"].push_back({{"round", r.round}, {"what", r.what}, {"calls_at_most", r.calls_at_most}});
  for (auto d = p.details.begin(); d != p.details.end(); ++d)
    if (!j.contains(d.key())) j[d.key()] = d.value();
  return j;
}

bool replay_answers(const ReplayStore* store, const std::string& provider, const ChatRequest& request) {
  if (!store) return false;
  const std::string canonical = canonical_request_json(provider, request);
  const auto hit = store->find(replay_key(provider, request));
  return hit && hit->request_json == canonical;
}

PreviewPrompt preview_prompt(std::string id, std::string prompt, const LlmSettings& settings,
                             const ReplayStore* store) {
  const bool replayed =
      replay_answers(store, settings.provider, chat_request_from_settings(settings, {{"user", prompt}}));
  return {std::move(id), std::move(prompt), replayed};
}

int print_preview(const CallPreview& preview) {
  std::cout << dump_json(preview_json(preview), 2) << "\n";
  return 0;
}

}  // namespace chokepoint::cli
