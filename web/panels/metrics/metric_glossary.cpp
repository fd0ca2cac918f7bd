// Metric glossary (definitions follow SQLMorph §VI and decisions.md §7).
#include "web/panels/metrics/metric_glossary.h"

#include <imgui.h>

namespace chokepoint::web {
namespace {

std::string regime_definition(const std::string& r) {
  // r like "EC-PC-IE" or "NC-PC"
  std::string cols = r.substr(0, 2), cells = r.size() >= 5 ? r.substr(3, 2) : "",
              extras = r.size() >= 8 ? r.substr(6, 2) : "";
  std::string d;
  if (cols == "EC")
    d = "columns paired by exact name";
  else if (cols == "SC")
    d = "columns paired by similarity of name and top values (Hungarian, threshold 0.7)";
  else if (cols == "NC")
    d = "no column pairing: cells matched by value within rows";
  else
    return "";
  if (cells == "EC")
    d += "; rows match when every paired cell is equal";
  else if (cells == "PC")
    d += "; exact row matches first, then best partial matches";
  else
    return "";
  if (extras == "IE")
    d += "; extra predicted columns ignored";
  else if (extras == "PE")
    d += "; extra predicted columns penalised";
  else if (cols == "NC")
    d += "; extra columns always count";
  return d;
}

}  // namespace

std::string metric_definition(const std::string& raw) {
  std::string name = raw;
  for (const char* suffix : {" %", " F1"}) {
    const std::string s = suffix;
    if (name.size() > s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0) {
      const std::string head = name.substr(0, name.size() - s.size());
      const std::string rd = regime_definition(head);
      if (!rd.empty()) return "F1 under " + head + ": " + rd;
      name = head;
    }
  }
  if (name == "EX")
    return "Execution accuracy: 1 when the prediction returns the gold result (BIRD: sets of rows; Spider: bags).";
  if (name == "scored")
    return "The group's items whose gold ran, which its percentages are over; \"12 of 15\": 3 were not scored (no "
           "database, or the gold failed). Over none, a percentage reads \"-\".";
  if (name == "EXP") return "Execution precision: share of predicted cells that match gold cells.";
  if (name == "EXR") return "Execution recall: share of gold cells the prediction recovers.";
  if (name == "F1") return "Harmonic mean of EXP and EXR.";
  if (name == "Soft-F1")
    return "BIRD mini-dev's Soft-F1: duplicate rows dropped, gold row i paired with predicted row i, per pair the "
           "shares of values found on one side or both, F1 of their sums; both empty = 1.\n"
           "Unlike EXP/EXR/F1, which match columns and cells whatever the row order, Soft-F1 pairs rows by position: "
           "the right rows in another order score 0, and values are matched within a row whatever their column.";
  return regime_definition(name);
}

void tooltip_definition(const std::string& name) {
  if (!ImGui::IsItemHovered()) return;
  const std::string d = metric_definition(name);
  if (!d.empty()) ImGui::SetTooltip("%s", d.c_str());
}

void table_headers_with_definitions() {
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  for (int c = 0; c < ImGui::TableGetColumnCount(); ++c) {
    if (!ImGui::TableSetColumnIndex(c)) continue;
    const char* name = ImGui::TableGetColumnName(c);
    ImGui::TableHeader(name);
    tooltip_definition(name);
  }
}

}  // namespace chokepoint::web
