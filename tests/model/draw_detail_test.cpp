// How much of a skeleton is drawn (issue 12): every real file in full, huge or fill-heavy
// skeletons with less (lines, no dots, no shadow, a subset of bones), and the subset's segments
// always joining a joint to one of its own ancestors so the figure keeps its shape.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>

#include "anim/bone_geometry.hpp"
#include "anim/clip_analysis.hpp"
#include "model/draw_detail.hpp"
#include "test_pace.hpp"
#include "test_support.hpp"

namespace bvhscope {
namespace {

// A chain of `depth` joints, one unit apart, standing up.
Skeleton chain(int depth) {
  Skeleton s;
  for (int j = 0; j < depth; ++j) {
    s.names.push_back("J" + std::to_string(j));
    s.parents.push_back(j - 1);
    s.offsets.emplace_back(0.0f, j == 0 ? 0.0f : 1.0f, 0.0f);
    s.end_sites.push_back(0);
  }
  s.roots = {0};
  return s;
}

// One root with `rays` joints ten units out in a circle, each with an End Site three units up.
Skeleton fan(int rays) {
  Skeleton s;
  s.names.emplace_back("Root");
  s.parents.push_back(kNoParent);
  s.offsets.emplace_back(0.0f);
  s.end_sites.push_back(0);
  for (int r = 0; r < rays; ++r) {
    const float angle = 6.2831853f * static_cast<float>(r % 16) / 16.0f;
    s.names.push_back("j" + std::to_string(r));
    s.parents.push_back(0);
    s.offsets.emplace_back(10.0f * std::cos(angle), 0.0f, 10.0f * std::sin(angle));
    s.end_sites.push_back(0);
    s.names.push_back("j" + std::to_string(r) + "End");
    s.parents.push_back(static_cast<int>(s.parents.size()) - 1);
    s.offsets.emplace_back(0.0f, 3.0f, 0.0f);
    s.end_sites.push_back(1);
  }
  s.roots = {0};
  return s;
}

bool is_ancestor(const Skeleton& s, int ancestor, int joint) {
  for (int j = s.parents[static_cast<std::size_t>(joint)]; j != kNoParent; j = s.parents[static_cast<std::size_t>(j)]) {
    if (j == ancestor) return true;
  }
  return false;
}

TEST(DrawDetail, EveryRealFileIsDrawnInFull) {
  const auto files = test::whole_corpus();
  ASSERT_EQ(files.size(), test::kCorpusFileCount);
  for (const auto& path : files) {
    const Clip clip = test::parse_ok(test::read_file(path), path.string());
    const FigureAnalysis figure = analyse_figure(clip, PositionMode::Add, UpAxisRequest{});
    const DrawDetail detail = draw_detail(clip.skeleton, figure.to_upright);
    EXPECT_TRUE(detail.full()) << path.filename() << ": " << draw_detail_notice(detail);
    EXPECT_EQ(draw_detail_notice(detail), "");
    // Well inside the budgets, not at their edge.
    EXPECT_LT(detail.fill.capsules, kCapsuleFillBudget / 4.0f) << path.filename();
    EXPECT_LT(detail.fill.shadow, kShadowFillBudget / 2.0f) << path.filename();
    EXPECT_LT(detail.fill.lines, kLineLengthBudget / 20.0f) << path.filename();
  }
}

TEST(DrawDetail, OverTheJointBudgetBonesAreLinesWithoutDotsOrShadow) {
  const DrawDetail at_budget = draw_detail(chain(kJointBudget), glm::mat3(1.0f));
  EXPECT_TRUE(at_budget.solid);
  EXPECT_TRUE(at_budget.joint_dots);
  const DrawDetail over = draw_detail(chain(kJointBudget + 1), glm::mat3(1.0f));
  EXPECT_FALSE(over.solid);
  EXPECT_FALSE(over.joint_dots);
  EXPECT_FALSE(over.shadow);
  EXPECT_TRUE(over.every_bone);
  EXPECT_EQ(draw_detail_notice(over),
            "10,001 joints, over the 10,000 drawn in full: bones drawn as lines, no joint dots, no shadow, labels for "
            "at most 2,000 joints");
}

TEST(DrawDetail, ATallChainWithinTheJointBudgetLosesOnlyItsShadow) {
  // Its high bones cast wide soft shadows: thousands of them would fill the view many times over.
  const DrawDetail detail = draw_detail(chain(5000), glm::mat3(1.0f));
  EXPECT_TRUE(detail.solid);
  EXPECT_TRUE(detail.joint_dots);
  EXPECT_FALSE(detail.shadow);
  EXPECT_GT(detail.fill.shadow, kShadowFillBudget);
  EXPECT_EQ(draw_detail_notice(detail).rfind("a shadow about", 0), 0u) << draw_detail_notice(detail);
  // Lying along X (turned upright onto its side) its shadow is small again.
  const glm::mat3 lie_down(glm::vec3(0, 1, 0), glm::vec3(1, 0, 0), glm::vec3(0, 0, 1));
  EXPECT_TRUE(draw_detail(chain(5000), lie_down).shadow);
}

TEST(DrawDetail, RaysAsLongAsTheFigureAreLinesAndASubsetOfThem) {
  const DrawDetail detail = draw_detail(fan(1000), glm::mat3(1.0f));
  EXPECT_GT(detail.fill.capsules, kCapsuleFillBudget);
  EXPECT_FALSE(detail.solid);
  EXPECT_TRUE(detail.joint_dots);  // within the joint budget
  EXPECT_FALSE(detail.every_bone);
  EXPECT_LT(detail.drawn_bones, detail.bones);
  EXPECT_EQ(detail.bones, 2000u);
}

TEST(ReducedBones, WithinTheBoundEveryBoneIsItself) {
  const Skeleton s = fan(10);
  const ReducedBones segments = reduced_bones(s, 100);
  ASSERT_EQ(segments.size(), bone_count(s));
  for (std::size_t i = 0; i < segments.size(); ++i) {
    EXPECT_EQ(segments.from[i], s.parents[static_cast<std::size_t>(segments.to[i])]);
  }
}

TEST(ReducedBones, ALongChainBecomesAPolylineFromItsRootToItsEnd) {
  const Skeleton s = chain(200000);
  const ReducedBones segments = reduced_bones(s, 1000);
  EXPECT_EQ(segments.bones, 199999u);
  EXPECT_GT(segments.size(), 800u);
  EXPECT_LT(segments.size(), 1250u);
  ASSERT_FALSE(segments.to.empty());
  EXPECT_EQ(segments.from.front(), 0);
  for (std::size_t i = 1; i < segments.size(); ++i) EXPECT_EQ(segments.from[i], segments.to[i - 1]) << i;
  EXPECT_EQ(segments.to.back(), 199999) << "the chain's end is always drawn";
  // Evenly spread: no gap more than a few times the mean.
  std::size_t widest = 0;
  for (std::size_t i = 0; i < segments.size(); ++i)
    widest = std::max<std::size_t>(widest, static_cast<std::size_t>(segments.to[i] - segments.from[i]));
  EXPECT_LT(widest, 4u * 200000u / segments.size());
}

TEST(ReducedBones, AFanKeepsWholeRaysOfItsOwnBones) {
  const Skeleton s = fan(100000);
  const ReducedBones segments = reduced_bones(s, 2000);
  EXPECT_GT(segments.size(), 1600u);
  EXPECT_LT(segments.size(), 2500u);
  for (std::size_t i = 0; i < segments.size(); ++i) {
    const int to = segments.to[i];
    EXPECT_EQ(segments.from[i], s.parents[static_cast<std::size_t>(to)]) << "a real bone, no shortcut to the root";
    if (s.end_sites[static_cast<std::size_t>(to)] != 0) {
      ASSERT_GT(i, 0u);
      EXPECT_EQ(segments.to[i - 1], to - 1) << "an End Site's ray is drawn whole";
    }
  }
}

TEST(ReducedBones, EverySegmentJoinsAJointToOneOfItsAncestors) {
  // A tree of chains of mixed lengths: forks every 7 joints along a spine, branches of 3 and 40.
  Skeleton s = chain(1);
  int spine = 0;
  for (int k = 0; k < 3000; ++k) {
    const int head = static_cast<int>(s.parents.size());
    s.parents.push_back(spine);
    s.names.push_back("s" + std::to_string(k));
    s.offsets.emplace_back(0.0f, 1.0f, 0.0f);
    s.end_sites.push_back(0);
    spine = head;
    if (k % 7 != 0) continue;
    int tip = spine;
    for (int b = 0; b < (k % 2 == 0 ? 3 : 40); ++b) {
      s.parents.push_back(tip);
      tip = static_cast<int>(s.parents.size()) - 1;
      s.names.push_back("b" + std::to_string(tip));
      s.offsets.emplace_back(1.0f, 0.0f, 0.0f);
      s.end_sites.push_back(0);
    }
  }
  const ReducedBones segments = reduced_bones(s, 3000);
  EXPECT_LT(segments.size(), 4500u);
  for (std::size_t i = 0; i < segments.size(); ++i) {
    EXPECT_TRUE(is_ancestor(s, segments.from[i], segments.to[i])) << segments.from[i] << " -> " << segments.to[i];
    if (i > 0) {
      EXPECT_LT(segments.to[i - 1], segments.to[i]);
    }
  }
}

TEST(DrawDetail, AMillionJointsAreMeasuredInLinearTime) {
  const Skeleton s = fan(500000);
  const auto start = std::chrono::steady_clock::now();
  const DrawDetail detail = draw_detail(s, glm::mat3(1.0f));
  const ReducedBones segments = reduced_bones(s, detail.drawn_bones);
  // About 0.1 s; a quadratic measure would take hours: the bound catches that, not a slow machine.
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(seconds, test::hang_bound_seconds(10));
  EXPECT_FALSE(detail.full());
  EXPECT_LT(segments.size(), 2u * kMaxDrawnBones);
}

}  // namespace
}  // namespace bvhscope
