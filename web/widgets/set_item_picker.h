// A pair of combos choosing a loaded evaluation set and one of its queries, shared by the panels that act on one
// query (JQE step view, mutation lab).
#pragma once
#include <vector>

#include "web/app_state.h"

namespace chokepoint::web {

// `what` names the query in the UI ("seed", "gold query"); `id` keeps the widgets of two panels apart.
// Returns false (after a hint) when there is nothing to pick.
bool draw_set_item_picker(const std::vector<LoadedSet>& sets, int& set_index, int& item_index, const char* what,
                          const char* id, float item_width);

}  // namespace chokepoint::web
