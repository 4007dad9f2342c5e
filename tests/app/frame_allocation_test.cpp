// Issue 6, "no heap allocation per frame after the first": ten clips of the 165-joint rig
// (rgbdacq__02_03.bvh) play in a real Viewer on a hidden window while this program counts every
// operator new (all variants are replaced below) and every ImGui::MemAlloc. After a warm-up frame,
// hundreds of frames (crossing the loop point, interpolation on and off, lines and solid, a selected
// joint with its trail and every label) must allocate nothing, and the bones of all clips must go to
// the GPU in exactly one glBufferSubData per frame (glad's function pointers are wrapped to count).
// Our draw calls are counted but only reach the software driver with BVHSCOPE_TEST_REAL_GL=1 (see
// below); ImGui's draw calls always do.
#include <execinfo.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <new>
#include <optional>
#include <string>

#include <gtest/gtest.h>

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include "anim/file_loader.hpp"
#include "gfx/render_target.hpp"
#include "gfx/scene_renderer.hpp"
#include "model/orbit_camera.hpp"
#include "model/prepared_clip.hpp"
#include "viewer/imgui_session.hpp"
#include "viewer/settings.hpp"
#include "viewer/ui/error_plot.hpp"
#include "viewer/viewer.hpp"
#include "viewer/window.hpp"

// ---------------------------------------------------------------------------------------------
// The counting allocator: every allocation made while `g_armed` is set is counted (on any thread),
// and the first few keep a backtrace so that a failure says where it came from.
namespace {

std::atomic<bool> g_armed{false};
std::atomic<std::size_t> g_allocations{0};

constexpr std::size_t kMaxTraces = 6;
constexpr int kTraceDepth = 28;
struct AllocationTrace {
  std::array<void*, kTraceDepth> frames{};
  int depth = 0;
  std::size_t bytes = 0;
  bool imgui = false;
};
std::array<AllocationTrace, kMaxTraces> g_traces;
thread_local bool t_tracing = false;

void note_allocation(std::size_t bytes, bool imgui) noexcept {
  if (!g_armed.load(std::memory_order_relaxed)) return;
  const std::size_t index = g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (index >= kMaxTraces || t_tracing) return;
  t_tracing = true;  // backtrace() must not count itself
  AllocationTrace& trace = g_traces[index];
  trace.depth = backtrace(trace.frames.data(), kTraceDepth);
  trace.bytes = bytes;
  trace.imgui = imgui;
  t_tracing = false;
}

void* allocate(std::size_t bytes) noexcept {
  note_allocation(bytes, false);
  return std::malloc(bytes == 0 ? 1 : bytes);
}

void* allocate_aligned(std::size_t bytes, std::align_val_t alignment) noexcept {
  note_allocation(bytes, false);
  void* p = nullptr;
  const std::size_t align = std::max(static_cast<std::size_t>(alignment), sizeof(void*));
  return posix_memalign(&p, align, bytes == 0 ? 1 : bytes) == 0 ? p : nullptr;
}

void* allocate_or_throw(std::size_t bytes) {
  void* p = allocate(bytes);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

void* allocate_aligned_or_throw(std::size_t bytes, std::align_val_t alignment) {
  void* p = allocate_aligned(bytes, alignment);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}

void* imgui_alloc(std::size_t bytes, void* /*user_data*/) {
  note_allocation(bytes, true);
  return std::malloc(bytes);
}

void imgui_free(void* p, void* /*user_data*/) { std::free(p); }

}  // namespace

void* operator new(std::size_t bytes) { return allocate_or_throw(bytes); }
void* operator new[](std::size_t bytes) { return allocate_or_throw(bytes); }
void* operator new(std::size_t bytes, const std::nothrow_t&) noexcept { return allocate(bytes); }
void* operator new[](std::size_t bytes, const std::nothrow_t&) noexcept { return allocate(bytes); }
void* operator new(std::size_t bytes, std::align_val_t alignment) {
  return allocate_aligned_or_throw(bytes, alignment);
}
void* operator new[](std::size_t bytes, std::align_val_t alignment) {
  return allocate_aligned_or_throw(bytes, alignment);
}
void* operator new(std::size_t bytes, std::align_val_t alignment, const std::nothrow_t&) noexcept {
  return allocate_aligned(bytes, alignment);
}
void* operator new[](std::size_t bytes, std::align_val_t alignment, const std::nothrow_t&) noexcept {
  return allocate_aligned(bytes, alignment);
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }

// ---------------------------------------------------------------------------------------------
// Buffer updates: glad's pointers for the calls that write buffer storage are wrapped, so every
// such call our code makes (ImGui's backend has its own loader) is seen with the buffer it hit.
// The draw calls are wrapped too: unless BVHSCOPE_TEST_REAL_GL is set they are counted and not
// passed on, because Mesa's llvmpipe would rasterize every frame on the CPU (the test then takes
// about a minute instead of 25 s). Everything else reaches the driver.
namespace {

struct BufferWrites {
  std::size_t sub_data = 0;  // glBufferSubData calls
  std::size_t data = 0;      // glBufferData calls (re-allocating storage)
  std::size_t maps = 0;      // glMapBuffer / glMapBufferRange calls
  GLint last_buffer = 0;     // the GL_ARRAY_BUFFER bound at the last glBufferSubData
  GLintptr last_offset = -1;
  GLsizeiptr last_size = -1;
};
BufferWrites g_writes;

PFNGLBUFFERSUBDATAPROC g_real_buffer_sub_data = nullptr;
PFNGLBUFFERDATAPROC g_real_buffer_data = nullptr;
PFNGLMAPBUFFERPROC g_real_map_buffer = nullptr;
PFNGLMAPBUFFERRANGEPROC g_real_map_buffer_range = nullptr;
PFNGLDRAWARRAYSPROC g_real_draw_arrays = nullptr;
PFNGLDRAWARRAYSINSTANCEDPROC g_real_draw_arrays_instanced = nullptr;
PFNGLDRAWELEMENTSPROC g_real_draw_elements = nullptr;
PFNGLDRAWELEMENTSINSTANCEDPROC g_real_draw_elements_instanced = nullptr;
bool g_pass_draws = true;
std::size_t g_draw_calls = 0;

void GLAD_API_PTR counting_buffer_sub_data(GLenum target, GLintptr offset, GLsizeiptr size, const void* data) {
  ++g_writes.sub_data;
  g_writes.last_buffer = -1;
  if (target == GL_ARRAY_BUFFER) glad_glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &g_writes.last_buffer);
  g_writes.last_offset = offset;
  g_writes.last_size = size;
  g_real_buffer_sub_data(target, offset, size, data);
}

void GLAD_API_PTR counting_buffer_data(GLenum target, GLsizeiptr size, const void* data, GLenum usage) {
  ++g_writes.data;
  g_real_buffer_data(target, size, data, usage);
}

void* GLAD_API_PTR counting_map_buffer(GLenum target, GLenum access) {
  ++g_writes.maps;
  return g_real_map_buffer(target, access);
}

void* GLAD_API_PTR counting_map_buffer_range(GLenum target, GLintptr offset, GLsizeiptr length, GLbitfield access) {
  ++g_writes.maps;
  return g_real_map_buffer_range(target, offset, length, access);
}

void GLAD_API_PTR counting_draw_arrays(GLenum mode, GLint first, GLsizei count) {
  ++g_draw_calls;
  if (g_pass_draws) g_real_draw_arrays(mode, first, count);
}

void GLAD_API_PTR counting_draw_arrays_instanced(GLenum mode, GLint first, GLsizei count, GLsizei instances) {
  ++g_draw_calls;
  if (g_pass_draws) g_real_draw_arrays_instanced(mode, first, count, instances);
}

void GLAD_API_PTR counting_draw_elements(GLenum mode, GLsizei count, GLenum type, const void* indices) {
  ++g_draw_calls;
  if (g_pass_draws) g_real_draw_elements(mode, count, type, indices);
}

void GLAD_API_PTR counting_draw_elements_instanced(GLenum mode, GLsizei count, GLenum type, const void* indices,
                                                   GLsizei instances) {
  ++g_draw_calls;
  if (g_pass_draws) g_real_draw_elements_instanced(mode, count, type, indices, instances);
}

void wrap_gl_calls(bool pass_draws) {
  g_pass_draws = pass_draws;
  g_real_buffer_sub_data = glad_glBufferSubData;
  g_real_buffer_data = glad_glBufferData;
  g_real_map_buffer = glad_glMapBuffer;
  g_real_map_buffer_range = glad_glMapBufferRange;
  g_real_draw_arrays = glad_glDrawArrays;
  g_real_draw_arrays_instanced = glad_glDrawArraysInstanced;
  g_real_draw_elements = glad_glDrawElements;
  g_real_draw_elements_instanced = glad_glDrawElementsInstanced;
  glad_glBufferSubData = counting_buffer_sub_data;
  glad_glBufferData = counting_buffer_data;
  glad_glMapBuffer = counting_map_buffer;
  glad_glMapBufferRange = counting_map_buffer_range;
  glad_glDrawArrays = counting_draw_arrays;
  glad_glDrawArraysInstanced = counting_draw_arrays_instanced;
  glad_glDrawElements = counting_draw_elements;
  glad_glDrawElementsInstanced = counting_draw_elements_instanced;
}

void unwrap_gl_calls() {
  if (g_real_buffer_sub_data == nullptr) return;
  glad_glBufferSubData = g_real_buffer_sub_data;
  glad_glBufferData = g_real_buffer_data;
  glad_glMapBuffer = g_real_map_buffer;
  glad_glMapBufferRange = g_real_map_buffer_range;
  glad_glDrawArrays = g_real_draw_arrays;
  glad_glDrawArraysInstanced = g_real_draw_arrays_instanced;
  glad_glDrawElements = g_real_draw_elements;
  glad_glDrawElementsInstanced = g_real_draw_elements_instanced;
  g_real_buffer_sub_data = nullptr;
}

}  // namespace

namespace bvhscope::viewer {
namespace {

constexpr int kClips = 10;
constexpr int kMeasuredFrames = 240;
// Frames of a new ImGui session before the runs: ImGui sizes its vectors (draw lists above all) by
// the largest frame so far and grows them by half when a frame needs more, so a new session's lists
// fit its first frames exactly and the first frame with a longer number grows them once. A second
// of playback gives that growth its chance; after it there is room for a third more text.
constexpr int kUiWarmupFrames = 60;
constexpr double kFrameSeconds = 1.0 / 60.0;
constexpr const char* kRig = "rgbdacq__02_03.bvh";  // 165 joints + 47 End Sites, 174 frames at 25 fps
constexpr std::size_t kRigJoints = 212;
constexpr std::size_t kRigBones = 211;
// Where each measured run starts: 100 clip frames (240 frames of 1/60 s at 25 fps) before it ends,
// 24 frames short of the loop point, so every run plays across it.
constexpr double kStartFrame = 150.0;

// Allocations counted between arm() and disarm(), with the backtraces of the first few.
class AllocationWindow {
 public:
  static void arm() noexcept {
    g_allocations.store(0);
    g_armed.store(true);
  }
  static std::size_t disarm() noexcept {
    g_armed.store(false);
    return g_allocations.load();
  }
  // Backtraces of the counted allocations, for the failure message (addr2line turns the
  // "(+0x...)" offsets into file:line).
  static void print_traces(std::size_t count) {
    for (std::size_t i = 0; i < std::min(count, kMaxTraces); ++i) {
      const AllocationTrace& trace = g_traces[i];
      std::fprintf(stderr, "allocation %zu: %zu bytes%s\n", i + 1, trace.bytes,
                   trace.imgui ? " (ImGui::MemAlloc)" : "");
      backtrace_symbols_fd(trace.frames.data(), trace.depth, STDERR_FILENO);
    }
  }
};

class FrameAllocationTest : public ::testing::Test {
 protected:
  // GLFW (its X connection) stays open from test to test: Xvfb resets when its last client leaves,
  // and a connection made during the reset is refused.
  static void SetUpTestSuite() {
    if (std::getenv("DISPLAY") == nullptr) return;
    std::string error;
    std::optional<GlfwLibrary> glfw = GlfwLibrary::init(error);
    if (glfw) glfw_ = new GlfwLibrary(std::move(*glfw));
    glfw_error_ = new std::string(error);
  }
  static void TearDownTestSuite() {
    delete glfw_;
    glfw_ = nullptr;
    delete glfw_error_;
    glfw_error_ = nullptr;
  }

  void SetUp() override {
    ASSERT_NE(std::getenv("DISPLAY"), nullptr) << "no DISPLAY: GL tests need an X server (run under xvfb-run)";
    ASSERT_NE(glfw_, nullptr) << *glfw_error_;
    std::array<void*, 1> warm{};
    backtrace(warm.data(), 1);  // loads the unwinder now, not during a counted frame
    std::string error;
    WindowOptions options;
    options.visible = false;
    options.width = 1024;
    options.height = 640;
    options.samples = 0;
    options.title = "bvhscope frame allocation test";
    std::optional<Window> window = Window::create(options, error);
    ASSERT_TRUE(window) << error;
    window_.emplace(std::move(*window));
    std::optional<gfx::SceneRenderer> renderer = gfx::SceneRenderer::create(error);
    ASSERT_TRUE(renderer) << error;
    viewer_.emplace(std::move(*renderer), Settings{}, 1.0f);
    const std::string path = std::string(BVHSCOPE_CORPUS_DIR) + "/" + kRig;
    for (int i = 0; i < kClips; ++i) {
      Result<Clip> clip = load_bvh_file(path);
      ASSERT_TRUE(clip) << format_diagnostic(clip.error(), Severity::Error);
      viewer_->add_clip(prepare_clip(std::move(clip).value(), PositionModeRequest::Auto));
    }
    ViewerState& state = viewer_->state();
    ASSERT_EQ(state.clips.size(), static_cast<std::size_t>(kClips));
    ASSERT_EQ(state.clips.front().clip().skeleton.joint_count(), static_cast<int>(kRigJoints));
    ASSERT_TRUE(viewer_->select_joint_named("lhand", error)) << error;
    state.inspection.trail = true;
    state.inspection.labels = LabelMode::All;
    state.clock().set_loop(true);
    state.clock().play();
    // BVHSCOPE_TEST_REAL_GL=1: our draw calls reach the driver too (about a minute under llvmpipe).
    wrap_gl_calls(std::getenv("BVHSCOPE_TEST_REAL_GL") != nullptr);
  }

  void TearDown() override {
    unwrap_gl_calls();
    imgui_.reset();
    viewer_.reset();
    window_.reset();
  }

  // The window pixel of the root of the clip drawn nearest the view's centre (after a frame).
  [[nodiscard]] glm::vec2 root_nearest_the_centre() const {
    const Rect& view = viewer_->layout().view;
    const glm::vec2 centre(view.x + view.width * 0.5f, view.y + view.height * 0.5f);
    glm::vec2 best(centre);
    for (std::size_t slot = 0; slot < static_cast<std::size_t>(kClips); ++slot) {
      const glm::vec3 p =
          project_to_pixels(viewer_->view_projection(), viewer_->renderer().skeleton_pass().joint_positions(slot)[0],
                            glm::vec2(view.width, view.height));
      const glm::vec2 at(p.x + view.x, p.y + view.y);
      if (glm::length(at - centre) < glm::length(best - centre) || best == centre) best = at;
    }
    return best;
  }

  // The window loop's frame (run_viewer.cpp) without the swap; `ui` adds ImGui's part. With
  // `hover_`, the mouse (as the GLFW backend would report it) follows a root joint.
  void frame(bool ui) {
    now_ += kFrameSeconds;
    if (ui) {
      viewer_->poll_background(now_);
      if (hover_) {  // ImGuiSession::begin_frame, with the mouse put where the backend would report it
        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplGlfw_NewFrame();
        const glm::vec2 at = root_nearest_the_centre();
        ImGui::GetIO().MousePos = ImVec2(at.x, at.y);
        ImGui::NewFrame();
      } else {
        ImGuiSession::begin_frame();
      }
      viewer_->handle_input();
      viewer_->build_ui();
      viewer_->advance(kFrameSeconds);
      viewer_->draw_view_overlay();
      ImGuiSession::end_frame();
    } else {
      viewer_->advance(kFrameSeconds);
    }
    int fb_width = 0;
    int fb_height = 0;
    int win_width = 0;
    int win_height = 0;
    glfwGetFramebufferSize(window_->handle(), &fb_width, &fb_height);
    glfwGetWindowSize(window_->handle(), &win_width, &win_height);
    gfx::clear_framebuffer(fb_width, fb_height, 0.125f, 0.133f, 0.149f);
    viewer_->render(fb_width, fb_height, static_cast<float>(win_width), static_cast<float>(win_height));
    if (ui) ImGuiSession::render_draw_data();
    viewer_->run_exports();
  }

  struct RunResult {
    std::size_t allocations = 0;
    std::size_t frames_with_one_bone_upload = 0;  // exactly one glBufferSubData, on the bone buffer, whole
    std::size_t other_buffer_writes = 0;          // glBufferData / glMap* / further glBufferSubData
    std::size_t skeleton_pass_uploads = 0;        // SkeletonPass::upload_count() over the run
    std::size_t fewest_draws = 0;                 // draw calls of the frame with the fewest (all ten clips: >= 20)
    bool crossed_loop = false;
    std::size_t frames_hovering = 0;  // frames with a joint under the mouse in the view
  };

  // One warm-up frame (not counted), then kMeasuredFrames counted ones from kStartFrame.
  RunResult run(bool ui, bool solid, bool interpolate) {
    ViewerState& state = viewer_->state();
    state.display.solid = solid;
    state.interpolate = interpolate;
    state.clock().seek(kStartFrame);
    frame(ui);  // the warm-up frame
    EXPECT_TRUE(state.clock().playing());
    const gfx::SkeletonPass& pass = viewer_->renderer().skeleton_pass();
    const std::size_t uploads_before = pass.upload_count();
    RunResult result;
    result.fewest_draws = std::numeric_limits<std::size_t>::max();
    std::size_t previous_frame = state.clock().frame();
    AllocationWindow::arm();
    for (int i = 0; i < kMeasuredFrames; ++i) {
      g_writes = {};
      g_draw_calls = 0;
      frame(ui);
      result.fewest_draws = std::min(result.fewest_draws, g_draw_calls);
      const bool one_bone_upload =
          g_writes.sub_data == 1 && g_writes.last_buffer == static_cast<GLint>(pass.buffer_name()) &&
          g_writes.last_offset == 0 && g_writes.last_size == static_cast<GLsizeiptr>(pass.buffer_bytes());
      if (one_bone_upload) ++result.frames_with_one_bone_upload;
      result.other_buffer_writes += g_writes.data + g_writes.maps + (g_writes.sub_data > 1 ? g_writes.sub_data - 1 : 0);
      if (state.view_hover.joint >= 0) ++result.frames_hovering;
      if (state.clock().frame() < previous_frame) result.crossed_loop = true;
      previous_frame = state.clock().frame();
    }
    result.allocations = AllocationWindow::disarm();
    result.skeleton_pass_uploads = pass.upload_count() - uploads_before;
    if (result.allocations > 0) AllocationWindow::print_traces(result.allocations);
    return result;
  }

  void expect_quiet(const RunResult& result) {
    EXPECT_EQ(result.allocations, 0u) << "heap allocations in " << kMeasuredFrames << " frames (backtraces on stderr)";
    EXPECT_EQ(result.frames_with_one_bone_upload, static_cast<std::size_t>(kMeasuredFrames));
    EXPECT_EQ(result.other_buffer_writes, 0u);
    EXPECT_EQ(result.skeleton_pass_uploads, static_cast<std::size_t>(kMeasuredFrames));
    EXPECT_GE(result.fewest_draws, static_cast<std::size_t>(2 * kClips));  // bones and joints of every clip
    EXPECT_TRUE(result.crossed_loop);
  }

  // Every clip is in the one bone buffer, and what was uploaded last is each clip's pose, placed.
  void expect_all_clips_in_one_buffer() {
    const gfx::SkeletonPass& pass = viewer_->renderer().skeleton_pass();
    ASSERT_EQ(pass.slot_count(), static_cast<std::size_t>(kClips));
    EXPECT_EQ(pass.bone_count(), kClips * kRigBones);
    EXPECT_EQ(pass.joint_count(), kClips * kRigJoints);
    EXPECT_EQ(pass.buffer_bytes(), kClips * (2 * kRigBones + kRigJoints) * sizeof(glm::vec3));
    for (std::size_t slot = 0; slot < static_cast<std::size_t>(kClips); ++slot) {
      const ClipSlot& clip = viewer_->state().clips[slot];
      const std::span<const glm::vec3> uploaded = pass.joint_positions(slot);
      ASSERT_EQ(uploaded.size(), kRigJoints);
      for (std::size_t joint = 0; joint < kRigJoints; ++joint) {
        const glm::vec3 expected = clip.placement.apply(clip.pose.position(static_cast<int>(joint)));
        ASSERT_EQ(uploaded[joint], expected) << "clip " << slot << " joint " << joint;
      }
    }
  }

  static inline GlfwLibrary* glfw_ = nullptr;
  static inline std::string* glfw_error_ = nullptr;
  std::optional<Window> window_;
  std::optional<Viewer> viewer_;
  std::optional<ImGuiSession> imgui_;
  double now_ = 0.0;
  bool hover_ = false;
};

// The counter sees what it must: a plain operator new, an aligned one, a std::string and ImGui's.
TEST_F(FrameAllocationTest, CounterSeesAllocations) {
  ImGui::SetAllocatorFunctions(imgui_alloc, imgui_free);
  AllocationWindow::arm();
  ::operator delete(::operator new(24));
  ::operator delete (::operator new (64, std::align_val_t{64}), std::align_val_t{64});
  std::string text(100, 'x');
  ImGui::MemFree(ImGui::MemAlloc(8));
  EXPECT_EQ(AllocationWindow::disarm(), 4u);
  EXPECT_EQ(text.size(), 100u);
  EXPECT_FALSE(g_traces[0].imgui);
  EXPECT_TRUE(g_traces[3].imgui);
}

// advance + render: posing, vertex build, the one upload and the draw submission of ten clips.
TEST_F(FrameAllocationTest, SceneFramesOfTenClipsAllocateNothingAndUploadBonesOnce) {
  viewer_->use_full_view(1024.0f, 640.0f);
  for (const bool solid : {false, true}) {
    for (const bool interpolate : {true, false}) {
      SCOPED_TRACE(std::string(solid ? "solid" : "lines") + (interpolate ? ", interpolated" : ", nearest frame"));
      expect_quiet(run(false, solid, interpolate));
      expect_all_clips_in_one_buffer();
    }
  }
}

// The whole window frame: ImGui's new frame, every panel, advance, hover picking and the hovered
// joint's name, joint labels (every joint, placed), the scene, ImGui's draw.
TEST_F(FrameAllocationTest, FullViewerFramesWithUiAllocateNothing) {
  ImGui::SetAllocatorFunctions(imgui_alloc, imgui_free);
  imgui_.emplace(window_->handle(), 1.0f);
  hover_ = true;
  // ImGui hides a new window on its first frame while it measures it: the panels first show, and
  // their draw lists and tab bars grow, on the second; then see kUiWarmupFrames.
  for (int i = 0; i < kUiWarmupFrames; ++i) frame(true);
  for (const bool solid : {false, true}) {
    for (const bool interpolate : {true, false}) {
      SCOPED_TRACE(std::string(solid ? "solid" : "lines") + (interpolate ? ", interpolated" : ", nearest frame"));
      const RunResult result = run(true, solid, interpolate);
      expect_quiet(result);
      EXPECT_GT(result.frames_hovering, static_cast<std::size_t>(kMeasuredFrames / 2))
          << "the mouse follows a root joint";
      expect_all_clips_in_one_buffer();
    }
  }
}

// Comparing: nine clips measured against the first (each starts 0.1 s later than the one before,
// so every joint has an error that changes from frame to frame), in error colours, then as rigid
// ghosts over the reference, with the error curve under the view: the frame allocates nothing
// (the comparison's own work is done first, on its thread).
TEST_F(FrameAllocationTest, ComparingFramesWithErrorColoursAndGhostsAllocateNothing) {
  ImGui::SetAllocatorFunctions(imgui_alloc, imgui_free);
  imgui_.emplace(window_->handle(), 1.0f);
  ViewerState& state = viewer_->state();
  for (int i = 0; i < kClips; ++i) state.clips.set_time_offset(i, 0.1 * i);
  for (const bool ghost : {false, true}) {
    SCOPED_TRACE(ghost ? "rigid ghosts" : "error colours");
    CompareStart start;
    start.alignment = ghost ? Alignment::Rigid : Alignment::None;
    start.ghost = ghost;
    state.comparison.start(ghost ? state.clips[1].id : state.clips[0].id, start);
    state.comparison.update(state.clips);
    state.comparison.wait_idle(state.clips);
    ASSERT_EQ(state.comparison.clips().size(), static_cast<std::size_t>(kClips - 1));
    for (const ClipComparison& compared : state.comparison.clips()) {
      ASSERT_EQ(compared.status, ClipComparison::Status::Ready);
      EXPECT_GT(compared.result->mpjpe, 0.0);
    }
    for (int i = 0; i < kUiWarmupFrames; ++i) frame(true);
    const RunResult result = run(true, true, true);
    EXPECT_EQ(result.allocations, 0u) << "heap allocations in " << kMeasuredFrames << " frames (backtraces on stderr)";
    EXPECT_EQ(result.skeleton_pass_uploads, static_cast<std::size_t>(kMeasuredFrames));
    EXPECT_TRUE(result.crossed_loop);
    EXPECT_TRUE(error_plot_wanted(state));
  }
}

}  // namespace
}  // namespace bvhscope::viewer
