// The JQE panel's preferences: the core's own JqeOptions (edited through enum combos and inputs clamped to the
// bounds of core/jqe/options_json.h) plus the one step-view switch the core has no notion of.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "core/jqe/expansion.h"

namespace chokepoint::web {

struct JqePreferences {
  jqe::JqeOptions options = browser_defaults();
  // Step view: count the set's other queries as class members, as the batch does. Off by default so that stepping
  // through a seed (Help's example) shows its expansions; the step view says when the set's queries would fill n.
  bool count_set = false;

  // The batch stops after this many recorded decisions: about 90 bytes of wasm heap each (BIRD dev: 510,176
  // decisions, +43 MiB), so three million stay far below the page's 2 GiB.
  static jqe::JqeOptions browser_defaults() {
    jqe::JqeOptions o;
    o.max_recorded_decisions = 3000000;
    return o;
  }
};

void draw_jqe_preferences(JqePreferences& p);
// The jqe_prefs page command: the options' JSON keys plus "count_set". Returns an error message or "".
std::string apply_jqe_preferences(JqePreferences& p, const nlohmann::json& cmd);
nlohmann::json jqe_preferences_json(const JqePreferences& p);

}  // namespace chokepoint::web
