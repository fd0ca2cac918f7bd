// Bar chart and histogram drawing.
#include "web/widgets/charts.h"

#include <algorithm>
#include <cstdio>

namespace chokepoint::web {

std::vector<int> histogram_bins(const std::vector<double>& values, int bins) {
  std::vector<int> out(static_cast<size_t>(std::max(bins, 1)), 0);
  for (double v : values) {
    int b = static_cast<int>(std::clamp(v, 0.0, 1.0) * bins);
    out[static_cast<size_t>(std::min(b, bins - 1))]++;
  }
  return out;
}

void draw_bar_chart(const char* id, const std::vector<BarDatum>& bars, double max_value, ImVec2 size) {
  ImGui::PushID(id);
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("chart", size);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p0, ImVec2(p0.x + size.x, p0.y + size.y), IM_COL32(25, 27, 32, 255));
  const float axis = 18, top = 16;
  const float h = size.y - axis - top;
  if (bars.empty()) {
    dl->AddText(ImVec2(p0.x + 8, p0.y + 8), IM_COL32(150, 150, 150, 255), "no data");
  }
  const float slot = bars.empty() ? 0 : size.x / static_cast<float>(bars.size());
  for (size_t i = 0; i < bars.size(); ++i) {
    const float frac = max_value > 0 ? static_cast<float>(std::clamp(bars[i].value / max_value, 0.0, 1.0)) : 0;
    const float x0 = p0.x + slot * static_cast<float>(i) + slot * 0.15f, x1 = x0 + slot * 0.7f;
    const float y1 = p0.y + top + h, y0 = y1 - h * frac;
    dl->AddRectFilled(ImVec2(x0, y0), ImVec2(x1, y1), IM_COL32(70, 130, 200, 255));
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.1f", bars[i].value);
    dl->AddText(ImVec2(x0, y0 - 14), IM_COL32(220, 220, 220, 255), buf);
    dl->AddText(ImVec2(x0, y1 + 2), IM_COL32(180, 180, 180, 255), bars[i].label.c_str());
    if (ImGui::IsItemHovered() && ImGui::GetIO().MousePos.x >= x0 && ImGui::GetIO().MousePos.x <= x1)
      ImGui::SetTooltip("%s: %.2f (%s)", bars[i].label.c_str(), bars[i].value, bars[i].note.c_str());
  }
  ImGui::PopID();
}

void draw_histogram_pair(const char* id, const std::vector<double>& a, const std::vector<double>& b, int bins,
                         ImVec2 size) {
  ImGui::PushID(id);
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("hist", size);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p0, ImVec2(p0.x + size.x, p0.y + size.y), IM_COL32(25, 27, 32, 255));
  const auto ha = histogram_bins(a, bins), hb = histogram_bins(b, bins);
  int peak = 1;
  for (int i = 0; i < bins; ++i) peak = std::max({peak, ha[static_cast<size_t>(i)], hb[static_cast<size_t>(i)]});
  const float axis = 16, top = 6, h = size.y - axis - top, slot = size.x / static_cast<float>(bins);
  for (int i = 0; i < bins; ++i) {
    const float x = p0.x + slot * static_cast<float>(i), base = p0.y + top + h;
    const float ya = base - h * static_cast<float>(ha[static_cast<size_t>(i)]) / static_cast<float>(peak);
    const float yb = base - h * static_cast<float>(hb[static_cast<size_t>(i)]) / static_cast<float>(peak);
    dl->AddRectFilled(ImVec2(x + slot * 0.1f, ya), ImVec2(x + slot * 0.5f, base), IM_COL32(70, 130, 200, 255));
    dl->AddRectFilled(ImVec2(x + slot * 0.5f, yb), ImVec2(x + slot * 0.9f, base), IM_COL32(220, 140, 60, 255));
    if (i % 2 == 0) {
      char buf[16];
      std::snprintf(buf, sizeof buf, "%.1f", static_cast<double>(i) / bins);
      dl->AddText(ImVec2(x, base + 1), IM_COL32(170, 170, 170, 255), buf);
    }
  }
  dl->AddText(ImVec2(p0.x + size.x - 110, p0.y + 4), IM_COL32(70, 130, 200, 255), "EXP");
  dl->AddText(ImVec2(p0.x + size.x - 70, p0.y + 4), IM_COL32(220, 140, 60, 255), "EXR");
  ImGui::PopID();
}

}  // namespace chokepoint::web
