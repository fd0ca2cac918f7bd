// What the Studies tab lays out tqa-augment and denat-delta from, kept apart from the runs that made it and in the
// workspace (/workspace/study_sources.json), so a reload changes nothing: the last augmentation of a whole set (its
// augment_report.json and the four sets it added to the Sets tab) and the last de-naturalised variant whose four
// settings were added as sets (its rename plan, for the naturalness table). The sets themselves are workspace files
// and come back with the user's other files.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "web/app_state.h"

namespace chokepoint::web {

struct AugmentationSource {
  std::string label;                   // "sample_dev.json (8 linker items)"
  std::vector<std::string> published;  // original, SR, BT, CA sets
  std::string report_text;             // augment_report.json
};

struct DenatSource {
  std::string variant_id, source_db_id;
  std::vector<std::string> published;  // O/O, L/O, O/L, L/L sets
  std::string plan_json;               // tqa::rename_plan_json of the variant's plan
};

struct StudySources {
  std::optional<AugmentationSource> augmentation;
  std::optional<DenatSource> denat;
  bool restored = false;  // the workspace's record was read (once per page)
};

StudySources& study_sources(AppState& state);
// A newer source replaces the kept one, in the page and in the workspace.
void remember_augmentation(AppState& state, AugmentationSource source);
void remember_denat_variant(AppState& state, DenatSource source);
// Once the workspace's files are back after a reload: the record read back, unless this page already made a newer
// source. A damaged record is ignored, never half-applied.
void restore_study_sources(AppState& state);

}  // namespace chokepoint::web
