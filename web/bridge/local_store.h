// This browser's localStorage, for the few small things kept per browser rather than in the workspace: the LLM
// settings (the key only if the user asks), the text size and the metrics panel's last choices. Private modes may
// refuse storage; then reads give "" and writes do nothing.
#pragma once
#include <string>

namespace chokepoint::web {

std::string local_get(const std::string& key);  // "" when absent or unavailable
void local_set(const std::string& key, const std::string& value);

}  // namespace chokepoint::web
