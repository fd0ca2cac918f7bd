// Shared drawing helpers.
#include "web/widgets/widgets.h"

#include <algorithm>

#include "core/base/text.h"
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

void draw_result_table(const char* id, const QueryOutcome& outcome, size_t max_rows,
                       const std::vector<std::vector<bool>>* matched) {
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
      const auto& row = r.rows[static_cast<size_t>(i)];
      for (size_t c = 0; c < row.size(); ++c) {
        const Value& v = row[c];
        ImGui::TableNextColumn();
        const size_t ri = static_cast<size_t>(i);
        if (matched && ri < matched->size() && c < (*matched)[ri].size() && (*matched)[ri][c])
          ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, ImGui::GetColorU32(ImVec4(0.16f, 0.45f, 0.22f, 0.85f)));
        if (v.is_null())
          ImGui::TextDisabled("NULL");
        else
          ImGui::TextUnformatted(v.display_prefix(200).c_str());  // values can be 16 MiB
      }
    }
  }
  ImGui::EndTable();
}

namespace {
bool contains_folded(const std::vector<std::string>& names, const std::string& name) {
  return std::any_of(names.begin(), names.end(), [&](const std::string& n) { return iequals(n, name); });
}
}  // namespace

void draw_retrieved_against_gold(const std::vector<std::string>& retrieved, const std::vector<std::string>& gold,
                                 bool count_extra) {
  size_t extra = 0;
  bool first = true;
  auto name = [&](const std::string& t, ImVec4 colour) {
    if (!first) ImGui::SameLine();
    first = false;
    ImGui::TextColored(colour, "%s", t.c_str());
  };
  for (const auto& r : retrieved) {
    const bool used = contains_folded(gold, r);
    if (!used && count_extra) {
      ++extra;
      continue;
    }
    name(r, used ? ImVec4(0.45f, 0.85f, 0.45f, 1) : ImVec4(1, 0.45f, 0.4f, 1));
  }
  for (const auto& g : gold)
    if (!contains_folded(retrieved, g)) name(g, ImVec4(1, 0.7f, 0.2f, 1));
  if (extra) {
    if (!first) ImGui::SameLine();
    ImGui::TextDisabled("+%zu others", extra);
  }
}

void draw_retrieved_legend(const char* what) {
  ImGui::TextDisabled("green: a gold %s retrieved; red: retrieved but not used by the gold query; orange: missed",
                      what);
}

void draw_retrieved_items(const char* id, const char* what, size_t rows,
                          const std::function<RetrievedItemRow(size_t)>& row) {
  draw_retrieved_legend(what);
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_Resizable | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable(id, 4, flags, ImVec2(0, std::max(ImGui::GetContentRegionAvail().y, 160.0f)))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("item");
  ImGui::TableSetupColumn("outcome");
  ImGui::TableSetupColumn((std::string(what) + "s").c_str(), ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableSetupColumn("question", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableHeadersRow();
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(rows));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const RetrievedItemRow r = row(static_cast<size_t>(i));
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(r.key.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(r.outcome);
      if (!r.note.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", r.note.c_str());
      ImGui::TableNextColumn();
      draw_retrieved_against_gold(r.retrieved, r.gold, r.count_extra);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(r.question.c_str());
    }
  }
  ImGui::EndTable();
}

}  // namespace chokepoint::web
