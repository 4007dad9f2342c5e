// engine/report's parts: base64 against RFC 4648's vectors; quartiles as numpy.percentile's default
// computes them, Tukey's fences, NaN left out, rounding noise in a constant set not an outlier; the
// histogram's outlier marks linking to rows, and escaped text.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "report/base64.hpp"
#include "report/distribution.hpp"
#include "report/html_text.hpp"
#include "report/svg_histogram.hpp"

namespace bvhscope::report {
namespace {

TEST(ReportParts, Base64IsRfc4648s) {
  EXPECT_EQ(base64(""), "");
  EXPECT_EQ(base64("f"), "Zg==");
  EXPECT_EQ(base64("fo"), "Zm8=");
  EXPECT_EQ(base64("foo"), "Zm9v");
  EXPECT_EQ(base64("foob"), "Zm9vYg==");
  EXPECT_EQ(base64("fooba"), "Zm9vYmE=");
  EXPECT_EQ(base64("foobar"), "Zm9vYmFy");
  EXPECT_EQ(base64(std::string("\x89PNG\r\n\x1a\n", 8)), "iVBORw0KGgo=");
}

TEST(ReportParts, QuartilesAsNumpyAndTukeysOutliers) {
  const double none = std::numeric_limits<double>::quiet_NaN();
  // numpy.percentile([1, 2, 3, 4, 100, 7], [25, 50, 75]) == [2.25, 3.5, 6.25]
  const Distribution d = describe({1, 2, none, 3, 4, 100, 7}, 4);
  EXPECT_EQ(d.count, 6u);
  EXPECT_DOUBLE_EQ(d.q1, 2.25);
  EXPECT_DOUBLE_EQ(d.median, 3.5);
  EXPECT_DOUBLE_EQ(d.q3, 6.25);
  EXPECT_DOUBLE_EQ(d.high_fence, 12.25);
  EXPECT_EQ(d.outliers, std::vector<std::size_t>{5});  // the 100, by its index among the values given
  EXPECT_EQ(d.bins, (std::vector<std::size_t>{5, 0, 0, 1}));
  // Thirty frames a second everywhere but one file: that one; noise around zero: none.
  EXPECT_EQ(describe({30, 30, 30, 30, 30, 120}, 8).outliers, std::vector<std::size_t>{5});
  EXPECT_TRUE(describe({0, 1e-13, 0, 2e-13, 0, 0}, 8).outliers.empty());
  EXPECT_TRUE(describe({1, 50, 100}, 8).outliers.empty());  // under four values: none
}

TEST(ReportParts, TheHistogramLinksItsOutliersToTheirRows) {
  const std::vector<double> values = {1, 1.1, 0.9, 1, 1.05, 9};
  const std::vector<std::string> rows = {"f0", "f1", "f2", "f3", "f4", "f5"};
  const std::vector<std::string> names = {"a", "b", "c", "d", "e", "<odd> & name"};
  const std::string svg = svg_histogram(describe(values, 10), values, rows, names, {"Duration", "s", 2});
  EXPECT_EQ(svg.rfind("<svg class=\"plot\" viewBox=\"0 0 280 150\"", 0), 0u);
  EXPECT_NE(svg.find("<a href=\"#f5\" class=\"outlier\"><title>&lt;odd&gt; &amp; name: 9.00 s (outlier"),
            std::string::npos)
      << svg;
  EXPECT_NE(svg.find(">median 1.02 s</text>"), std::string::npos) << svg;
  EXPECT_NE(svg.find(">1 outlier</text>"), std::string::npos) << svg;
  EXPECT_EQ(html_escape("a\"b'c"), "a&quot;b&#39;c");
}

}  // namespace
}  // namespace bvhscope::report
