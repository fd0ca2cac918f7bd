// The parts of the Text augmentation panel: its three views (each in its own file) and the few helpers they share.
#pragma once
#include <imgui.h>

#include <vector>

#include "core/tqa/reference_detection.h"
#include "web/panels/tqa/tqa_panel.h"
#include "web/widgets/highlighted_text.h"

namespace chokepoint::web {

void draw_linker_view(AppState& state, TqaPanel& panel);  // tqa_linker_view.cpp
void draw_strategies_view(TqaPanel& panel);               // tqa_strategies_view.cpp
void draw_denat_view(AppState& state, TqaPanel& panel);   // tqa_denat_view.cpp

// Shared by the views (tqa_panel.cpp).
ImVec4 component_color(size_t i);                                 // one colour per linker component
int effective_set(const AppState& state, const TqaPanel& panel);  // the panel's set, else the Evaluation tab's
const tqa::ItemLinkerAnalysis* selected_analysis(const TqaPanel& panel);
void stop_augmentation(TqaPanel& panel);
// True when the choice changed. With `same_line`, on the line of the controls before it when it fits there.
bool set_combo(const AppState& state, TqaPanel& panel, bool same_line = false);
std::vector<TextHighlight> highlights(const tqa::ReferenceDetection& refs, tqa::TextSide side);

}  // namespace chokepoint::web
