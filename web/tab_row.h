// The row of panel tabs above the open panel. The tabs keep their whole labels and wrap onto more lines when the
// window is too narrow for one: an ImGui tab bar would shrink them instead, cutting every label at 150 % and 200 %
// text on a projector. Each tab is a button styled as a tab and noted as "<name> panel tab" (item_places.h).
#pragma once
#include <string>
#include <vector>

#include "web/panel_registry.h"

namespace chokepoint::web {

// Draws the tabs of `panels`; a click, or `requested` naming a panel, makes it `active` (kept when it names no
// panel; the first panel when `active` names none). Returns the index of the active panel, -1 when there is none.
int draw_tab_row(const std::vector<PanelSpec>& panels, std::string& active, const std::string& requested);

}  // namespace chokepoint::web
