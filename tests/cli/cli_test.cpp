// The bvhscope executable end to end: the exact output, streams and exit codes of each subcommand.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdlib>

#include "bvh_builder.hpp"
#include "run_process.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

using test::run_bvhscope;

std::string fixture(const std::string& name) { return (test::fixtures_dir() / name).string(); }

TEST(Cli, HelpAndVersion) {
  const auto help = run_bvhscope({"--help"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("bvhscope info FILE|DIR... [--json] [--position-mode auto|add|replace]"), std::string::npos);
  EXPECT_NE(help.out.find("'Frame Time: 0': played at 30 frames per second"), std::string::npos);
  EXPECT_EQ(help.err, "");
  const auto version = run_bvhscope({"--version"});
  EXPECT_EQ(version.exit_code, 0);
  EXPECT_EQ(version.out, "bvhscope 0.1.0\n");
}

// `bvhscope COMMAND --help` prints that command's entries of --help and runs nothing.
TEST(Cli, ACommandsHelpShowsItsOwnUsage) {
  const auto info = run_bvhscope({"info", "--help"});
  EXPECT_EQ(info.exit_code, 0);
  EXPECT_EQ(info.err, "");
  EXPECT_EQ(info.out,
            "  bvhscope info FILE|DIR... [--json] [--position-mode auto|add|replace] [--up AXIS] [--motion K]\n"
            "                 [--source-fps N] [--jobs N] [--recursive]\n"
            "                 [--key NAME] [--skeleton FILE] [--mean M.npy --std S.npy]\n"
            "                                summary (position mode, up axis, size, unit guess, floor,\n"
            "                                each with its reason), warnings and the joint hierarchy; of\n"
            "                                several files or a folder, one line each (--help: Many files)\n"
            "\n"
            "bvhscope --help shows every command, the viewer's keys and what each message means.\n");
  // Every entry of a command with several (render: a still, a video, a batch), and none of another's.
  const auto render = run_bvhscope({"render", "missing.bvh", "-o", "x.png", "-h"});
  EXPECT_EQ(render.exit_code, 0);
  EXPECT_NE(render.out.find("bvhscope render FILE... -o OUT.png"), std::string::npos);
  EXPECT_NE(render.out.find("bvhscope render FILE... --each -o OUTDIR/"), std::string::npos);
  EXPECT_EQ(render.out.find("bvhscope thumbnail"), std::string::npos);
  EXPECT_EQ(render.out.find("Viewer:"), std::string::npos);
  for (const char* command : {"export", "convert", "metrics", "compare", "lint", "thumbnail"}) {
    const auto help = run_bvhscope({command, "--help"});
    EXPECT_EQ(help.exit_code, 0) << command;
    EXPECT_EQ(help.out.rfind(std::string("  bvhscope ") + command + ' ', 0), 0u) << help.out;
  }
}

TEST(Cli, BadUsageExitsWithTwo) {
  const auto unknown = run_bvhscope({"--bogus"});
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_EQ(unknown.err, "bvhscope: unknown option '--bogus'\nTry 'bvhscope --help'.\n");
  const auto no_file = run_bvhscope({"info"});
  EXPECT_EQ(no_file.exit_code, 2);
  EXPECT_EQ(no_file.err, "bvhscope: info: expected a FILE, several, or a folder\nTry 'bvhscope --help'.\n");
  const auto bad_mode = run_bvhscope({"export", fixture("two_joints.bvh"), "--position-mode", "sideways"});
  EXPECT_EQ(bad_mode.exit_code, 2);
  EXPECT_EQ(bad_mode.err,
            "bvhscope: export: --position-mode must be auto, add or replace, not 'sideways'\nTry 'bvhscope --help'.\n");
  const auto bad_option = run_bvhscope({"info", fixture("two_joints.bvh"), "--jsn"});
  EXPECT_EQ(bad_option.exit_code, 2);
  EXPECT_EQ(bad_option.err, "bvhscope: info: unknown option '--jsn'\nTry 'bvhscope --help'.\n");
  EXPECT_EQ(run_bvhscope({"export", fixture("two_joints.bvh"), "-o"}).exit_code, 2);
}

TEST(Cli, MetricsMeasureAFootSlidingOnTheFloor) {
  // The foot's End Site touches the floor while the root moves 2 cm a frame of 40 ms: 0.5 m/s.
  test::TempDir dir;
  const std::string text = test::BvhBuilder()
                               .root("Hips", {0, 0, 0}, "Xposition Yposition Zposition")
                               .joint("LeftFoot", "Hips", {0, -90, 0}, test::kRotationsZXY)
                               .end_site("LeftFoot", {0, -10, 0})
                               .frame_time(0.04)
                               .frames(5, [](int f) { return test::BvhBuilder::Row{2.0 * f, 100, 0, 0, 0, 0}; })
                               .text();
  const std::string path = dir.write("slide.bvh", text).string();
  const auto result = run_bvhscope({"metrics", path, "--units", "cm"});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.err, "");
  EXPECT_EQ(result.out, "file: " + path +
                            "\n"
                            "frames: 5 at 25.000 fps; 0.010000 m per file unit\n"
                            "feet: 1 (named foot, toe or ankle) LeftFootEnd\n"
                            "contact: 100.0 % of frames with a foot on the floor\n"
                            "foot skating: 0.5000 m/s in contact; 100.0 % of contact frames skate\n"
                            "  LeftFootEnd: 4 contact frames, 0.5000 m/s, 4 skating\n"
                            "jitter: 0.00 m/s^3 mean jerk\n"
                            "lowest point: 0.0000 m above the floor on average; floating 0.0 % of frames\n"
                            "penetration: 0.0 % of frames, mean depth 0.0000 m, deepest 0.0000 m\n"
                            "bone-length drift: 0.00 %\n"
                            "root: 0.080 m travelled, 0.500 m/s\n");
  const auto json = run_bvhscope({"metrics", path, "--units", "cm", "--json"});
  EXPECT_EQ(json.exit_code, 0);
  EXPECT_NE(json.out.find("\"skating_share\":1,"), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"contact_frames\":4,"), std::string::npos) << json.out;
  EXPECT_EQ(run_bvhscope({"metrics", path, "--units", "furlongs"}).exit_code, 2);
  EXPECT_EQ(run_bvhscope({"metrics"}).exit_code, 2);
}

TEST(Cli, InfoPrintsTheSummaryAndHierarchy) {
  const std::string path = fixture("two_joints.bvh");
  const auto result = run_bvhscope({"info", path});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.err, "");
  EXPECT_EQ(result.out,
            "file:            " + path +
                "\n"
                "roots:           1\n"
                "joints:          2 (+1 End Site)\n"
                "channels:        9\n"
                "frames:          2\n"
                "frame time:      0.5 s (2.000 fps)\n"
                "duration:        0.500 s\n"
                "rotation orders: ZXY x2\n"
                "position mode:   add (auto: every position channel sits on a zero OFFSET: add and replace agree)\n"
                "up axis:         +y (auto: too few joints to tell a figure's up: +y assumed)\n"
                "height:          15.000 (the rest pose's extent along the up axis)\n"
                "extent:          15.000 (the rest pose's largest extent)\n"
                "unit guess:      unknown (too few joints (2) for a human size to compare with)\n"
                "floor:           2.000 above the origin along the up axis (the lowest point of the body over 2 "
                "sampled frames)\n"
                "warnings:        0\n"
                "\n"
                "hierarchy:\n"
                "Hips  [Xposition Yposition Zposition Zrotation Xrotation Yrotation]\n"
                "  Chest  [Zrotation Xrotation Yrotation]\n"
                "    ChestEnd  (End Site)\n");
}

TEST(Cli, InfoJsonFollowsTheContract) {
  const std::string path = fixture("with_warnings.bvh");
  const auto result = run_bvhscope({"info", path, "--json", "--position-mode", "replace"});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(
      result.out,
      "{\"file\":\"" + path +
          "\",\"frames\":1,\"frame_time\":0,\"channels\":9,\"position_mode\":\"replace\","
          "\"position_mode_reason\":\"chosen by the user\",\"position_mode_certain\":true,"
          "\"height\":15,\"height_reason\":\"the rest pose's extent "
          "along the up axis\",\"extent\":15,\"extent_reason\":\"the rest pose's largest extent\","
          "\"unit_guess\":\"unknown\",\"unit_reason\":\"too few joints (2) for a human size to compare with\","
          "\"up_axis\":\"+y\",\"up_axis_reason\":\"too few joints to tell a figure's up: +y assumed\","
          "\"up_axis_certain\":false,\"floor\":2,\"floor_reason\":\"the lowest point of the body in its one frame\","
          "\"detached_joints\":0,\"roots\":[0],"
          "\"joints\":["
          "{\"name\":\"Hips\",\"parent\":-1,\"offset\":[0,0,0],\"channels\":[\"Xposition\",\"Yposition\","
          "\"Zposition\",\"Zrotation\",\"Xrotation\",\"Yrotation\"],\"end_site\":false},"
          "{\"name\":\"Chest\",\"parent\":0,\"offset\":[0,10,0],\"channels\":[\"Zrotation\",\"Xrotation\","
          "\"Yrotation\"],\"end_site\":false},"
          "{\"name\":\"ChestEnd\",\"parent\":1,\"offset\":[0,5,0],\"channels\":[],\"end_site\":true}],"
          "\"meshes\":[],\"format\":\"BVH\",\"motion\":0,\"motions\":[{\"name\":\"\",\"frames\":1,\"fps\":30}],"
          "\"warnings\":["
          "{\"line\":18,\"column\":13,\"message\":\"frame time is 0; playing at 30 frames per second\"},"
          "{\"line\":20,\"column\":1,\"message\":\"1 more frame line than 'Frames: 1'; ignored\"}]}\n");
  EXPECT_EQ(result.err, path + ":18:13: warning: frame time is 0; playing at 30 frames per second\n" + path +
                            ":20:1: warning: 1 more frame line than 'Frames: 1'; ignored\n");
}

TEST(Cli, BadInputExitsWithOneAndALocatedError) {
  const std::string path = fixture("negative_frames.bvh");
  const auto result = run_bvhscope({"info", path});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(result.err, path + ":17:9: error: negative frame count '-2'\n");
  const auto exported = run_bvhscope({"export", path});
  EXPECT_EQ(exported.exit_code, 1);
  EXPECT_EQ(exported.out, "");
}

TEST(Cli, UnreadablePathsAreExplained) {
  const auto missing = run_bvhscope({"info", "/nonexistent/walk.bvh"});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_EQ(missing.err, "/nonexistent/walk.bvh: error: cannot open: No such file or directory\n");
  // A folder is a batch for info, lint, metrics, export and convert (batch_cli_test.cpp); a still
  // render of one wants a file.
  const auto directory = run_bvhscope({"render", test::fixtures_dir().string(), "-o", "/nonexistent/x.png"});
  EXPECT_EQ(directory.exit_code, 1);
  EXPECT_EQ(directory.err, test::fixtures_dir().string() + ": error: cannot open a directory, expected a .bvh file\n");
  const auto device = run_bvhscope({"info", "/dev/zero"});
  EXPECT_EQ(device.exit_code, 1);
  EXPECT_EQ(device.err, "/dev/zero: error: cannot open a device, expected a .bvh file\n");
}

TEST(Cli, ExportWritesPositionsToStdoutOrAFile) {
  const std::string expected =
      "Time,Hips.X,Hips.Y,Hips.Z,Chest.X,Chest.Y,Chest.Z,ChestEnd.X,ChestEnd.Y,ChestEnd.Z\n"
      "0,1,2,3,1,12,3,1,17,3\n"
      "0.5,4,5,6,-6,5,6,-11,5,6\n";
  const auto to_stdout = run_bvhscope({"export", fixture("two_joints.bvh")});
  EXPECT_EQ(to_stdout.exit_code, 0);
  EXPECT_EQ(to_stdout.out, expected);

  const auto dir = std::filesystem::temp_directory_path() / ("bvhscope-export-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto csv = dir / "out put.csv";
  const auto rotations = dir / "rot.csv";
  const auto to_file =
      run_bvhscope({"export", fixture("two_joints.bvh"), "-o", csv.string(), "--rotations", rotations.string()});
  EXPECT_EQ(to_file.exit_code, 0);
  EXPECT_EQ(to_file.out, "");
  EXPECT_EQ(test::read_file(csv), expected);
  EXPECT_EQ(test::read_file(rotations),
            "Time,Hips.Z,Hips.X,Hips.Y,Chest.Z,Chest.X,Chest.Y\n0,0,0,0,0,0,0\n0.5,90,0,0,0,0,0\n");
  const auto unwritable = run_bvhscope({"export", fixture("two_joints.bvh"), "-o", (dir / "no/such/dir.csv").string()});
  EXPECT_EQ(unwritable.exit_code, 1);
  EXPECT_EQ(unwritable.err, (dir / "no/such/dir.csv").string() + ": error: cannot create a file in " +
                                (dir / "no/such").string() + ": No such file or directory\n");
  std::filesystem::remove_all(dir);
}

// --up +z turns (x, y, z) into (x, z, -y); auto on a 2-joint fixture assumes +y (the file as is);
// without --up the file's coordinates are kept.
TEST(Cli, ExportWithUpTurnsThePositionsUpright) {
  EXPECT_EQ(run_bvhscope({"export", fixture("two_joints.bvh"), "--up", "+z"}).out,
            "Time,Hips.X,Hips.Y,Hips.Z,Chest.X,Chest.Y,Chest.Z,ChestEnd.X,ChestEnd.Y,ChestEnd.Z\n"
            "0,1,3,-2,1,3,-12,1,3,-17\n"
            "0.5,4,6,-5,-6,6,-5,-11,6,-5\n");
  EXPECT_EQ(run_bvhscope({"export", fixture("two_joints.bvh"), "--up", "auto"}).out,
            run_bvhscope({"export", fixture("two_joints.bvh")}).out);
  // "Z" is +z as people write it.
  EXPECT_EQ(run_bvhscope({"export", fixture("two_joints.bvh"), "--up", "Z"}).out,
            run_bvhscope({"export", fixture("two_joints.bvh"), "--up", "+z"}).out);
  const auto bad = run_bvhscope({"export", fixture("two_joints.bvh"), "--up", "w"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.err,
            "bvhscope: export: --up must be auto, +x, -x, +y, -y, +z or -z, not 'w'\nTry 'bvhscope --help'.\n");
}

TEST(Cli, InfoReportsTheUpAxisAndTheUsersChoice) {
  const std::string lying = (test::corpus_dir() / "rgbdacq__makehuman.bvh").string();
  const auto detected = run_bvhscope({"info", lying, "--json"});
  ASSERT_EQ(detected.exit_code, 0) << detected.err;
  EXPECT_NE(detected.out.find("\"up_axis\":\"+z\",\"up_axis_reason\":\"+z up: the head is above the feet in 100% of "
                              "the frames;"),
            std::string::npos)
      << detected.out.substr(0, 800);
  const auto chosen = run_bvhscope({"info", lying, "--up=-x"});
  EXPECT_NE(chosen.out.find("up axis:         -x (chosen by the user)\n"), std::string::npos)
      << chosen.out.substr(0, 800);
  const auto bad = run_bvhscope({"info", lying, "--up", "up"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.err, "bvhscope: info: --up must be auto, +x, -x, +y, -y, +z or -z, not 'up'\nTry 'bvhscope --help'.\n");
  const auto viewer = run_bvhscope({"--up", "sideways", lying});
  EXPECT_EQ(viewer.exit_code, 2);
  EXPECT_EQ(viewer.err,
            "bvhscope: --up must be auto, +x, -x, +y, -y, +z or -z, not 'sideways'\nTry 'bvhscope --help'.\n");
}

TEST(Cli, ExportHonoursThePositionMode) {
  test::TempDir dir;
  const std::string path =
      dir.write("offset.bvh", test::BvhBuilder().root("R", {10, 20, 30}, "Yposition").frame_time(0.1).frame({5}).text())
          .string();
  EXPECT_EQ(run_bvhscope({"export", path, "--position-mode=add"}).out, "Time,R.X,R.Y,R.Z\n0,10,25,30\n");
  EXPECT_EQ(run_bvhscope({"export", path, "--position-mode", "replace"}).out, "Time,R.X,R.Y,R.Z\n0,10,5,30\n");
}

TEST(Cli, AFailedWriteIsAnErrorNotASilentlyShortFile) {
  for (const char* command : {"export", "info"}) {
    const std::string shell = test::shell_quote(BVHSCOPE_EXECUTABLE) + " " + command + " " +
                              test::shell_quote(fixture("two_joints.bvh")) + " >/dev/full 2>/dev/null";
    const int status = std::system(shell.c_str());
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 1) << command;
  }
}

// Every command that writes to standard output checks it at the end: a full disk or a closed
// descriptor is exit status 1 with the system's reason, never 0 with the output lost.
TEST(Cli, EveryCommandWritingStandardOutputSaysWhenItCouldNotBeWritten) {
  const std::string file = test::shell_quote(fixture("two_joints.bvh"));
  const std::vector<std::string> commands = {
      "--help", "--version", "info " + file, "info --json " + file, "export " + file, "export -o - " + file};
  for (const std::string& command : commands) {
    for (const auto& [redirect, reason] : {std::pair<std::string, std::string>{">/dev/full", "No space left on device"},
                                           {">&-", "Bad file descriptor"}}) {
      const auto result =
          test::run_process({"/bin/sh", "-c", test::shell_quote(BVHSCOPE_EXECUTABLE) + " " + command + " " + redirect});
      EXPECT_EQ(result.exit_code, 1) << command << " " << redirect;
      EXPECT_EQ(result.err, "bvhscope: error: cannot write the output: " + reason + "\n") << command << " " << redirect;
    }
  }
  // The same commands with somewhere to write succeed.
  for (const std::string& command : commands) {
    const auto result = test::run_process({"/bin/sh", "-c", test::shell_quote(BVHSCOPE_EXECUTABLE) + " " + command});
    EXPECT_EQ(result.exit_code, 0) << command << ": " << result.err;
    EXPECT_FALSE(result.out.empty()) << command;
  }
}

// A file under /proc says its size is 0 but holds text: it is read, and refused as what it is.
TEST(Cli, ProcfsFilesAreReadNotTakenForEmpty) {
  const auto result = run_bvhscope({"info", "/proc/self/status"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(
      result.err,
      "/proc/self/status:1:1: error: not a motion file bvhscope reads: found 'Name:'; known formats: BVH (.bvh, "
      "starts with HIERARCHY); NumPy array (.npy, joint positions, starts with \\x93NUMPY); NumPy archive (.npz, "
      "arrays of joint positions, a ZIP archive of .npy files); glTF (.glb, .gltf, starts with glTF, or JSON with "
      "an asset); FBX (.fbx, binary or ASCII FBX 7.x)\n");
  const auto exported = run_bvhscope({"export", "/proc/self/status"});
  EXPECT_EQ(exported.exit_code, 1);
  EXPECT_EQ(exported.out, "");
}

// Names from the file never reach the terminal or a CSV raw: control characters are escaped
// (\x1b in text and CSV, \u001b in JSON), UTF-8 names are kept.
TEST(Cli, NamesFromTheFileArePrintedSafely) {
  test::TempDir dir;
  const std::string hostile = "Chest\x1b]0;PWNED\a\x1b[31m";
  const std::string shown = "Chest\\x1b]0;PWNED\\x07\\x1b[31m";
  std::string text(test::kTwoJoints);
  text.replace(text.find("JOINT Chest"), 11, "JOINT " + hostile);
  text.replace(text.find("ROOT Hips"), 9,
               "ROOT H\xc3\xbc"
               "fte\xc2\x9b");
  const std::string path = dir.write("hostile.bvh", text).string();

  const auto info = run_bvhscope({"info", path});
  EXPECT_EQ(info.exit_code, 0) << info.err;
  EXPECT_NE(info.out.find("\nH\xc3\xbc"
                          "fte\\xc2\\x9b  [Xposition"),
            std::string::npos)
      << info.out;
  EXPECT_NE(info.out.find("\n  " + shown + "  [Zrotation Xrotation Yrotation]\n    " + shown + "End  (End Site)\n"),
            std::string::npos)
      << info.out;

  const auto json = run_bvhscope({"info", "--json", path});
  EXPECT_EQ(json.exit_code, 0) << json.err;
  EXPECT_NE(json.out.find("\"name\":\"H\xc3\xbc"
                          "fte\\u009b\""),
            std::string::npos)
      << json.out;
  EXPECT_NE(json.out.find("\"name\":\"Chest\\u001b]0;PWNED\\u0007\\u001b[31m\""), std::string::npos) << json.out;

  const auto exported = run_bvhscope({"export", path, "--rotations", (dir.path() / "rot.csv").string()});
  EXPECT_EQ(exported.exit_code, 0) << exported.err;
  EXPECT_NE(exported.out.find("," + shown + ".X," + shown + ".Y," + shown + ".Z,"), std::string::npos) << exported.out;
  EXPECT_NE(test::read_file(dir.path() / "rot.csv").find("," + shown + ".Z,"), std::string::npos);

  // Messages quote names escaped too (a bad value in the hostile joint's channel, a duplicate name).
  std::string bad = text;
  bad.replace(bad.find("1 2 3 0 0 0 0 0 0"), 17, "1 2 3 0 0 0 x 0 0");
  const auto refused = run_bvhscope({"info", dir.write("bad.bvh", bad).string()});
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_EQ(refused.err, (dir.path() / "bad.bvh").string() +
                             ":19:13: error: expected a number, found 'x' in frame 1, " + "channel 7 (" + shown +
                             " Zrotation)\n");
  for (const auto* result : {&info, &json, &exported, &refused}) {
    EXPECT_EQ(result->out.find_first_of("\x1b\a"), std::string::npos);
    EXPECT_EQ(result->err.find_first_of("\x1b\a"), std::string::npos);
  }
}

// A NUL byte anywhere (here in a joint named past the first 4 KiB) refuses the file, located.
TEST(Cli, ANulByteAnywhereIsRefusedWithItsLocation) {
  test::TempDir dir;
  std::string text(test::kTwoJoints);
  text.replace(text.find("ROOT Hips"), 9, "ROOT " + std::string(4090, 'H'));
  text.replace(text.find("JOINT Chest"), 11, std::string("JOINT Ch\0est", 12));
  const std::string path = dir.write("nul.bvh", text).string();
  for (const char* command : {"info", "export"}) {
    const auto result = run_bvhscope({command, path});
    EXPECT_EQ(result.exit_code, 1) << command;
    EXPECT_EQ(result.out, "") << command;
    EXPECT_EQ(result.err, path + ":6:11: error: binary data (a NUL byte) in the file: not a BVH text file\n")
        << command;
  }
}

TEST(Cli, ExtremeFrameTimesPrintCleanly) {
  test::TempDir dir;
  std::string text(test::kTwoJoints);
  text.replace(text.find("Frame Time: 0.5"), 15, "Frame Time: 1e-300");
  const auto result = run_bvhscope({"info", dir.write("fast.bvh", text).string()});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_NE(result.out.find("frame time:      1e-300 s (30.000 fps used for playback)\n"), std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("duration:        0.033 s\n"), std::string::npos) << result.out;
  EXPECT_NE(
      result.err.find(":18:13: warning: frame time 1e-300 s is outside 1e-6 s to 1 hour; playing at 30 frames per "
                      "second\n"),
      std::string::npos)
      << result.err;
}

TEST(Cli, JsonIsValidUtf8WhateverTheNamesAre) {
  test::TempDir dir;
  std::string text(test::kTwoJoints);
  text.replace(text.find("JOINT Chest"), 11, "JOINT Caf\xe9 \xc3\xa9\"\x01");
  const auto result = run_bvhscope({"info", "--json", dir.write("latin1.bvh", text).string()});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_NE(result.out.find("\"name\":\"Caf\\ufffd \xc3\xa9\\\"\\u0001\""), std::string::npos) << result.out;
}

}  // namespace
}  // namespace bvhscope
