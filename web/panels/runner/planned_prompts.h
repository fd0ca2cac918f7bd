// What the Schema linking and Retrieval views send once their asks are planned (core/linking): each ask's prompt, or
// why nothing can be sent (the planner's error, or no item of the set has a loaded database).
#pragma once
#include <string>
#include <vector>

#include "core/base/result.h"

namespace chokepoint::web {

template <typename Ask>
Result<std::vector<std::string>> planned_prompts(const Result<std::vector<Ask>>& asks, const std::string& set_name) {
  if (!asks.ok()) return Error{asks.error()};
  if (asks->empty()) return Error{"nothing to ask: no item of " + set_name + " has a loaded database"};
  std::vector<std::string> prompts;
  for (const auto& a : *asks) prompts.push_back(a.prompt);
  return prompts;
}

}  // namespace chokepoint::web
