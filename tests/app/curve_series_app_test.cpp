// Curves of several joints and clips at once in the real viewer (issue 34, item 11): a pinned joint
// stays in the strip beside the next selected one, each in its colour; "every clip" adds the same
// joint of the other clip, placed by the shared clock (a clip at twice the rate reads its own frame
// 2k at frame k); a legend click hides a series; a right-click on the pin button unpins all.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "app_test_fixture.hpp"

namespace bvhscope::test {
namespace {

// Hips (positions and rotations) and Head (rotations). `a` at 25 fps for 100 frames: Hips X =
// (f mod 20) x 0.5, Y = (f mod 8) x 0.25, Z = -(f mod 5); Head Z = f mod 10, X = 2 (f mod 6),
// Y = -(f mod 4). `b` at 50 fps for 200 frames: Hips X = 30 + (f mod 10) x 0.25, Y = 0, Z = 0; Head
// Z = 30 + (f mod 7), X = 0, Y = 5. Every value is exact in binary.
std::string clip_text(bool b) {
  std::string text =
      "HIERARCHY\nROOT Hips\n{\nOFFSET 0 0 0\nCHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation "
      "Yrotation\nJOINT Head\n{\nOFFSET 0 10 0\nCHANNELS 3 Zrotation Xrotation Yrotation\nEnd Site\n{\nOFFSET 0 5 "
      "0\n}\n}\n}\nMOTION\n";
  const int frames = b ? 200 : 100;
  text += "Frames: " + std::to_string(frames) + "\nFrame Time: " + (b ? "0.02" : "0.04") + "\n";
  for (int f = 0; f < frames; ++f) {
    char row[160];
    if (b) {
      std::snprintf(row, sizeof(row), "%g 0 0 0 0 0 %d 0 5\n", 30 + (f % 10) * 0.25, 30 + f % 7);
    } else {
      std::snprintf(row, sizeof(row), "%g %g %d 0 0 0 %d %d %d\n", (f % 20) * 0.5, (f % 8) * 0.25, -(f % 5), f % 10,
                    2 * (f % 6), -(f % 4));
    }
    text += row;
  }
  return text;
}

// "x,y,w,h" → four numbers.
std::array<float, 4> as_rect_text(const std::string& text) {
  std::array<float, 4> rect{};
  std::sscanf(text.c_str(), "%f,%f,%f,%f", &rect[0], &rect[1], &rect[2], &rect[3]);
  return rect;
}

std::vector<std::string> split(const std::string& text, char by) {
  std::vector<std::string> out;
  std::stringstream in(text);
  std::string part;
  while (std::getline(in, part, by)) out.push_back(part);
  return out;
}

// "clip:joint:label:bbggrr" entries of curves_series.
struct Series {
  std::string clip;
  int joint = -1;
  std::string label;
  std::array<int, 3> rgb{};
  bool hidden = false;
};

std::vector<Series> series_of(const State& v) {
  std::vector<Series> out;
  for (std::string entry : split(v.at("curves_series"), ';')) {
    Series series;
    if (!entry.empty() && entry[0] == '!') {
      series.hidden = true;
      entry.erase(0, 1);
    }
    const std::vector<std::string> parts = split(entry, ':');
    if (parts.size() != 4) continue;
    series.clip = parts[0];
    series.joint = std::stoi(parts[1]);
    series.label = parts[2];
    const unsigned long bgr = std::stoul(parts[3], nullptr, 16);
    series.rgb = {static_cast<int>(bgr & 0xFF), static_cast<int>((bgr >> 8) & 0xFF), static_cast<int>(bgr >> 16)};
    out.push_back(series);
  }
  return out;
}

std::string move_to(unsigned long window, double x, double y) {
  return "mousemove --window " + std::to_string(window) + " " + std::to_string(std::lround(x)) + " " +
         std::to_string(std::lround(y));
}

std::string centre_of(unsigned long window, const std::array<float, 4>& r) {
  return move_to(window, static_cast<double>(r[0] + r[2] / 2.0f), static_cast<double>(r[1] + r[3] / 2.0f));
}

// The read-out of curves_<plot> ("frame=F,name=value,...") as name -> value; "frame" too.
std::vector<std::pair<std::string, std::string>> readout(const State& s, const std::string& plot) {
  const std::vector<std::string> fields = split(s.at("curves_" + plot), ';');
  std::vector<std::pair<std::string, std::string>> out;
  if (fields.size() < 4) return out;
  for (const std::string& item : split(fields[3], ',')) {
    const std::size_t equals = item.find('=');
    if (equals != std::string::npos) out.emplace_back(item.substr(0, equals), item.substr(equals + 1));
  }
  return out;
}

std::string value_of(const std::vector<std::pair<std::string, std::string>>& items, const std::string& name) {
  for (const auto& [key, value] : items) {
    if (key == name) return value;
  }
  return "(missing)";
}

// The names of curves_legend's entries, in order, joined by ';'.
std::string legend_names(const State& state) {
  std::string names;
  for (const std::string& entry : split(state.at("curves_legend"), ';')) {
    if (entry.empty()) continue;
    names += (names.empty() ? "" : ";") + entry.substr(0, entry.find(':'));
  }
  return names;
}

std::array<float, 4> plot_rect(const State& s, const std::string& plot) {
  return as_rect_text(split(s.at("curves_" + plot), ';')[0]);
}

class CurveSeriesApp : public ViewerAppTest {
 protected:
  // Hovers the rotation plot at clip a's frame `frame` (the x axis counts the first series' clip,
  // a); the read-out once it is there.
  std::vector<std::pair<std::string, std::string>> hover_rotation(const ViewerProcess& app, unsigned long window,
                                                                  int frame) {
    const State before = app.state();
    const auto plot = plot_rect(before, "rotation");
    EXPECT_TRUE(xdotool(move_to(window, 5, 300)));
    app.wait_for([](const State& v) { return readout(v, "rotation").empty(); }, "no read-out");
    EXPECT_TRUE(xdotool(move_to(window, static_cast<double>(plot[0]) + frame / 99.0 * static_cast<double>(plot[2]),
                                static_cast<double>(plot[1] + plot[3] * 0.5f))));
    const State s = app.wait_for([](const State& v) { return !readout(v, "rotation").empty(); }, "a read-out");
    return readout(s, "rotation");
  }
};

TEST_F(CurveSeriesApp, APinnedJointAndEveryClipsJointArePlottedTogether) {
  TempDir dir;
  const auto a = dir.write("a.bvh", clip_text(false));
  const auto b = dir.write("b.bvh", clip_text(true));
  ViewerProcess app({"--up", "+y", a.string(), b.string()}, "window_width=1280\nwindow_height=800\n");
  const unsigned long window = window_of(app);
  app.wait_for_work([](const State& v) { return v.at("clips") == "2" && v.at("loading") == "0"; }, "both loaded");
  xdotool("key space");
  app.wait_for([](const State& v) { return v.at("playing") == "0"; }, "paused");
  xdotool("key Home");
  const State at_zero = app.wait_for([](const State& v) { return v.at("frame") == "0"; }, "frame 0");

  // Clip a's Hips clicked in the view, then pinned with the strip's pin button.
  const auto hips = joint_pixels(at_zero, "clip0_joint_pixels")[0];
  ASSERT_TRUE(xdotool(move_to(window, hips.first, hips.second) + " sleep 0.1 click 1"));
  State s = app.wait_for(
      [](const State& v) {
        return v.at("active") == "0" && v.at("selected") == "0" && v.count("curves_rotation") != 0 &&
               as_rect(v, "curves_pin_button")[2] > 0.0f;
      },
      "a's Hips selected, its curves shown");
  std::vector<Series> series = series_of(s);
  ASSERT_EQ(series.size(), 1u) << s.at("curves_series");
  const std::string clip_a = series[0].clip;
  EXPECT_EQ(series[0].label, "Hips");
  EXPECT_EQ(s.at("curve_pins"), "");
  ASSERT_TRUE(xdotool(centre_of(window, as_rect(s, "curves_pin_button")) + " sleep 0.1 click 1"));
  app.wait_for([&](const State& v) { return v.at("curve_pins") == clip_a + ":0"; }, "Hips pinned");

  // Head selected: Head first, the pinned Hips after it, each in its own colour; the position plot
  // (Hips only) and the rotation plot (both) show them.
  const auto head = joint_pixels(app.state(), "clip0_joint_pixels")[1];
  ASSERT_TRUE(xdotool(move_to(window, head.first, head.second) + " sleep 0.1 click 1"));
  s = app.wait_for([](const State& v) { return v.at("selected") == "1" && series_of(v).size() == 2; },
                   "Head selected beside the pinned Hips");
  series = series_of(s);
  EXPECT_EQ(series[0].clip, clip_a);
  EXPECT_EQ(series[0].joint, 1);
  EXPECT_EQ(series[0].label, "Head");
  EXPECT_EQ(series[1].joint, 0);
  EXPECT_EQ(series[1].label, "Hips");
  EXPECT_NE(series[0].rgb, series[1].rgb);
  // One legend over the plots: the joints, then the axes' patterns; none in the plots' titles.
  EXPECT_EQ(legend_names(s), "Head;Hips;X;Y;Z") << s.at("curves_legend");
  EXPECT_EQ(s.at("curves_rotation_legend"), "");
  ASSERT_TRUE(xdotool(move_to(window, 5, 300)));
  app.wait_for([](const State& v) { return readout(v, "rotation").empty(); }, "no read-out");
  const WindowImage image = settled_grab(window);
  EXPECT_GT(pixels_like(image, plot_rect(s, "rotation"), series[0].rgb, 24), 30) << "Head's curves";
  EXPECT_GT(pixels_like(image, plot_rect(s, "rotation"), series[1].rgb, 24), 30) << "Hips's curves";
  EXPECT_GT(pixels_like(image, plot_rect(s, "position"), series[1].rgb, 24), 30) << "Hips's positions";
  EXPECT_EQ(pixels_like(image, plot_rect(s, "position"), series[0].rgb, 24), 0) << "Head has no positions";

  // The read-out names each joint's channels with the file's values.
  auto values = hover_rotation(app, window, 40);
  int frame = std::stoi(value_of(values, "frame"));
  ASSERT_NEAR(frame, 40, 1);
  EXPECT_EQ(value_of(values, "Head Zrotation"), std::to_string(frame % 10));
  EXPECT_EQ(value_of(values, "Head Xrotation"), std::to_string(2 * (frame % 6)));
  EXPECT_EQ(value_of(values, "Head Yrotation"), std::to_string(-(frame % 4)));
  EXPECT_EQ(value_of(values, "Hips Zrotation"), "0");

  // Every clip: b's Head after a's, b's Hips after a's; b runs at twice the rate, so at a's frame
  // k it reads its own frame 2k.
  ASSERT_TRUE(xdotool(centre_of(window, as_rect(app.state(), "curves_clips_button")) + " sleep 0.1 click 1"));
  s = app.wait_for([](const State& v) { return v.at("curves_every_clip") == "1" && series_of(v).size() == 4; },
                   "every clip's Head and Hips");
  series = series_of(s);
  EXPECT_EQ(series[0].label, "Head (a.bvh)");
  EXPECT_EQ(series[1].label, "Head (b.bvh)");
  EXPECT_EQ(series[2].label, "Hips (a.bvh)");
  EXPECT_EQ(series[3].label, "Hips (b.bvh)");
  EXPECT_NE(series[1].clip, clip_a);
  values = hover_rotation(app, window, 40);
  frame = std::stoi(value_of(values, "frame"));
  EXPECT_EQ(value_of(values, "Head (a.bvh) Zrotation"), std::to_string(frame % 10));
  EXPECT_EQ(value_of(values, "Head (b.bvh) Zrotation"), std::to_string(30 + (2 * frame) % 7));
  EXPECT_EQ(value_of(values, "Head (b.bvh) Yrotation"), "5");

  // Unpinning all leaves Head over both clips: each clip's colour, the clip's name in the legend.
  ASSERT_TRUE(xdotool(centre_of(window, as_rect(app.state(), "curves_pin_button")) + " sleep 0.1 click 3"));
  s = app.wait_for([](const State& v) { return v.at("curve_pins").empty() && series_of(v).size() == 2; },
                   "unpinned: Head of both clips");
  series = series_of(s);
  EXPECT_EQ(series[0].label, "a.bvh");
  EXPECT_EQ(series[1].label, "b.bvh");
  EXPECT_EQ(series[1].joint, 1);

  // A click on b's legend entry hides b's curves: the read-out gives a's only.
  EXPECT_EQ(legend_names(s), "a.bvh;b.bvh;X;Y;Z") << s.at("curves_legend");
  const std::string& legend = s.at("curves_legend");
  const std::size_t at = legend.find("b.bvh:");
  ASSERT_NE(at, std::string::npos) << legend;
  const auto entry = as_rect_text(legend.substr(at + 6, legend.find(';', at) - at - 6));
  ASSERT_TRUE(xdotool(centre_of(window, entry) + " sleep 0.1 click 1"));
  app.wait_for([](const State& v) { return series_of(v).size() == 2 && series_of(v)[1].hidden; }, "b hidden");
  values = hover_rotation(app, window, 40);
  frame = std::stoi(value_of(values, "frame"));
  EXPECT_EQ(value_of(values, "a.bvh Zrotation"), std::to_string(frame % 10));
  EXPECT_EQ(value_of(values, "b.bvh Zrotation"), "(missing)");
}

}  // namespace
}  // namespace bvhscope::test
