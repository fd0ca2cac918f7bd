// Progress and cancel for files being read (see file_loads_view.h).
#include "web/workspace/file_loads_view.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

namespace chokepoint::web {

std::string megabytes(int64_t bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, bytes < 10 * 1048576 ? "%.1f MB" : "%.0f MB", static_cast<double>(bytes) / 1048576.0);
  return buf;
}

void draw_file_loads(const WorkspaceReport& report) {
  for (const auto& l : report.loads) {
    ImGui::PushID(l.path.c_str());
    const float fraction =
        l.total > 0 ? static_cast<float>(static_cast<double>(l.done) / static_cast<double>(l.total)) : 1.0f;
    const std::string verb = l.origin == "workspace" ? "reopening " : "reading ";
    const std::string label = verb + l.name + ": " + megabytes(l.done) + " of " + megabytes(l.total);
    // Sized for the widest label it will show, so the Cancel button stays where the pointer is.
    const std::string widest = verb + l.name + ": " + megabytes(l.total) + " of " + megabytes(l.total);
    const float width =
        std::max(ImGui::GetFontSize() * 16, ImGui::CalcTextSize(widest.c_str()).x + ImGui::GetFontSize() * 2);
    ImGui::ProgressBar(fraction, ImVec2(width, 0), label.c_str());
    ImGui::SameLine();
    if (ImGui::SmallButton("Cancel")) cancel_file_load(l.path);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(l.origin == "workspace" ? "Stop reading it into this page; it stays in the workspace."
                                                : "Stop reading it; nothing is kept.");
    ImGui::PopID();
  }
}

}  // namespace chokepoint::web
