// The humans' verdicts of SynSQL's Table 3 in the page: a JSON object whose values are all true or false, opened like
// any file (the picker, a drop, the workspace at reload), is kept for the Synthesis tab's run; the synsql study reads
// it against the run's questions (core/testdb/human_labels.h) and adds Table 3, as `chokepoint study synsql --labels`.
#include <nlohmann/json.hpp>

#include "web/bridge/file_opener.h"
#include "web/panels/testdb/testdb_panel.h"

namespace chokepoint::web {
namespace {

// A non-empty JSON object of booleans; anything else is left to the other formats.
Claim open_synthesis_labels(AppState& state, const std::string& file_name, const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos || text[first] != '{') return Claim::NotMine;
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_object() || j.empty()) return Claim::NotMine;
  for (const auto& [id, v] : j.items())
    if (!v.is_boolean()) return Claim::NotMine;
  SynthesisView& view = test_databases_panel(state).synthesis;
  view.labels_name = file_name;
  view.labels_text = text;
  notify(state, "opened " + file_name + ": the humans' verdicts on " + std::to_string(j.size()) +
                    " predictions, for SynSQL's Table 3 in the synsql study (Test databases > Synthesis)");
  return Claim::Opened;
}

const TextFileClaimerRegistrar synthesis_labels_claimer{open_synthesis_labels};

}  // namespace
}  // namespace chokepoint::web
