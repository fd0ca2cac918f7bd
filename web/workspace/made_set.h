// A set the page made (a model's predictions, a built or rewritten evaluation set) becomes a loaded set the way a
// file the user opened does: its text read back by the same loader, so what the other tabs see is what a download
// of it would give.
#pragma once
#include <string>

#include "core/base/result.h"
#include "web/app_state.h"

namespace chokepoint::web {

enum class MadeSetKept {
  Workspace,  // beside the user's files in the workspace: a reload reopens it
  Page,       // in this page only (/tmp): gone after a reload
};

// A made set is named after the set it comes from: "sample_dev" of "sample_dev.json" (the name up to its last dot).
std::string made_set_stem(const std::string& name);

// Writes `text` as `name`, loads it (replacing a loaded set of that name) and returns its path; an error names the
// file when the loader refuses the text.
Result<std::string> put_made_set(AppState& state, const std::string& name, const std::string& text, bool predictions,
                                 MadeSetKept kept);

}  // namespace chokepoint::web
