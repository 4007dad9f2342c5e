// File > Export video in the real viewer (Ctrl+E): the dialog opens on the loop range and the
// view's size with the path beside the clip; Enter writes the MP4 in the background (ffprobe:
// frames and size) while the window keeps playing; Esc cancels a running export and leaves no file;
// a PNG sequence into a folder holding frames is refused without Overwrite.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "app_test_fixture.hpp"
#include "run_process.hpp"

namespace bvhscope::test {
namespace {

namespace fs = std::filesystem;

std::string probe(const fs::path& file, const std::string& entries) {
  const ProcessResult result =
      run_process({"/usr/bin/env", "ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                   entries, "-of", "default=nw=1:nk=1", file.string()});
  EXPECT_EQ(result.exit_code, 0) << file << ": " << result.err;
  std::string text = result.out;
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  return text;
}

// Every decoded frame's MD5 (ffmpeg's framemd5 lines without the header).
std::string frame_hashes(const fs::path& file) {
  const ProcessResult result =
      run_process({"/usr/bin/env", "ffmpeg", "-v", "error", "-i", file.string(), "-f", "framemd5", "-"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  std::string lines;
  std::istringstream in(result.out);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] != '#') lines += line + '\n';
  }
  EXPECT_FALSE(lines.empty());
  return lines;
}

// Enter held until the dialog has closed: ImGui 1.86 reads keys as held down at each frame, and
// xdotool's press and release can fall between two frames.
void press_enter_until(const ViewerProcess& app, const std::function<bool(const State&)>& done) {
  xdotool("keydown Return");
  app.wait_for(done, "the dialog confirmed");
  xdotool("keyup Return");
}

class VideoExportApp : public ViewerAppTest {
 protected:
  TempDir dir_;
};

TEST_F(VideoExportApp, TheDialogExportsTheLoopRangeAtTheViewsSize) {
  const fs::path clip = dir_.path() / "walk.bvh";
  std::ofstream(clip) << walking_clip(60);  // 25 fps: one output frame per clip frame
  ViewerProcess app({clip.string()});
  wait_loaded(app, clip.string());
  window_of(app);
  xdotool("key space");
  app.wait_for([](const State& s) { return s.at("playing") == "0"; }, "paused");
  xdotool("key Home");
  app.wait_for([](const State& s) { return s.at("clip_frame") == "0"; }, "frame 0");
  xdotool("key --delay 30 Right Right Right Right Right Right Right Right Right Right i");
  app.wait_for([](const State& s) { return s.at("range").rfind("10,", 0) == 0; }, "the range starting at 10");
  for (int i = 0; i < 19; ++i) xdotool("key Right");
  app.wait_for([](const State& s) { return s.at("clip_frame") == "29"; }, "frame 29");
  xdotool("key o");
  const State ranged = app.wait_for([](const State& s) { return s.at("range") == "10,29"; }, "the range 10..29");

  xdotool("key ctrl+e");
  app.wait_for([](const State& s) { return s.at("video_export_dialog") == "1" && s.at("ui_active") == "1"; },
               "the dialog, its path field taking keys");
  // The path field has the keyboard (active: no key typed before it is lost) and its text
  // selected: typing replaces it.
  const fs::path out = dir_.path() / "exported.mp4";
  xdotool("type --delay 5 '" + out.string() + "'");
  press_enter_until(app, [](const State& s) { return s.at("video_export_dialog") == "0"; });
  const State ended =
      app.wait_for([](const State& s) { return s.at("video_export") != "idle" && s.at("video_export") != "running"; },
                   "the export's end");
  ASSERT_EQ(ended.at("video_export"), "written") << ended.at("message");
  EXPECT_EQ(ended.at("message"), "Wrote 20 frames to " + out.string());
  // The view's size in pixels (no UI scaling under Xvfb), rounded down to even numbers for H.264.
  const auto view = as_rect(ranged, "view");
  EXPECT_EQ(probe(out, "stream=width"), std::to_string(static_cast<int>(view[2]) & ~1));
  EXPECT_EQ(probe(out, "stream=height"), std::to_string(static_cast<int>(view[3]) & ~1));
  EXPECT_EQ(probe(out, "stream=nb_read_frames"), "20");
  // The same engine as the command line: the same options give the same decoded frames.
  const fs::path cli = dir_.path() / "cli.mp4";
  const std::string size = probe(out, "stream=width") + "x" + probe(out, "stream=height");
  const ProcessResult rendered = run_process({"/usr/bin/env", "-u", "DISPLAY", BVHSCOPE_EXECUTABLE, "render",
                                              clip.string(), "-o", cli.string(), "--frames", "10:29", "--size", size});
  ASSERT_EQ(rendered.exit_code, 0) << rendered.err;
  EXPECT_EQ(frame_hashes(out), frame_hashes(cli));
  EXPECT_EQ(ended.at("range"), "10,29");  // the viewer's state as it was
  EXPECT_EQ(ended.at("clips"), "1");
}

TEST_F(VideoExportApp, EscapeCancelsARunningExportAndLeavesNoFile) {
  const std::string sample = (fixtures_dir() / ".." / ".." / "assets" / "sample.bvh").string();
  ViewerProcess app({sample});
  wait_loaded(app, sample);
  window_of(app);
  xdotool("key ctrl+e");
  app.wait_for([](const State& s) { return s.at("video_export_dialog") == "1" && s.at("ui_active") == "1"; },
               "the dialog, its path field taking keys");
  const fs::path out = dir_.path() / "cancelled.webm";
  xdotool("type --delay 5 '" + out.string() + "'");
  press_enter_until(app, [](const State& s) { return s.at("video_export_dialog") == "0"; });
  // 497 frames at 60 fps: a few written, and the window still playing meanwhile.
  const State started = app.wait_for(
      [](const State& s) { return s.at("video_export") == "running" && std::stoi(s.at("video_export_done")) >= 2; },
      "frames written");
  EXPECT_EQ(started.at("video_export_total"), "497");
  app.wait_for(
      [&](const State& s) { return s.at("video_export") == "running" && s.at("frame") != started.at("frame"); },
      "the window playing on during the export");
  xdotool("keydown Escape");
  app.wait_for([](const State& s) { return s.at("video_export") != "running"; }, "cancelling");
  const State ended = app.wait_for([](const State& s) { return s.at("video_export") != "cancelling"; }, "the end");
  xdotool("keyup Escape");
  EXPECT_EQ(ended.at("video_export"), "cancelled");
  EXPECT_EQ(ended.at("message"), "Video export cancelled; nothing was written to " + out.string());
  EXPECT_TRUE(fs::is_empty(dir_.path())) << "a file was left in " << dir_.path();
}

TEST_F(VideoExportApp, AFolderHoldingFramesIsRefusedWithoutOverwrite) {
  const fs::path clip = dir_.path() / "walk.bvh";
  std::ofstream(clip) << walking_clip(60);
  const fs::path folder = dir_.path() / "frames";
  fs::create_directories(folder);
  for (const char* name : {"frame_00000.png", "frame_00001.png", "frame_00002.png", "notes.txt"})
    std::ofstream(folder / name) << "old";
  ViewerProcess app({clip.string()});
  wait_loaded(app, clip.string());
  window_of(app);
  xdotool("key ctrl+e");
  app.wait_for([](const State& s) { return s.at("video_export_dialog") == "1" && s.at("ui_active") == "1"; },
               "the dialog, its path field taking keys");
  const std::string target = folder.string() + "/";
  xdotool("type --delay 5 '" + target + "'");
  press_enter_until(app, [](const State& s) { return s.at("video_export_dialog") == "0"; });
  const State refused =
      app.wait_for([&](const State& s) { return s.at("message").find(target) != std::string::npos; }, "the message");
  EXPECT_EQ(refused.at("message"), target +
                                       " already holds 3 frames (frame_*.png) of an earlier render: tick Overwrite to "
                                       "replace them, or choose another folder; nothing was written");
  EXPECT_EQ(refused.at("video_export"), "idle");
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(folder)) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"frame_00000.png", "frame_00001.png", "frame_00002.png", "notes.txt"}));
  EXPECT_EQ(read_file(folder / "frame_00000.png"), "old");
}

}  // namespace
}  // namespace bvhscope::test
