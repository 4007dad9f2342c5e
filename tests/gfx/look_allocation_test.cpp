// Joint colours change every frame (each joint's error against a reference clip): after a warm-up
// frame in each style, frames that give every joint a new colour, with a ghost among the clips,
// must allocate nothing (every operator new is counted below) and upload the colours of all clips
// in one buffer update; frames whose colours did not change upload none.
#include <gtest/gtest.h>

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "anim/pose.hpp"
#include "anim/skeleton.hpp"
#include "gfx/render_target.hpp"
#include "gfx/shader_program.hpp"
#include "gfx/skeleton_pass.hpp"
#include "gl_test_context.hpp"
#include "model/clip_placement.hpp"

namespace {

std::atomic<bool> g_armed{false};
std::atomic<std::size_t> g_allocations{0};

void* allocate(std::size_t bytes) noexcept {
  if (g_armed.load(std::memory_order_relaxed)) g_allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(bytes == 0 ? 1 : bytes);
}

void* allocate_or_throw(std::size_t bytes) {
  void* p = allocate(bytes);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

}  // namespace

// The unaligned forms (the aligned ones keep the library's, which pair with its own deletes).
void* operator new(std::size_t bytes) { return allocate_or_throw(bytes); }
void* operator new[](std::size_t bytes) { return allocate_or_throw(bytes); }
void* operator new(std::size_t bytes, const std::nothrow_t&) noexcept { return allocate(bytes); }
void* operator new[](std::size_t bytes, const std::nothrow_t&) noexcept { return allocate(bytes); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }

namespace bvhscope::gfx {
namespace {

constexpr int kSize = 256;

// A chain of `joints` joints along x at height y.
struct Chain {
  Skeleton skeleton;
  Pose pose;
};

Chain make_chain(int joints, float y) {
  Chain chain;
  for (int j = 0; j < joints; ++j) {
    chain.skeleton.parents.push_back(j - 1);
    chain.skeleton.offsets.emplace_back(j == 0 ? -2.0f : 4.0f / static_cast<float>(joints), j == 0 ? y : 0.0f, 0.0f);
    chain.pose.world.push_back(glm::translate(
        glm::mat4(1.0f), glm::vec3(-2.0f + 4.0f * static_cast<float>(j) / static_cast<float>(joints), y, 0.0f)));
  }
  chain.pose.local = chain.pose.world;
  return chain;
}

class LookAllocationTest : public test::GlTest {
 protected:
  void TearDown() override {  // GL objects go before the context does
    pass_.reset();
    lines_.reset();
    target_.reset();
    test::GlTest::TearDown();
  }
  std::optional<RenderTarget> target_;
  std::optional<ShaderProgram> lines_;  // the line program the pass draws with (SceneRenderer's in the app)
  std::optional<SkeletonPass> pass_;
};

TEST_F(LookAllocationTest, NewJointColoursEveryFrameAllocateNothingAndUploadOnce) {
  std::string error;
  lines_ = ShaderProgram::from_embedded("lines", error);
  ASSERT_TRUE(lines_) << error;
  pass_ = SkeletonPass::create(*lines_, error);
  ASSERT_TRUE(pass_) << error;
  target_ = RenderTarget::create(kSize, kSize, 4, error);
  ASSERT_TRUE(target_) << error;
  const std::vector<Chain> chains = {make_chain(40, 0.5f), make_chain(60, -0.5f)};
  std::vector<SkeletonSlot> slots;
  for (const Chain& chain : chains) slots.push_back({&chain.skeleton, 2.0f, {}});
  pass_->set_skeletons(slots);
  std::vector<ClipLook> looks(2);
  looks[0].joint_colors.assign(40, glm::vec3(0.0f));
  looks[1].joint_colors.assign(60, glm::vec3(0.0f));
  looks[1].opacity = 0.5f;  // a ghost over the other
  SceneView view;
  view.view = glm::lookAt(glm::vec3(0.0f, 0.0f, 6.0f), glm::vec3(0.0f), glm::vec3(0.0f, 1.0f, 0.0f));
  view.projection = glm::perspective(0.8f, 1.0f, 0.1f, 50.0f);
  view.eye = glm::vec3(0.0f, 0.0f, 6.0f);
  view.viewport = {0, 0, kSize, kSize};

  const auto frame = [&](int n, BoneStyle bones, bool recolour) {
    if (recolour) {
      for (ClipLook& look : looks) {
        for (std::size_t j = 0; j < look.joint_colors.size(); ++j) {
          const float e = static_cast<float>((static_cast<std::size_t>(n) * 7 + j) % 64) / 63.0f;
          look.joint_colors[j] = glm::vec3(e, 1.0f - e, 0.2f);
        }
      }
    }
    pass_->set_looks(looks);
    for (std::size_t i = 0; i < chains.size(); ++i)
      pass_->write_pose(i, chains[i].skeleton, chains[i].pose, Placement{});
    pass_->upload();
    target_->bind();
    clear_framebuffer(kSize, kSize, 0.1f, 0.1f, 0.1f);
    SceneStyle style;
    style.bones = bones;
    pass_->draw(view, style, -10.0f);
  };
  // Warm-up: the driver compiles its shader variants for each style's states.
  for (int n = 0; n < 2; ++n) {
    frame(n, BoneStyle::Solid, true);
    frame(n, BoneStyle::Lines, true);
  }
  (void)target_->read_rgba();

  const std::size_t uploads = pass_->color_upload_count();
  g_allocations = 0;
  g_armed = true;
  for (int n = 2; n < 22; ++n) frame(n, n % 2 == 0 ? BoneStyle::Solid : BoneStyle::Lines, true);
  g_armed = false;
  EXPECT_EQ(g_allocations.load(), 0u);
  EXPECT_EQ(pass_->color_upload_count() - uploads, 20u) << "one upload a frame for both clips";

  const std::size_t before = pass_->color_upload_count();
  for (int n = 0; n < 5; ++n) frame(21, BoneStyle::Solid, false);
  EXPECT_EQ(pass_->color_upload_count(), before) << "unchanged colours: no upload";
}

}  // namespace
}  // namespace bvhscope::gfx
