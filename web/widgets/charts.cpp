// Bar chart and histogram drawing (see charts.h).
#include "web/widgets/charts.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "web/bridge/canvas_capture.h"

namespace chokepoint::web {
namespace {

ChartsFrame g_this_frame, g_last_frame;
std::map<std::string, ImVec2> g_sizes;  // sizes the user dragged to, by chart id (this page's life)

const ImU32 kBackground = IM_COL32(25, 27, 32, 255), kGrid = IM_COL32(60, 64, 72, 255),
            kAxisText = IM_COL32(170, 170, 170, 255), kBlue = IM_COL32(70, 130, 200, 255),
            kOrange = IM_COL32(220, 140, 60, 255);

std::string format_value(const char* format, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

void show_tooltip(const std::string& text) {
  ImGui::SetTooltip("%s", text.c_str());
  g_this_frame.tooltip = text;
}

// The chart's area: reserves it (size as dragged, else as asked), draws the background, the resize grip and the PNG
// button, and returns the rectangle. The grip is an invisible button over the bottom-right corner.
struct ChartArea {
  ImVec2 p0, p1;
  bool hovered = false;
};

ChartArea begin_chart(const char* id, ImVec2 asked) {
  ImGui::PushID(id);
  auto it = g_sizes.find(id);
  const ImVec2 size = it != g_sizes.end() ? it->second : asked;
  ChartArea a;
  a.p0 = ImGui::GetCursorScreenPos();
  a.p1 = ImVec2(a.p0.x + size.x, a.p0.y + size.y);
  // Resize grip over the bottom-right corner, submitted before the chart so it wins the hover there.
  const float g = ImGui::GetFontSize();
  ImGui::SetCursorScreenPos(ImVec2(a.p1.x - g, a.p1.y - g));
  ImGui::InvisibleButton("grip", ImVec2(g, g));
  const bool grip_hot = ImGui::IsItemHovered() || ImGui::IsItemActive();
  if (ImGui::IsItemActive()) {
    const ImVec2 d = ImGui::GetIO().MouseDelta;
    g_sizes[id] = ImVec2(std::clamp(size.x + d.x, 12 * g, 120 * g), std::clamp(size.y + d.y, 7 * g, 60 * g));
  }
  if (grip_hot) ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeNWSE);
  ImGui::SetCursorScreenPos(a.p0);
  ImGui::InvisibleButton("chart", size);
  a.hovered = ImGui::IsItemHovered();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(a.p0, a.p1, kBackground);
  dl->AddTriangleFilled(ImVec2(a.p1.x, a.p1.y - g * 0.7f), a.p1, ImVec2(a.p1.x - g * 0.7f, a.p1.y),
                        grip_hot ? IM_COL32(140, 170, 220, 255) : IM_COL32(90, 95, 105, 255));
  if (grip_hot) show_tooltip("drag to resize the chart");
  g_this_frame.rects[id] = ImVec4(a.p0.x, a.p0.y, size.x, size.y);
  if (ImGui::SmallButton("PNG")) request_canvas_png(std::string(id) + ".png", {a.p0.x, a.p0.y, size.x, size.y});
  if (ImGui::IsItemHovered()) show_tooltip("Save this chart alone as a PNG image.");
  return a;
}

// Plot rectangle inside the chart: room on the left for tick labels and the value-axis title, below for the
// category labels and the x title.
struct Plot {
  float x0, y0, x1, y1;
  float y_of(double v, double max) const {
    return y1 - (y1 - y0) * static_cast<float>(max > 0 ? std::clamp(v / max, 0.0, 1.0) : 0.0);
  }
};

// Tick labels with as many decimals as the step needs (0, 25, 50 ... or 0.5, 1.0 ... or 0.25, 0.50 ...).
const char* tick_format_of(const std::vector<double>& ticks) {
  const double step = ticks.size() > 1 ? ticks[1] - ticks[0] : 1;
  if (std::fabs(step - std::round(step)) < 1e-9) return "%.0f";
  if (std::fabs(step * 10 - std::round(step * 10)) < 1e-9) return "%.1f";
  return "%.2f";
}

Plot draw_axes(const ChartArea& a, const std::vector<double>& ticks, const std::string& y_title,
               const std::string& x_title) {
  const char* tick_format = tick_format_of(ticks);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float line = ImGui::GetFontSize();
  float label_w = 0;
  for (double t : ticks) label_w = std::max(label_w, ImGui::CalcTextSize(format_value(tick_format, t).c_str()).x);
  Plot p;
  p.x0 = a.p0.x + label_w + line * (y_title.empty() ? 0.6f : 1.6f);
  p.x1 = a.p1.x - line * 0.6f;
  p.y0 = a.p0.y + line * 1.7f;
  p.y1 = a.p1.y - line * (x_title.empty() ? 1.4f : 2.5f);
  const double max = ticks.empty() ? 1 : ticks.back();
  for (double t : ticks) {
    const float y = p.y_of(t, max);
    dl->AddLine(ImVec2(p.x0, y), ImVec2(p.x1, y), kGrid);
    const std::string s = format_value(tick_format, t);
    dl->AddText(ImVec2(p.x0 - ImGui::CalcTextSize(s.c_str()).x - line * 0.3f, y - line * 0.5f), kAxisText, s.c_str());
  }
  dl->AddLine(ImVec2(p.x0, p.y0), ImVec2(p.x0, p.y1), kAxisText);
  dl->AddLine(ImVec2(p.x0, p.y1), ImVec2(p.x1, p.y1), kAxisText);
  if (!y_title.empty())  // above the axis (ImGui 1.86 draws no rotated text)
    dl->AddText(ImVec2(a.p0.x + line * 0.3f, a.p0.y + line * 0.1f), kAxisText, y_title.c_str());
  if (!x_title.empty()) {
    const float w = ImGui::CalcTextSize(x_title.c_str()).x;
    dl->AddText(ImVec2((p.x0 + p.x1 - w) / 2, a.p1.y - line * 1.15f), kAxisText, x_title.c_str());
  }
  return p;
}

void end_chart() { ImGui::PopID(); }

}  // namespace

std::vector<int> histogram_bins(const std::vector<double>& values, int bins) {
  std::vector<int> out(static_cast<size_t>(std::max(bins, 1)), 0);
  for (double v : values) {
    int b = static_cast<int>(std::clamp(v, 0.0, 1.0) * bins);
    out[static_cast<size_t>(std::min(b, bins - 1))]++;
  }
  return out;
}

std::vector<double> axis_ticks(double max_value) {
  if (!(max_value > 0) || !std::isfinite(max_value)) return {0, 1};
  const double rough = max_value / 4;
  const double power = std::pow(10.0, std::floor(std::log10(rough)));
  double step = power;
  for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (m * power >= rough) {
      step = m * power;
      break;
    }
  std::vector<double> out;
  for (int i = 0;; ++i) {
    out.push_back(step * i);
    if (step * i >= max_value * (1 - 1e-9)) break;
  }
  return out;
}

void draw_bar_chart(const char* id, const std::vector<BarDatum>& bars, double max_value, ImVec2 size,
                    const ChartAxes& axes) {
  const ChartArea a = begin_chart(id, size);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const auto ticks = axis_ticks(max_value);
  const Plot p = draw_axes(a, ticks, axes.y_title, axes.x_title);
  if (bars.empty()) dl->AddText(ImVec2(p.x0 + 8, p.y0 + 8), kAxisText, "no data");
  const float slot = bars.empty() ? 0 : (p.x1 - p.x0) / static_cast<float>(bars.size());
  const float line = ImGui::GetFontSize();
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  for (size_t i = 0; i < bars.size(); ++i) {
    const float x0 = p.x0 + slot * static_cast<float>(i) + slot * 0.15f, x1 = x0 + slot * 0.7f;
    const float y0 = p.y_of(bars[i].value, ticks.back());
    const bool hot = a.hovered && mouse.x >= p.x0 + slot * static_cast<float>(i) &&
                     mouse.x < p.x0 + slot * static_cast<float>(i + 1);
    dl->AddRectFilled(ImVec2(x0, y0), ImVec2(x1, p.y1), hot ? IM_COL32(110, 165, 230, 255) : kBlue);
    const std::string v = format_value(axes.value_format.c_str(), bars[i].value);
    if (ImGui::CalcTextSize(v.c_str()).x < slot)
      dl->AddText(ImVec2((x0 + x1 - ImGui::CalcTextSize(v.c_str()).x) / 2, y0 - line * 1.05f),
                  IM_COL32(220, 220, 220, 255), v.c_str());
    // Category label centred under the bar, clipped to its slot.
    const float lw = ImGui::CalcTextSize(bars[i].label.c_str()).x;
    const float lx = std::max(p.x0 + slot * static_cast<float>(i), (x0 + x1 - lw) / 2);
    dl->PushClipRect(ImVec2(p.x0 + slot * static_cast<float>(i), p.y1), ImVec2(p.x0 + slot * (i + 1.0f), a.p1.y), true);
    dl->AddText(ImVec2(lx, p.y1 + 2), kAxisText, bars[i].label.c_str());
    dl->PopClipRect();
    if (hot)
      show_tooltip(bars[i].label + ": " + v + (bars[i].note.empty() ? "" : " (" + bars[i].note + ")") +
                   (axes.y_title.empty() ? "" : "\n" + axes.y_title));
  }
  end_chart();
}

void draw_histogram_pair(const char* id, const std::vector<double>& a_values, const std::vector<double>& b_values,
                         int bins, ImVec2 size, const char* a_name, const char* b_name) {
  bins = std::max(bins, 1);
  const ChartArea a = begin_chart(id, size);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const auto ha = histogram_bins(a_values, bins), hb = histogram_bins(b_values, bins);
  int peak = 1;
  for (size_t i = 0; i < ha.size(); ++i) peak = std::max({peak, ha[i], hb[i]});
  const auto ticks = axis_ticks(peak);
  const Plot p = draw_axes(a, ticks, "items", std::string(a_name) + " / " + b_name);
  const float slot = (p.x1 - p.x0) / static_cast<float>(bins);
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const float line = ImGui::GetFontSize();
  for (int i = 0; i < bins; ++i) {
    const size_t k = static_cast<size_t>(i);
    const float x = p.x0 + slot * static_cast<float>(i);
    dl->AddRectFilled(ImVec2(x + slot * 0.1f, p.y_of(ha[k], ticks.back())), ImVec2(x + slot * 0.5f, p.y1), kBlue);
    dl->AddRectFilled(ImVec2(x + slot * 0.5f, p.y_of(hb[k], ticks.back())), ImVec2(x + slot * 0.9f, p.y1), kOrange);
    const double lo = static_cast<double>(i) / bins, hi = static_cast<double>(i + 1) / bins;
    if (i % 2 == 0 || slot > line * 2.2f) dl->AddText(ImVec2(x, p.y1 + 2), kAxisText, format_value("%.1f", lo).c_str());
    if (a.hovered && mouse.x >= x && mouse.x < x + slot) {
      dl->AddRect(ImVec2(x, p.y0), ImVec2(x + slot, p.y1), IM_COL32(200, 200, 200, 120));
      char buf[160];
      std::snprintf(buf, sizeof buf, "%.1f to %.1f%s\n%s: %d items\n%s: %d items", lo, hi,
                    i == bins - 1 ? " (1 included)" : "", a_name, ha[k], b_name, hb[k]);
      show_tooltip(buf);
    }
  }
  dl->AddText(ImVec2(p.x1 - line * 5.5f, a.p0.y + line * 0.1f), kBlue, a_name);
  dl->AddText(ImVec2(p.x1 - line * 2.8f, a.p0.y + line * 0.1f), kOrange, b_name);
  end_chart();
}

void draw_radar_chart(const char* id, const std::vector<std::string>& axes, const std::vector<RadarSeries>& series,
                      double top, ImVec2 size) {
  static const ImU32 kSeries[] = {kBlue,
                                  kOrange,
                                  IM_COL32(80, 180, 120, 255),
                                  IM_COL32(200, 120, 170, 255),
                                  IM_COL32(120, 190, 230, 255),
                                  IM_COL32(220, 100, 60, 255)};
  const ChartArea a = begin_chart(id, size);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float line = ImGui::GetFontSize();
  const size_t n = axes.size();
  // The legend takes the top lines; the radar the rest, with room around it for the axis labels.
  const float legend_h = line * 1.3f * static_cast<float>((series.size() + 2) / 3);
  const ImVec2 centre((a.p0.x + a.p1.x) / 2, (a.p0.y + legend_h + a.p1.y) / 2 + line * 0.3f);
  const float radius =
      std::max(line * 2, std::min((a.p1.x - a.p0.x) / 2 - line * 9, (a.p1.y - a.p0.y - legend_h) / 2 - line * 1.8f));
  const double scale = top > 0 ? top : 1;
  const float pi = 3.14159265f;
  auto at = [&](size_t k, double v) {
    const float angle = -pi / 2 + 2 * pi * static_cast<float>(k) / static_cast<float>(std::max<size_t>(n, 1));
    const float r = radius * static_cast<float>(std::clamp(v / scale, 0.0, 1.0));
    return ImVec2(centre.x + r * std::cos(angle), centre.y + r * std::sin(angle));
  };
  for (int ring = 1; ring <= 4; ++ring) {
    for (size_t k = 0; k < n; ++k) dl->AddLine(at(k, scale * ring / 4), at((k + 1) % n, scale * ring / 4), kGrid);
    dl->AddText(ImVec2(centre.x + 3, at(0, scale * ring / 4).y), kAxisText,
                format_value("%.0f", scale * ring / 4).c_str());
  }
  dl->PushClipRect(a.p0, a.p1, true);
  for (size_t k = 0; k < n; ++k) {
    const ImVec2 end = at(k, scale);
    dl->AddLine(centre, end, kGrid);
    const float w = ImGui::CalcTextSize(axes[k].c_str()).x;
    const float dx = end.x - centre.x, dy = end.y - centre.y;
    const float x = std::fabs(dx) < 1 ? end.x - w / 2 : dx > 0 ? end.x + line * 0.4f : end.x - w - line * 0.4f;
    const float y = dy < -1 ? end.y - line * 1.3f : dy > 1 ? end.y + line * 0.2f : end.y - line * 0.5f;
    dl->AddText(ImVec2(std::clamp(x, a.p0.x + 2, std::max(a.p0.x + 2, a.p1.x - w - 2)), y), kAxisText, axes[k].c_str());
  }
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  std::string hover;
  float hover_d = line * 0.8f;
  for (size_t s = 0; s < series.size(); ++s) {
    const ImU32 colour = kSeries[s % (sizeof kSeries / sizeof kSeries[0])];
    std::vector<ImVec2> points;
    for (size_t k = 0; k < n && k < series[s].values.size(); ++k) {
      const double v = series[s].values[k];
      if (!std::isfinite(v)) continue;
      points.push_back(at(k, v));
      const float d = std::hypot(points.back().x - mouse.x, points.back().y - mouse.y);
      if (a.hovered && d < hover_d) {
        hover_d = d;
        hover = series[s].name + ", " + axes[k] + ": " + format_value("%.2f", v);
      }
    }
    // A radar line is star-shaped around the centre, so a fan of triangles from the centre fills it exactly.
    for (size_t i = 0; i + 1 < points.size() || (points.size() > 2 && i + 1 == points.size()); ++i)
      dl->AddTriangleFilled(centre, points[i], points[(i + 1) % points.size()], (colour & 0x00FFFFFF) | 0x30000000);
    if (points.size() > 1)
      dl->AddPolyline(points.data(), static_cast<int>(points.size()), colour, ImDrawFlags_Closed, 2);
    for (const auto& p : points) dl->AddCircleFilled(p, 3.5f, colour);
    const float lx = a.p0.x + line * 0.5f + (a.p1.x - a.p0.x) / 3 * static_cast<float>(s % 3);
    const float ly = a.p0.y + line * 0.3f + line * 1.3f * static_cast<float>(s / 3);
    dl->AddRectFilled(ImVec2(lx, ly + 2), ImVec2(lx + line * 0.8f, ly + line * 0.8f + 2), colour);
    dl->AddText(ImVec2(lx + line, ly), IM_COL32(220, 220, 220, 255), series[s].name.c_str());
  }
  dl->PopClipRect();
  if (!hover.empty()) show_tooltip(hover);
  end_chart();
}

void draw_scatter_chart(const char* id, const std::vector<std::string>& groups, const std::vector<ScatterPoint>& points,
                        ImVec2 size) {
  static const ImU32 kGroups[] = {kBlue,
                                  kOrange,
                                  IM_COL32(80, 180, 120, 255),
                                  IM_COL32(200, 120, 170, 255),
                                  IM_COL32(120, 190, 230, 255),
                                  IM_COL32(220, 100, 60, 255),
                                  IM_COL32(230, 210, 80, 255),
                                  IM_COL32(160, 160, 160, 255)};
  const auto colour = [](size_t g) { return kGroups[g % (sizeof kGroups / sizeof kGroups[0])]; };
  const ChartArea a = begin_chart(id, size);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float line = ImGui::GetFontSize();
  const float legend_h = line * 1.3f * static_cast<float>((groups.size() + 3) / 4);
  for (size_t g = 0; g < groups.size(); ++g) {
    const float lx = a.p0.x + line * 0.5f + (a.p1.x - a.p0.x) / 4 * static_cast<float>(g % 4);
    const float ly = a.p0.y + line * 0.3f + line * 1.3f * static_cast<float>(g / 4);
    dl->AddCircleFilled(ImVec2(lx + line * 0.4f, ly + line * 0.5f), line * 0.35f, colour(g));
    dl->AddText(ImVec2(lx + line, ly), IM_COL32(220, 220, 220, 255), groups[g].c_str());
  }
  const ImVec2 q0(a.p0.x + line * 0.6f, a.p0.y + legend_h + line * 0.6f), q1(a.p1.x - line * 0.6f, a.p1.y - line);
  dl->AddRect(ImVec2(q0.x - 4, q0.y - 4), ImVec2(q1.x + 4, q1.y + 4), kGrid);
  double x0 = 0, x1 = 1, y0 = 0, y1 = 1;
  if (!points.empty()) {
    x0 = x1 = points[0].x;
    y0 = y1 = points[0].y;
  }
  for (const auto& p : points) {
    x0 = std::min(x0, p.x), x1 = std::max(x1, p.x);
    y0 = std::min(y0, p.y), y1 = std::max(y1, p.y);
  }
  const double sx = x1 > x0 ? (q1.x - q0.x) / (x1 - x0) : 0, sy = y1 > y0 ? (q1.y - q0.y) / (y1 - y0) : 0;
  const float dot = points.size() < 300 ? 3.5f : 2.5f;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  float hover_d = line * 0.6f;
  std::string hover;
  dl->PushClipRect(a.p0, a.p1, true);
  for (const auto& p : points) {
    const ImVec2 at(q0.x + static_cast<float>((p.x - x0) * sx), q1.y - static_cast<float>((p.y - y0) * sy));
    dl->AddCircleFilled(at, dot, colour(p.group));
    const float d = std::hypot(at.x - mouse.x, at.y - mouse.y);
    if (a.hovered && d < hover_d && p.group < groups.size()) {
      hover_d = d;
      hover = groups[p.group];
    }
  }
  dl->PopClipRect();
  if (!hover.empty()) show_tooltip(hover);
  end_chart();
}

const ChartsFrame& charts_last_frame() { return g_last_frame; }
void charts_new_frame() {
  g_last_frame = std::move(g_this_frame);
  g_this_frame = ChartsFrame{};
}

}  // namespace chokepoint::web
