// Explanation view. Colours: green = a cell that counts (matched), yellow = a row matched only partially, grey =
// an unmatched row. Which cells count comes from core/metrics (counted_gold_columns), not from the UI.
#include "web/panels/metrics/explanation_view.h"

#include <imgui.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "core/metrics/explanation.h"
#include "web/widgets/flow_layout.h"
#include "web/widgets/widgets.h"

namespace chokepoint::web {
namespace {

constexpr size_t kShownRows = 200;
constexpr size_t kShownValueBytes = 200;  // a cell shows this much of a value (a prediction can make 16 MiB ones)

std::string rows_label(const char* side, size_t total, size_t kept) {
  std::string s = std::string(side) + " (" + std::to_string(total) + " rows";
  if (kept == 0 && total > 0)
    s += ", none kept for display: the first alone is over 2 MiB";
  else if (kept < total)
    s += ", the first " + std::to_string(kept) + " kept for display";
  return s + ")";
}

const ImU32 kCounted = IM_COL32(40, 110, 60, 255);
const ImU32 kPartialRow = IM_COL32(100, 90, 30, 255);

void draw_result_with_marks(const char* id, const ResultSet& rs, const std::map<size_t, std::set<size_t>>& counted,
                            const std::set<size_t>& partial_rows, const std::set<size_t>& matched_cols) {
  const int ncol = static_cast<int>(rs.column_names.size());
  if (ncol == 0 || ncol > 63) {
    ImGui::TextDisabled(ncol == 0 ? "(no columns)" : "(too many columns)");
    return;
  }
  if (!ImGui::BeginTable(id, ncol, ImGuiTableFlags_Borders | ImGuiTableFlags_ScrollY | ImGuiTableFlags_ScrollX,
                         ImVec2(0, 260)))
    return;
  for (int c = 0; c < ncol; ++c) {
    std::string h = rs.column_names[static_cast<size_t>(c)];
    if (matched_cols.count(static_cast<size_t>(c))) h += " *";
    ImGui::TableSetupColumn(h.c_str());
  }
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableHeadersRow();
  const size_t n = std::min(rs.rows.size(), kShownRows);
  for (size_t r = 0; r < n; ++r) {
    ImGui::TableNextRow();
    auto it = counted.find(r);
    if (partial_rows.count(r)) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, kPartialRow);
    for (int c = 0; c < ncol; ++c) {
      ImGui::TableNextColumn();
      if (it != counted.end() && it->second.count(static_cast<size_t>(c)))
        ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, kCounted);
      const Value& v = rs.rows[r][static_cast<size_t>(c)];
      if (v.is_null())
        ImGui::TextDisabled("NULL");
      else
        ImGui::TextUnformatted(v.display_prefix(kShownValueBytes).c_str());
    }
  }
  ImGui::EndTable();
  if (rs.rows.size() > n) ImGui::TextDisabled("... %zu more rows", rs.rows.size() - n);
}

}  // namespace

void draw_item_explanation(const EvalPair& pair, const ItemEvaluation& item, const std::vector<Regime>& regimes,
                           const std::string& question, const std::string& evidence) {
  ImGui::Text("item %s  [%s]  EX = %d", item.id.c_str(), item.db_id.c_str(), item.ex ? 1 : 0);
  if (!question.empty()) {
    ImGui::TextDisabled("question");
    ImGui::TextWrapped("%s", question.c_str());
  }
  if (!evidence.empty()) {
    ImGui::TextDisabled("evidence");
    ImGui::TextWrapped("%s", evidence.c_str());
  }
  ImGui::TextDisabled("gold");
  ImGui::TextWrapped("%s", pair.gold_sql.c_str());
  ImGui::TextDisabled("prediction");
  ImGui::TextWrapped("%s", pair.pred_sql.empty() ? "(empty)" : pair.pred_sql.c_str());
  if (item.status != ItemStatus::Scored) {
    draw_error("not scored: " + item.message);
    return;
  }
  if (item.pred_status == QueryStatus::Timeout)
    draw_error("prediction timed out: " + item.message);
  else if (item.pred_status != QueryStatus::Ok)
    draw_error("prediction failed: " + item.message);
  if (item.truncated) ImGui::TextColored(ImVec4(1, 0.8f, 0.4f, 1), "truncated: %s", item.truncation.c_str());
  if (!item.capped.empty()) ImGui::TextColored(ImVec4(1, 0.8f, 0.4f, 1), "capped: %s", item.capped.c_str());
  for (const auto& why : item.ex_reasons) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.8f, 0.4f, 1));
    ImGui::TextWrapped("EX = 0: %s", why.c_str());
    ImGui::PopStyleColor();
  }
  if (item.comparisons.empty()) return;
  static int shown = 0;
  shown = std::clamp(shown, 0, static_cast<int>(item.comparisons.size()) - 1);
  if (ImGui::BeginTabBar("explain-regimes")) {
    for (size_t i = 0; i < item.comparisons.size() && i < regimes.size(); ++i)
      if (ImGui::BeginTabItem(regimes[i].name().c_str())) {
        shown = static_cast<int>(i);
        ImGui::EndTabItem();
      }
    ImGui::EndTabBar();
  }
  const PairComparison& cmp = item.comparisons[static_cast<size_t>(shown)];
  const auto& s = cmp.score;
  ImGui::Text("EXP %.3f  EXR %.3f  F1 %.3f   matched cells %zu of %zu gold, %zu predicted%s", s.exp, s.exr, s.f1,
              s.matched_cells, s.gold_cells, s.pred_cells, s.forced_by_ex ? "  (EX = 1 forces 1)" : "");
  std::set<size_t> gold_cols, pred_cols;
  for (const auto& c : cmp.columns) {
    gold_cols.insert(c.gold);
    pred_cols.insert(c.pred);
    ImGui::BulletText("%s  <->  %s   similarity %.2f", item.gold_result.column_names[c.gold].c_str(),
                      item.pred_result.column_names[c.pred].c_str(), c.similarity);
  }
  std::map<size_t, std::set<size_t>> gold_counted, pred_counted;
  std::set<size_t> gold_partial, pred_partial;
  for (const auto& m : cmp.rows) {
    if (m.gold_row >= kShownRows && m.pred_row >= kShownRows) continue;  // only drawn rows need their marks
    const auto cols = counted_gold_columns(cmp, m, item.gold_result, item.pred_result);
    gold_counted[m.gold_row].insert(cols.begin(), cols.end());
    for (size_t gc : cols)
      for (const auto& cp : cmp.columns)
        if (cp.gold == gc) pred_counted[m.pred_row].insert(cp.pred);
    if (!m.exact) {
      gold_partial.insert(m.gold_row);
      pred_partial.insert(m.pred_row);
    }
  }
  wrapped_disabled("green: cells that count; yellow rows: partial matches; * paired columns");
  ImGui::BeginGroup();
  ImGui::TextWrapped("%s", rows_label("gold", item.gold_rows, item.gold_result.rows.size()).c_str());
  ImGui::PushItemWidth(ImGui::GetContentRegionAvail().x * 0.48f);
  ImGui::BeginChild("gold-side", ImVec2(ImGui::GetContentRegionAvail().x * 0.49f, 290));
  draw_result_with_marks("gold-rs", item.gold_result, gold_counted, gold_partial, gold_cols);
  ImGui::EndChild();
  ImGui::PopItemWidth();
  ImGui::EndGroup();
  ImGui::SameLine();
  ImGui::BeginGroup();
  ImGui::TextWrapped("%s", rows_label("prediction", item.pred_rows, item.pred_result.rows.size()).c_str());
  ImGui::BeginChild("pred-side", ImVec2(0, 290));
  draw_result_with_marks("pred-rs", item.pred_result, pred_counted, pred_partial, pred_cols);
  ImGui::EndChild();
  ImGui::EndGroup();
}

}  // namespace chokepoint::web
