// The studies Chokepoint knows: each paper experiment by name, one line on what it produces, and whether one
// command runs it today. The other studies name the existing commands that produce their pieces, so `study list`
// and the refusal of an unavailable study point the user at what works now.
#pragma once
#include <string>
#include <vector>

namespace chokepoint::study {

enum class StudyStatus {
  Available,  // `chokepoint study <name>` runs it
  Pieces,     // not one command yet; `commands` produce its pieces
};

struct StudyEntry {
  std::string name;         // "jqe-delta"
  std::string description;  // one line: the paper's tables and figures it reproduces
  StudyStatus status = StudyStatus::Pieces;
  std::string commands;  // for Pieces: the existing commands, e.g. "chokepoint jqe, chokepoint eval"
  bool in_app = false;   // the app's Studies tab runs it too (else the CLI only, and the tab says so)
};

// The nine studies, in a fixed order (the order `study list` prints).
const std::vector<StudyEntry>& study_catalogue();
// The entry named `name` exactly; nullptr when none.
const StudyEntry* find_study(const std::string& name);
// The known name closest to `name`, case ignored: the first that begins with it, else the nearest by edit
// distance (ties: catalogue order).
std::string closest_study(const std::string& name);

}  // namespace chokepoint::study
