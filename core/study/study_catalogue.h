// The studies Chokepoint knows: each paper experiment by name and one line on what it produces. The app's Studies
// tab runs each of them as `chokepoint study <name>` does.
#pragma once
#include <string>
#include <vector>

namespace chokepoint::study {

struct StudyEntry {
  std::string name;         // "jqe-delta"
  std::string description;  // one line: the paper's tables and figures it reproduces
};

// The nine studies, in a fixed order (the order `study list` prints).
const std::vector<StudyEntry>& study_catalogue();
// The entry named `name` exactly; nullptr when none.
const StudyEntry* find_study(const std::string& name);
// The known name closest to `name`, case ignored: the first that begins with it, else the nearest by edit
// distance (ties: catalogue order).
std::string closest_study(const std::string& name);

}  // namespace chokepoint::study
