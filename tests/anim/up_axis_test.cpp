// Up axes: the rotations that stand a clip upright, and the detection from the motion, checked on
// every corpus file turned into every up axis (an exact rewrite, see turned_bvh.hpp).
#include <gtest/gtest.h>

#include <map>

#include "anim/clip_analysis.hpp"
#include "anim/figure_sample.hpp"
#include "anim/pose.hpp"
#include "anim/up_axis_detection.hpp"
#include "bvh_builder.hpp"
#include "test_support.hpp"
#include "turned_bvh.hpp"

namespace bvhscope {
namespace {

// The corpus files' true up, as seen by a person (four lie on the floor in a +Y viewer); files
// whose motion cannot tell (a 2-, 3- or 4-joint fixture, a lone hand) are left out.
const std::map<std::string, UpAxis>& corpus_up() {
  static const std::map<std::string, UpAxis> up = {
      {"20tab__test_freebvh.bvh", UpAxis::PosY},
      {"20tab__test_mocapbank.bvh", UpAxis::PosY},
      {"assimp__01_01.bvh", UpAxis::PosY},
      {"assimp__Boxing_Toes.bvh", UpAxis::PosY},
      {"bandai1__dataset-1_dash_normal_001.bvh", UpAxis::PosY},
      {"bandai2__dataset-2_wave-left-hand_active_011.bvh", UpAxis::PosY},
      {"bvh11__131_01.bvh", UpAxis::PosY},
      {"creativeinquiry__05_20-daz.bvh", UpAxis::PosY},
      {"edin-m__0008_ChaCha001.bvh", UpAxis::PosY},
      {"edin-m__walk1.bvh", UpAxis::PosY},
      {"pybvh__bvh_example.bvh", UpAxis::PosZ},
      {"pybvh__bvh_test2.bvh", UpAxis::PosY},
      {"pybvh__bvh_test3.bvh", UpAxis::PosZ},
      {"pymo__AV_8Walk_Meredith_HVHA_Rep1.bvh", UpAxis::PosY},
      {"rgbdacq__02_03.bvh", UpAxis::PosY},
      {"rgbdacq__102_01cc.bvh", UpAxis::PosY},
      {"rgbdacq__blenderHeaderWithHeadAndOneMotion.bvh", UpAxis::PosZ},
      {"rgbdacq__example.bvh", UpAxis::PosY},
      {"rgbdacq__makehuman.bvh", UpAxis::PosZ},
  };
  return up;
}

UpAxisDecision detect(const Clip& clip) {
  const PositionMode mode = decide_position_mode(clip, PositionModeRequest::Auto).mode;
  return decide_up_axis(clip, sample_figure(clip, mode), UpAxisRequest{});
}

TEST(UpAxis, EachRotationTakesItsAxisToPlusYExactly) {
  for (const UpAxis axis : kAllUpAxes) {
    const glm::mat3 r = rotation_to_y_up(axis);
    EXPECT_EQ(r * up_axis_vector(axis), glm::vec3(0.0f, 1.0f, 0.0f)) << up_axis_name(axis);
    EXPECT_EQ(glm::determinant(r), 1.0f) << up_axis_name(axis);  // a rotation, not a mirror
  }
  // Blender's convention for +Z up: (x, y, z) -> (x, z, -y).
  EXPECT_EQ(rotation_to_y_up(UpAxis::PosZ) * glm::vec3(1, 2, 3), glm::vec3(1, 3, -2));
  EXPECT_EQ(rotation_to_y_up(UpAxis::PosY), glm::mat3(1.0f));
}

TEST(UpAxis, NamesAndRequestsRoundTrip) {
  for (const UpAxis axis : kAllUpAxes) EXPECT_EQ(parse_up_axis_request(up_axis_name(axis))->axis, axis);
  EXPECT_EQ(up_axis_name(UpAxis::NegZ), "-z");
  EXPECT_FALSE(parse_up_axis_request("auto")->axis.has_value());
  // An axis without a sign points up, in either case: "Z-up" as exporters say it.
  EXPECT_EQ(parse_up_axis_request("z")->axis, UpAxis::PosZ);
  EXPECT_EQ(parse_up_axis_request("Z")->axis, UpAxis::PosZ);
  EXPECT_EQ(parse_up_axis_request("+Z")->axis, UpAxis::PosZ);
  EXPECT_EQ(parse_up_axis_request("-X")->axis, UpAxis::NegX);
  EXPECT_EQ(parse_up_axis_request("y")->axis, UpAxis::PosY);
  EXPECT_FALSE(parse_up_axis_request("w").has_value());
  EXPECT_FALSE(parse_up_axis_request("+").has_value());
  EXPECT_FALSE(parse_up_axis_request("").has_value());
  EXPECT_FALSE(parse_up_axis_request("zz").has_value());
  EXPECT_FALSE(parse_up_axis_request("+-z").has_value());
}

TEST(UpAxis, TheTurnedFilePosesEveryJointTurned) {
  const Clip clip = test::parse_ok(test::read_file(test::corpus_dir() / "pybvh__bvh_example.bvh"));
  const glm::mat3 q = rotation_to_y_up(UpAxis::NegX);
  const Clip turned = test::parse_ok(test::turned_bvh(clip, q));
  Pose a;
  Pose b;
  for (const std::size_t frame : {std::size_t{0}, std::size_t{40}}) {
    pose_frame(clip, frame, PositionMode::Add, a);
    pose_frame(turned, frame, PositionMode::Add, b);
    for (int j = 0; j < clip.skeleton.joint_count(); ++j) {
      const glm::vec3 expected = q * a.position(j);
      for (int axis = 0; axis < 3; ++axis) EXPECT_NEAR(b.position(j)[axis], expected[axis], 1e-3f) << j;
    }
  }
}

// Every corpus file, turned so its true up becomes each of the six axes, is detected as such.
TEST(UpAxis, EveryCorpusFileTurnedIntoEveryAxisIsDetected) {
  int checked = 0;
  for (const auto& path : test::corpus_files()) {
    const auto known = corpus_up().find(path.filename().string());
    if (known == corpus_up().end()) continue;
    const Clip clip = test::parse_ok(test::read_file(path), path.filename().string());
    EXPECT_EQ(detect(clip).axis, known->second) << path.filename() << ": " << detect(clip).reason;
    for (const UpAxis target : kAllUpAxes) {
      // Q takes the file's up to +Y, then +Y to the target.
      const glm::mat3 q = glm::transpose(rotation_to_y_up(target)) * rotation_to_y_up(known->second);
      const Clip turned = test::parse_ok(test::turned_bvh(clip, q));
      const UpAxisDecision decision = detect(turned);
      EXPECT_EQ(decision.axis, target) << path.filename() << " turned to " << up_axis_name(target) << ": "
                                       << decision.reason;
      EXPECT_TRUE(decision.certain) << path.filename() << " turned to " << up_axis_name(target) << ": "
                                    << decision.reason;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 19 * 6);
}

TEST(UpAxis, WithoutNamesTheMotionStillTells) {
  // Joint names replaced by J0, J1, ...: the floor, the limbs and the extents decide alone.
  for (const char* name : {"assimp__01_01.bvh", "edin-m__walk1.bvh", "bandai1__dataset-1_dash_normal_001.bvh"}) {
    Clip clip = test::parse_ok(test::read_file(test::corpus_dir() / name));
    for (std::size_t j = 0; j < clip.skeleton.names.size(); ++j) clip.skeleton.names[j] = "J" + std::to_string(j);
    for (const UpAxis target : {UpAxis::PosZ, UpAxis::NegY, UpAxis::PosX}) {
      const Clip turned = test::parse_ok(test::turned_bvh(clip, glm::transpose(rotation_to_y_up(target))));
      EXPECT_EQ(detect(turned).axis, target)
          << name << " turned to " << up_axis_name(target) << ": " << detect(turned).reason;
    }
  }
}

// As in pybvh__bvh_test3 and Rokoko files: the rest pose stands along +Y, but a root rotation of
// 90 degrees about X in every frame lays the motion along +Z. The motion decides.
TEST(UpAxis, TheMotionDecidesNotTheRestPose) {
  for (const char* name : {"edin-m__walk1.bvh", "bandai1__dataset-1_dash_normal_001.bvh", "rgbdacq__02_03.bvh"}) {
    const Clip clip = test::parse_ok(test::read_file(test::corpus_dir() / name));
    std::string text = test::turned_bvh(clip, glm::mat3(1.0f));
    text.replace(text.find("ROOT "), 5, "ROOT Turn\n{\nOFFSET 0 0 0\nCHANNELS 3 Xrotation Yrotation Zrotation\nJOINT ");
    text.insert(text.find("MOTION"), "}\n");
    std::size_t line = text.find('\n', text.find("Frame Time:")) + 1;
    while (line < text.size()) {
      text.insert(line, "90 0 0 ");
      line = text.find('\n', line) + 1;
    }
    const Clip turned = test::parse_ok(text);
    EXPECT_EQ(detect(turned).axis, UpAxis::PosZ) << name << ": " << detect(turned).reason;
  }
}

// A Truebones-style crab in centimetres, +Y up: a carapace 8 cm above the floor, eight legs
// splayed sideways and fore and aft (arching up, then down to the floor), two claws forward, two
// eye stalks up; it scuttles sideways along X, lifting alternate legs. Wider and deeper than tall.
std::string crab_bvh() {
  test::BvhBuilder crab;
  crab.root("Body", {0, 0, 0}, test::kPositionsZXY);
  const double fore_aft[4] = {1.2, 0.4, -0.4, -1.2};
  const double along[4] = {4.5, 1.5, -1.5, -4.5};
  for (const double side : {1.0, -1.0}) {
    const std::string s = side > 0 ? "L" : "R";
    crab.joint("Eye_" + s, "Body", {1.5 * side, 2, 5}, test::kRotationsZXY).end_site("Eye_" + s, {0, 2, 0});
    crab.joint("Claw_" + s, "Body", {3 * side, -1, 6}, test::kRotationsZXY)
        .joint("Pincer_" + s, "Claw_" + s, {2 * side, -1, 8}, test::kRotationsZXY)
        .end_site("Pincer_" + s, {0, 0, 6});
    for (int k = 0; k < 4; ++k) {
      const std::string leg = "Leg" + std::to_string(k + 1) + "_" + s;
      crab.joint(leg + "_1", "Body", {4 * side, 0, along[k]}, test::kRotationsZXY)
          .joint(leg + "_2", leg + "_1", {6 * side, 3, 4 * fore_aft[k]}, test::kRotationsZXY)
          .joint(leg + "_3", leg + "_2", {6 * side, -4, 4 * fore_aft[k]}, test::kRotationsZXY)
          .end_site(leg + "_3", {4 * side, -7, 3 * fore_aft[k]});
    }
  }
  crab.frame_time(0.04).frames(60, [](int f) {
    test::BvhBuilder::Row row = {1.5 * f, 8, 0, 0, 0, 0};
    for (const int side : {1, -1}) {
      row.insert(row.end(), 9, 0.0);  // eye, claw, pincer
      for (int k = 0; k < 4; ++k) {
        // Alternate legs lift (a rotation about the body's long axis Z), the others stay down.
        const double lift = ((k + f / 5 + (side > 0 ? 0 : 1)) % 2 == 0) ? 12.0 * side : 0.0;
        row.push_back(lift);
        row.insert(row.end(), 8, 0.0);
      }
    }
    return row;
  });
  return crab.text();
}

TEST(UpAxis, ACrabStandsOnItsLegs) {
  const Clip crab = test::parse_ok(crab_bvh(), "crab.bvh");
  const UpAxisDecision decision = detect(crab);
  EXPECT_EQ(decision.axis, UpAxis::PosY) << decision.reason;
  EXPECT_TRUE(decision.certain) << decision.reason;
  // Turned to lie along another axis, the legs still tell.
  for (const UpAxis target : {UpAxis::PosZ, UpAxis::NegX}) {
    const Clip turned = test::parse_ok(test::turned_bvh(crab, glm::transpose(rotation_to_y_up(target))));
    EXPECT_EQ(detect(turned).axis, target) << up_axis_name(target) << ": " << detect(turned).reason;
  }
}

// Six unnamed rays from a root gliding along X: 9 tall along Y, 10 deep along Z, 4 wide. The
// floor is as steady along Y as along Z and Z is barely the longest: a weak guess of +z, no
// better than +y, which the BVH convention then wins.
TEST(UpAxis, AWeakGuessNoBetterThanPlusYGivesPlusY) {
  test::BvhBuilder rays;
  rays.root("J0", {0, 5, 0}, "Xposition Yposition Zposition");
  const test::BvhBuilder::Offset ends[6][2] = {{{0, 2, 0}, {0, 2, 0}},     {{0, -2, 0}, {0, -3, 0}},
                                               {{0, 0, 2.5}, {0, 0, 2.5}}, {{0, 0, -2.5}, {0, 0, -2.5}},
                                               {{1, 0, 0}, {1, 0, 0}},     {{-1, 0, 0}, {-1, 0, 0}}};
  for (int i = 0; i < 6; ++i) {
    const std::string ray = "J" + std::to_string(i + 1);
    rays.joint(ray, "J0", ends[i][0], test::kRotationsZXY).end_site(ray, ends[i][1]);
  }
  rays.frame_time(0.04).frames(30, [](int f) {
    test::BvhBuilder::Row row(3 + 6 * 3, 0.0);
    row[0] = 0.5 * f;
    return row;
  });
  const std::string text = rays.text();
  const UpAxisDecision decision = detect(test::parse_ok(text));
  EXPECT_EQ(decision.axis, UpAxis::PosY);
  EXPECT_FALSE(decision.certain);
  EXPECT_EQ(decision.reason,
            "+y up, the BVH convention: the cues barely prefer +z (a weak guess: set the up axis if the figure does "
            "not stand)");
}

TEST(UpAxis, ALoneHandOrATinyRigFallsBackToPlusYAndSaysSo) {
  const Clip hand = test::parse_ok(test::read_file(test::corpus_dir() / "rgbdacq__lhand.bvh"));
  const UpAxisDecision decision = detect(test::parse_ok(test::turned_bvh(hand, rotation_to_y_up(UpAxis::PosZ))));
  EXPECT_EQ(decision.axis, UpAxis::PosY);
  EXPECT_FALSE(decision.certain);
  EXPECT_EQ(decision.reason, "a lone hand or arm (hand names, no head or feet) has no up of its own: +y assumed");
  const UpAxisDecision tiny = detect(test::parse_ok(test::kTwoJoints));
  EXPECT_EQ(tiny.axis, UpAxis::PosY);
  EXPECT_EQ(tiny.reason, "too few joints to tell a figure's up: +y assumed");
}

TEST(UpAxis, TheUsersAxisWins) {
  const Clip clip = test::parse_ok(test::read_file(test::corpus_dir() / "edin-m__walk1.bvh"));
  const UpAxisDecision decision =
      decide_up_axis(clip, sample_figure(clip, PositionMode::Add), UpAxisRequest{UpAxis::NegX});
  EXPECT_EQ(decision.axis, UpAxis::NegX);
  EXPECT_FALSE(decision.automatic);
  EXPECT_EQ(decision.reason, "chosen by the user");
}

}  // namespace
}  // namespace bvhscope
