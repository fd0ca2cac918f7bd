// The self-contained HTML page of a study report.
#include "core/study/report_html.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace chokepoint::study {

std::string html_escape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

namespace {

// Colour-blind-safe palette (Okabe–Ito), cycled per series.
const char* kColours[] = {"#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"};

std::string fmt(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

double axis_top(const StudyChart& chart) {
  double top = 0;
  for (const auto& s : chart.series)
    for (double v : s.values)
      if (std::isfinite(v)) top = std::max(top, v);
  if (chart.y_label.find('%') != std::string::npos) return 100;
  if (top <= 0) return 1;
  const double step = std::pow(10.0, std::floor(std::log10(top)));
  return std::ceil(top / step) * step;
}

std::string row_html(const std::string& source, const std::vector<Cell>& cells, bool published) {
  std::string out = published ? "<tr class=\"published\">" : "<tr>";
  out += "<td>" + html_escape(source) + "</td>";
  for (const auto& c : cells)
    out += std::string(c.is_number ? "<td class=\"n\">" : "<td>") + html_escape(cell_text(c)) + "</td>";
  return out + "</tr>\n";
}

std::string table_html(const StudyTable& t, bool with_source) {
  std::string out = "<div class=\"scroll\"><table>\n<thead><tr>";
  if (with_source) out += "<th>source</th>";
  for (const auto& c : t.columns) out += "<th>" + html_escape(c) + "</th>";
  out += "</tr></thead>\n<tbody>\n";
  for (const auto& r : t.rows) {
    if (with_source) {
      out += row_html("ours", r, false);
    } else {
      out += "<tr>";
      for (const auto& c : r)
        out += std::string(c.is_number ? "<td class=\"n\">" : "<td>") + html_escape(cell_text(c)) + "</td>";
      out += "</tr>\n";
    }
  }
  for (const auto& p : t.published) out += row_html(p.source, p.cells, true);
  return out + "</tbody>\n</table></div>\n";
}

// One spoke per category from the top, clockwise; each series a closed line through its values (a value that is
// missing leaves its spoke out of that series' line, and its dot out).
std::string radar_svg(const StudyChart& chart) {
  const double width = 780, cx = 390, cy = 240, radius = 160, plot_h = 480;
  const double top = radar_top(chart);
  const size_t n = chart.categories.size();
  const double pi = std::acos(-1.0);
  auto point = [&](size_t k, double v) {
    const double a = -pi / 2 + 2 * pi * static_cast<double>(k) / static_cast<double>(n);
    const double r = radius * std::clamp(v / top, 0.0, 1.0);
    return std::make_pair(cx + r * std::cos(a), cy + r * std::sin(a));
  };
  const double total_h = plot_h + 24.0 * static_cast<double>((chart.series.size() + 3) / 4);
  std::string out = "<svg role=\"img\" width=\"" + fmt(width) + "\" height=\"" + fmt(total_h) + "\" viewBox=\"0 0 " +
                    fmt(width) + " " + fmt(total_h) + "\"><title>" + html_escape(chart.title) + "</title>\n";
  for (int ring = 1; ring <= 4; ++ring) {
    std::string pts;
    for (size_t k = 0; k < n; ++k) {
      const auto [x, y] = point(k, top * ring / 4.0);
      pts += fmt(x) + "," + fmt(y) + " ";
    }
    out += "<polygon points=\"" + pts + "\" fill=\"none\" stroke=\"#ddd\"/><text x=\"" + fmt(cx + 4) + "\" y=\"" +
           fmt(cy - radius * ring / 4.0 + 12) + "\" font-size=\"10\" fill=\"#777\">" +
           html_escape(fmt(top * ring / 4.0)) + "</text>\n";
  }
  for (size_t k = 0; k < n; ++k) {
    const auto [x, y] = point(k, top);
    out += "<line x1=\"" + fmt(cx) + "\" y1=\"" + fmt(cy) + "\" x2=\"" + fmt(x) + "\" y2=\"" + fmt(y) +
           "\" stroke=\"#bbb\"/>\n";
    const double dx = x - cx;
    const char* anchor = std::fabs(dx) < 1 ? "middle" : dx > 0 ? "start" : "end";
    const double ly = y + (y < cy - 1 ? -8 : y > cy + 1 ? 16 : 4);
    out += "<text x=\"" +
           fmt(x + (dx > 1    ? 6
                    : dx < -1 ? -6
                              : 0)) +
           "\" y=\"" + fmt(ly) + "\" font-size=\"12\" text-anchor=\"" + anchor + "\">" +
           html_escape(chart.categories[k]) + "</text>\n";
  }
  for (size_t s = 0; s < chart.series.size(); ++s) {
    std::string pts, dots;
    for (size_t k = 0; k < n; ++k) {
      const double v = chart.series[s].values[k];
      if (!std::isfinite(v)) continue;
      const auto [x, y] = point(k, v);
      pts += fmt(x) + "," + fmt(y) + " ";
      dots += "<circle cx=\"" + fmt(x) + "\" cy=\"" + fmt(y) + "\" r=\"3.5\" fill=\"" + kColours[s % 8] + "\"><title>" +
              html_escape(chart.series[s].name + ", " + chart.categories[k] + ": " + fmt(v)) + "</title></circle>\n";
    }
    if (!pts.empty())
      out += "<polygon points=\"" + pts + "\" fill=\"" + kColours[s % 8] + "\" fill-opacity=\"0.12\" stroke=\"" +
             kColours[s % 8] + "\" stroke-width=\"2\"/>\n";
    out += dots;
  }
  for (size_t s = 0; s < chart.series.size(); ++s) {
    const double x = 56 + 170.0 * static_cast<double>(s % 4), y = plot_h - 4 + 20.0 * static_cast<double>(s / 4);
    out += "<rect x=\"" + fmt(x) + "\" y=\"" + fmt(y - 10) + "\" width=\"12\" height=\"12\" fill=\"" + kColours[s % 8] +
           "\"/><text x=\"" + fmt(x + 16) + "\" y=\"" + fmt(y) + "\" font-size=\"12\">" +
           html_escape(chart.series[s].name) + "</text>\n";
  }
  return out + "</svg>\n";
}

// A map: each point a dot coloured by its group, the axes scaled to the points (a projection's units mean nothing),
// the groups' legend below.
std::string scatter_svg(const StudyChart& chart) {
  const double width = 720, plot = 440, pad = 12, legend_top = plot + 2 * pad + 44;
  const std::string radius = chart.points.size() < 300 ? "4" : "2.5";  // a few dots drawn bigger
  const double total_h = legend_top + 22.0 * static_cast<double>((chart.categories.size() + 3) / 4);
  double x0 = 0, x1 = 1, y0 = 0, y1 = 1;
  if (!chart.points.empty()) {
    x0 = x1 = chart.points[0].x;
    y0 = y1 = chart.points[0].y;
  }
  for (const auto& p : chart.points) {
    x0 = std::min(x0, p.x), x1 = std::max(x1, p.x);
    y0 = std::min(y0, p.y), y1 = std::max(y1, p.y);
  }
  const double sx = x1 > x0 ? (width - 2 * pad) / (x1 - x0) : 1, sy = y1 > y0 ? plot / (y1 - y0) : 1;
  std::string out = "<svg role=\"img\" width=\"" + fmt(width) + "\" height=\"" + fmt(total_h) + "\" viewBox=\"0 0 " +
                    fmt(width) + " " + fmt(total_h) + "\"><title>" + html_escape(chart.title) + "</title>\n" +
                    "<rect x=\"0\" y=\"0\" width=\"" + fmt(width) + "\" height=\"" + fmt(plot + 2 * pad) +
                    "\" fill=\"#fafafa\" stroke=\"#ddd\"/>\n";
  for (const auto& p : chart.points)
    out += "<circle cx=\"" + fmt(pad + (p.x - x0) * sx) + "\" cy=\"" + fmt(pad + plot - (p.y - y0) * sy) + "\" r=\"" +
           radius + "\" fill=\"" + kColours[p.group % 8] + "\" fill-opacity=\"0.75\"/>\n";
  out += "<text x=\"" + fmt(pad) + "\" y=\"" + fmt(plot + 2 * pad + 16) + "\" font-size=\"11\" fill=\"#555\">" +
         html_escape(chart.y_label) + "</text>\n";
  for (size_t g = 0; g < chart.categories.size(); ++g) {
    const double x = pad + 170.0 * static_cast<double>(g % 4), y = legend_top + 22.0 * static_cast<double>(g / 4);
    out += "<circle cx=\"" + fmt(x + 6) + "\" cy=\"" + fmt(y - 4) + "\" r=\"5\" fill=\"" + kColours[g % 8] +
           "\"/><text x=\"" + fmt(x + 16) + "\" y=\"" + fmt(y) + "\" font-size=\"12\">" +
           html_escape(chart.categories[g]) + "</text>\n";
  }
  return out + "</svg>\n";
}

}  // namespace

std::string chart_svg(const StudyChart& chart) {
  if (chart.kind == ChartKind::Radar) return radar_svg(chart);
  if (chart.kind == ChartKind::Scatter) return scatter_svg(chart);
  const double width = 720, left = 56, right = 16, top = 16, plot_h = 220;
  const double plot_w = width - left - right;
  const double y_top = axis_top(chart);
  const size_t groups = std::max<size_t>(1, chart.categories.size());
  // Category labels that do not fit their group side by side (Table X's fifteen operator names) are turned 40
  // degrees, and the plot grows downwards by what they need.
  size_t longest = 0;
  for (const auto& c : chart.categories) longest = std::max(longest, c.size());
  const double label_w = 6.2 * static_cast<double>(longest);
  const bool turned = label_w > plot_w / static_cast<double>(groups);
  const double label_h = turned ? std::min(160.0, label_w * 0.65) + 8 : 0;
  const double bottom = 64 + label_h, height = top + plot_h + bottom;
  const size_t per_group = std::max<size_t>(1, chart.series.size());
  const double group_w = plot_w / static_cast<double>(groups);
  const double gap = chart.kind == ChartKind::Histogram ? 2 : group_w * 0.15;
  const double bar_w = std::max(1.0, (group_w - 2 * gap) / static_cast<double>(per_group));
  const double total_h = height + 24.0 * static_cast<double>((per_group + 3) / 4);  // and the legend's lines
  std::string out = "<svg role=\"img\" width=\"" + fmt(width) + "\" height=\"" + fmt(total_h) + "\" viewBox=\"0 0 " +
                    fmt(width) + " " + fmt(total_h) + "\"><title>" + html_escape(chart.title) + "</title>\n";
  // Axes and four grid lines with their values.
  for (int k = 0; k <= 4; ++k) {
    const double v = y_top * k / 4.0, y = top + plot_h - plot_h * k / 4.0;
    out += "<line x1=\"" + fmt(left) + "\" y1=\"" + fmt(y) + "\" x2=\"" + fmt(width - right) + "\" y2=\"" + fmt(y) +
           "\" stroke=\"#ddd\"/><text x=\"" + fmt(left - 6) + "\" y=\"" + fmt(y + 4) +
           "\" text-anchor=\"end\" font-size=\"11\">" + html_escape(fmt(v)) + "</text>\n";
  }
  out += "<text x=\"12\" y=\"" + fmt(top + plot_h / 2) + "\" font-size=\"11\" transform=\"rotate(-90 12 " +
         fmt(top + plot_h / 2) + ")\" text-anchor=\"middle\">" + html_escape(chart.y_label) + "</text>\n";
  for (size_t g = 0; g < chart.categories.size(); ++g) {
    const double gx = left + group_w * static_cast<double>(g);
    for (size_t s = 0; s < chart.series.size(); ++s) {
      const double v = chart.series[s].values[g];
      if (!std::isfinite(v)) continue;  // no value (a number the paper did not publish): no bar
      const double h = plot_h * std::clamp(v / y_top, 0.0, 1.0);
      const double x = gx + gap + bar_w * static_cast<double>(s);
      out += "<rect x=\"" + fmt(x) + "\" y=\"" + fmt(top + plot_h - h) + "\" width=\"" + fmt(bar_w * 0.92) +
             "\" height=\"" + fmt(h) + "\" fill=\"" + kColours[s % 8] + "\"><title>" +
             html_escape(chart.series[s].name + ", " + chart.categories[g] + ": " + fmt(v)) + "</title></rect>\n";
    }
    const double lx = gx + group_w / 2, ly = top + plot_h + 16;
    out += "<text x=\"" + fmt(lx) + "\" y=\"" + fmt(ly) + "\" font-size=\"11\" " +
           (turned ? "text-anchor=\"end\" transform=\"rotate(-40 " + fmt(lx) + " " + fmt(ly) + ")\">"
                   : std::string("text-anchor=\"middle\">")) +
           html_escape(chart.categories[g]) + "</text>\n";
  }
  // Legend below the plot, four series to a line.
  for (size_t s = 0; s < chart.series.size(); ++s) {
    const double x = left + 170.0 * static_cast<double>(s % 4), y = height - 24 + 20.0 * static_cast<double>(s / 4);
    out += "<rect x=\"" + fmt(x) + "\" y=\"" + fmt(y - 10) + "\" width=\"12\" height=\"12\" fill=\"" + kColours[s % 8] +
           "\"/><text x=\"" + fmt(x + 16) + "\" y=\"" + fmt(y) + "\" font-size=\"12\">" +
           html_escape(chart.series[s].name) + "</text>\n";
  }
  return out + "</svg>\n";
}

std::string report_html(const StudyReport& report) {
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
      "<title>" +
      html_escape(report.title) +
      "</title>\n<style>\n"
      "body{font-family:system-ui,sans-serif;margin:2em;max-width:1100px;color:#222}\n"
      "table{border-collapse:collapse;margin:0.5em 0 1.5em}th,td{border:1px solid #ccc;padding:3px 8px}\n"
      "th{background:#f3f3f3;text-align:left}td.n{text-align:right;font-variant-numeric:tabular-nums}\n"
      "tr.published td{font-style:italic;color:#555;background:#fafaf0}p.over{color:#555;margin:0}\n"
      "div.scroll{overflow-x:auto}\n"
      "</style>\n</head>\n<body>\n<h1>" +
      html_escape(report.title) + "</h1>\n<p>Study <code>" + html_escape(report.study) + "</code>.</p>\n";
  if (!report.inputs.empty()) {
    out += "<h2>Inputs</h2>\n<ul>\n";
    for (const auto& in : report.inputs)
      out += "<li>" + html_escape(in.name) + ": <code>" + html_escape(in.value) + "</code></li>\n";
    out += "</ul>\n";
  }
  if (!report.notes.empty()) {
    out += "<h2>Notes</h2>\n<ul>\n";
    for (const auto& n : report.notes) out += "<li>" + html_escape(n) + "</li>\n";
    out += "</ul>\n";
  }
  for (const auto& t : report.tables) {
    out += "<h2 id=\"" + html_escape(t.id) + "\">" + html_escape(t.title) + "</h2>\n<p class=\"over\">" +
           html_escape(t.over) + "</p>\n" + table_html(t, true);
  }
  for (const auto& c : report.charts)
    out += "<h2 id=\"chart_" + html_escape(c.id) + "\">" + html_escape(c.title) + "</h2>\n" + chart_svg(c);
  if (!report.items.columns.empty()) {
    out += "<details>\n<summary>Per-item rows (" + std::to_string(report.items.rows.size()) + ")</summary>\n" +
           table_html(report.items, false) + "</details>\n";
  }
  return out + "</body>\n</html>\n";
}

}  // namespace chokepoint::study
