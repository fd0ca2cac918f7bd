// Word-wrapped diff drawing: each token is placed after the previous one and moved to a new line when it would
// cross the region's right edge (ImGui wraps whole text items only, not runs of differently coloured words).
#include "web/widgets/sql_diff_view.h"

#include <imgui.h>

#include <sstream>
#include <string>

namespace chokepoint::web {

void draw_sql_diff(const std::vector<sql::DiffRun>& runs) {
  const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  const float space = ImGui::CalcTextSize(" ").x;
  bool first = true;
  bool glue_next = false;  // the previous word was "(": no space after it
  for (const auto& run : runs) {
    const ImVec4 colour = run.kind == sql::DiffKind::added     ? ImVec4(0.35f, 0.9f, 0.4f, 1.0f)
                          : run.kind == sql::DiffKind::removed ? ImVec4(1.0f, 0.45f, 0.45f, 1.0f)
                                                               : ImGui::GetStyleColorVec4(ImGuiCol_Text);
    std::istringstream words(run.text);
    std::string word;
    while (words >> word) {
      const float w = ImGui::CalcTextSize(word.c_str()).x;
      const bool glue = glue_next || word == ")" || word == ",";
      glue_next = word == "(";
      if (!first) {
        ImGui::SameLine(0, glue ? 0.0f : space);
        if (ImGui::GetCursorScreenPos().x + w > right) ImGui::NewLine();
      }
      first = false;
      ImGui::TextColored(colour, "%s", word.c_str());
      if (run.kind == sql::DiffKind::removed) {  // strike through removed words
        const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
        const float y = (a.y + b.y) * 0.5f;
        ImGui::GetWindowDrawList()->AddLine(ImVec2(a.x, y), ImVec2(b.x, y), ImGui::GetColorU32(colour), 1.0f);
      }
    }
  }
}

}  // namespace chokepoint::web
