// Shared drawing helpers.
#include "web/widgets/widgets.h"

#include <algorithm>

#include "web/widgets/ui_px.h"

#include <imgui.h>

namespace chokepoint::web {

void draw_error(const std::string& message) {
  ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.45f, 1.0f), "%s", message.c_str());
}

bool draw_progress_cancel(size_t done, size_t total) {
  ImGui::ProgressBar(static_cast<float>(done) / static_cast<float>(std::max<size_t>(1, total)), ui_px(300, 0));
  ImGui::SameLine();
  ImGui::Text("%zu / %zu", done, total);
  ImGui::SameLine();
  return ImGui::Button("Cancel");
}

void draw_result_table(const char* id, const QueryOutcome& outcome, size_t max_rows) {
  if (outcome.status == QueryStatus::Timeout) {
    draw_error("timed out: " + outcome.message);
    return;
  }
  if (!outcome.ok()) {
    draw_error("error: " + outcome.message);
    return;
  }
  const auto& r = outcome.result;
  const int ncol = static_cast<int>(r.column_names.size());
  if (ncol == 0) return;
  ImGui::Text("%zu rows%s%s, %.1f ms", r.rows.size(), r.truncated ? ", truncated at the " : "", r.truncation.c_str(),
              outcome.elapsed_ms);
  if (ncol > 63) {
    ImGui::TextDisabled("too many columns to draw (%d)", ncol);
    return;
  }
  if (!ImGui::BeginTable(id, ncol,
                         ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollX |
                             ImGuiTableFlags_ScrollY | ImGuiTableFlags_Resizable,
                         ImVec2(0, 0)))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);
  for (const auto& c : r.column_names) ImGui::TableSetupColumn(c.c_str());
  ImGui::TableHeadersRow();
  const size_t n = max_rows == 0 ? r.rows.size() : std::min(max_rows, r.rows.size());
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(n));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      ImGui::TableNextRow();
      for (const auto& v : r.rows[static_cast<size_t>(i)]) {
        ImGui::TableNextColumn();
        if (v.is_null())
          ImGui::TextDisabled("NULL");
        else
          ImGui::TextUnformatted(v.display_prefix(200).c_str());  // values can be 16 MiB
      }
    }
  }
  ImGui::EndTable();
}

}  // namespace chokepoint::web
