// Charts drawn with ImDrawList (ImPlot is not packaged for Debian bookworm): bars, paired histograms, radars and maps,
// each with a value axis (ticks, grid lines, title), category labels, the value of what the pointer is over, a grip at
// the bottom-right corner to resize it, and a "PNG" button that saves the chart alone (no tooltip, no panel around it).
#pragma once
#include <map>
#include <string>
#include <vector>

#include <imgui.h>

namespace chokepoint::web {

struct BarDatum {
  std::string label;
  double value = 0;
  std::string note;  // shown with the value on hover (e.g. "n=12")
};

struct ChartAxes {
  std::string x_title, y_title;
  std::string value_format = "%.1f";  // printf format of a value (tick labels, bar tops, hover)
};

void draw_bar_chart(const char* id, const std::vector<BarDatum>& bars, double max_value, ImVec2 size,
                    const ChartAxes& axes = {});
// Two distributions over [0, 1] side by side per bin (e.g. EXP in blue, EXR in orange), counts on the value axis.
void draw_histogram_pair(const char* id, const std::vector<double>& a, const std::vector<double>& b, int bins,
                         ImVec2 size, const char* a_name = "EXP", const char* b_name = "EXR");
// One spoke per axis from the top, clockwise, rings at quarters of `top`, and one closed line per series through its
// values (NaN: no value, that spoke is left out of the series' line); the value under the pointer as a tooltip.
struct RadarSeries {
  std::string name;
  std::vector<double> values;  // one per axis
};
void draw_radar_chart(const char* id, const std::vector<std::string>& axes, const std::vector<RadarSeries>& series,
                      double top, ImVec2 size);
// A map: one dot per point, coloured by its group, the axes scaled to the points (a projection's units mean nothing),
// the groups' legend on the top lines and the group of the dot under the pointer as a tooltip.
struct ScatterPoint {
  double x = 0, y = 0;
  size_t group = 0;  // an index into the groups
};
void draw_scatter_chart(const char* id, const std::vector<std::string>& groups, const std::vector<ScatterPoint>& points,
                        ImVec2 size);
// Counts of values in [0, 1] per bin; 1.0 falls in the last bin. Exposed for tests of the binning rule.
std::vector<int> histogram_bins(const std::vector<double>& values, int bins);
// Tick values for an axis from 0 to max: 0 and 3 to 6 more at a 1, 2 or 5 x 10^k step, the last >= max.
std::vector<double> axis_ticks(double max_value);

// What the charts did this frame, for tests: each chart's rectangle on the page and the tooltip shown.
struct ChartsFrame {
  std::map<std::string, ImVec4> rects;  // id -> (x, y, w, h) in CSS pixels
  std::string tooltip;
};
const ChartsFrame& charts_last_frame();
void charts_new_frame();  // called by the app at the start of a frame

}  // namespace chokepoint::web
