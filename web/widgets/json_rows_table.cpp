// JSON rows as an ImGui table (see json_rows_table.h).
#include "web/widgets/json_rows_table.h"

#include <imgui.h>

#include <string>

namespace chokepoint::web {
namespace {

std::string cell_text(const nlohmann::json& v, int decimals) {
  char buf[64];
  if (v.is_null()) return "-";
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "yes" : "no";
  if (v.is_number_integer() && decimals < 0) return v.dump();
  if (v.is_number()) {
    if (decimals >= 0)
      std::snprintf(buf, sizeof buf, "%.*f", decimals, v.get<double>());
    else
      std::snprintf(buf, sizeof buf, "%g", v.get<double>());
    return buf;
  }
  if (v.is_object()) {
    std::string out;
    for (const auto& [k, n] : v.items()) out += (out.empty() ? "" : ", ") + k + " " + cell_text(n, -1);
    return out.empty() ? "-" : out;
  }
  return v.dump();
}

}  // namespace

void draw_json_rows_table(const char* id, const nlohmann::json& rows, const std::vector<JsonColumn>& columns) {
  if (!rows.is_array() || columns.empty()) return;
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable(id, static_cast<int>(columns.size()), flags)) return;
  for (const auto& c : columns) ImGui::TableSetupColumn(c.header);
  ImGui::TableHeadersRow();
  for (const auto& row : rows) {
    ImGui::TableNextRow();
    for (const auto& c : columns) {
      ImGui::TableNextColumn();
      const nlohmann::json::json_pointer at(c.pointer);
      const std::string text = row.is_object() && row.contains(at) ? cell_text(row.at(at), c.decimals) : "-";
      ImGui::TextUnformatted(text.c_str());
    }
  }
  ImGui::EndTable();
}

}  // namespace chokepoint::web
