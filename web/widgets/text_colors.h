// The colours of verdict text shared by panels: red for wrong or failed, green for right or done, amber for a
// warning. One definition, so a verdict reads the same in every tab.
#pragma once
#include <imgui.h>

namespace chokepoint::web {

inline const ImVec4 kRed(1, 0.45f, 0.45f, 1);
inline const ImVec4 kGreen(0.6f, 0.85f, 0.6f, 1);
inline const ImVec4 kAmber(0.95f, 0.75f, 0.35f, 1);

}  // namespace chokepoint::web
