#include "report/svg_histogram.hpp"

#include <algorithm>
#include <cmath>

#include "report/html_text.hpp"

namespace bvhscope::report {

std::string svg_histogram(const Distribution& d, const std::vector<double>& values,
                          const std::vector<std::string>& row_ids, const std::vector<std::string>& names,
                          const HistogramText& text) {
  constexpr double kLeft = 10.0, kRight = 270.0, kTop = 28.0, kBase = 108.0;
  const auto number = [&](double value) {
    return decimals(value, text.decimals) + (text.unit.empty() ? "" : " " + text.unit);
  };
  std::string svg =
      "<svg class=\"plot\" viewBox=\"0 0 280 150\" width=\"280\" height=\"150\" role=\"img\" aria-label=\"" +
      html_escape(text.title) + "\">";
  svg += "<text x=\"10\" y=\"16\" class=\"plot-title\">" + html_escape(text.title) + "</text>";
  if (d.count == 0) {
    svg += "<text x=\"10\" y=\"70\" class=\"plot-note\">no values</text></svg>";
    return svg;
  }
  svg += "<text x=\"270\" y=\"16\" text-anchor=\"end\" class=\"plot-note\">median " + html_escape(number(d.median)) +
         "</text>";
  const std::size_t tallest = std::max<std::size_t>(1, *std::max_element(d.bins.begin(), d.bins.end()));
  const double bar_width = (kRight - kLeft) / static_cast<double>(d.bins.size());
  const double span = d.max - d.min;
  const auto x_of = [&](double value) {
    return span > 0.0 ? kLeft + (value - d.min) / span * (kRight - kLeft) : (kLeft + kRight) / 2.0;
  };
  for (std::size_t b = 0; b < d.bins.size(); ++b) {
    if (d.bins[b] == 0) continue;
    const double height = (kBase - kTop) * static_cast<double>(d.bins[b]) / static_cast<double>(tallest);
    const double from = d.min + span * static_cast<double>(b) / static_cast<double>(d.bins.size());
    const double to = d.min + span * static_cast<double>(b + 1) / static_cast<double>(d.bins.size());
    svg += "<rect class=\"bar\" x=\"" + decimals(kLeft + bar_width * static_cast<double>(b) + 0.5, 1) + "\" y=\"" +
           decimals(kBase - height, 1) + "\" width=\"" + decimals(std::max(bar_width - 1.0, 1.0), 1) + "\" height=\"" +
           decimals(height, 1) + "\"><title>" + std::to_string(d.bins[b]) + (d.bins[b] == 1 ? " file: " : " files: ") +
           html_escape(number(from)) + " to " + html_escape(number(to)) + "</title></rect>";
  }
  svg += "<line class=\"axis\" x1=\"10\" y1=\"108.5\" x2=\"270\" y2=\"108.5\"/>";
  svg += "<line class=\"median\" x1=\"" + decimals(x_of(d.median), 1) + "\" y1=\"24\" x2=\"" +
         decimals(x_of(d.median), 1) + "\" y2=\"108\"/>";
  for (const std::size_t i : d.outliers) {
    const double x = x_of(values[i]);
    svg += "<a href=\"#" + html_escape(row_ids[i]) + "\" class=\"outlier\"><title>" + html_escape(names[i]) + ": " +
           html_escape(number(values[i])) + " (outlier: click to see its row)</title><path d=\"M" + decimals(x, 1) +
           " 112 l-5 9 h10 z\"/></a>";
  }
  svg += "<text x=\"10\" y=\"140\" class=\"plot-note\">" + html_escape(number(d.min)) + "</text>";
  svg += "<text x=\"270\" y=\"140\" text-anchor=\"end\" class=\"plot-note\">" + html_escape(number(d.max)) + "</text>";
  if (!d.outliers.empty())
    svg += "<text x=\"140\" y=\"140\" text-anchor=\"middle\" class=\"plot-outliers\">" +
           std::to_string(d.outliers.size()) + (d.outliers.size() == 1 ? " outlier" : " outliers") + "</text>";
  svg += "</svg>";
  return svg;
}

}  // namespace bvhscope::report
