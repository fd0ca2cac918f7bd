// Small charts drawn with ImDrawList (ImPlot is not packaged for Debian bookworm): bars and paired histograms.
#pragma once
#include <string>
#include <vector>

#include <imgui.h>

namespace chokepoint::web {

struct BarDatum {
  std::string label;
  double value = 0;
  std::string note;  // drawn above the bar (e.g. "n=12")
};

void draw_bar_chart(const char* id, const std::vector<BarDatum>& bars, double max_value, ImVec2 size);
// Two distributions over [0, 1] side by side per bin (e.g. EXP in blue, EXR in orange).
void draw_histogram_pair(const char* id, const std::vector<double>& a, const std::vector<double>& b, int bins,
                         ImVec2 size);
// Counts of values in [0, 1] per bin; 1.0 falls in the last bin. Exposed for tests of the binning rule.
std::vector<int> histogram_bins(const std::vector<double>& values, int bins);

}  // namespace chokepoint::web
