// Viewer: exports that need the GL context (a PNG of the view, a PNG sequence a few frames per
// UI frame), drawn offscreen at the view's size with the view's camera.
#include <algorithm>

#include "gfx/render_target.hpp"
#include "video/png_file.hpp"
#include "viewer/file_error.hpp"
#include "viewer/viewer.hpp"

namespace bvhscope::viewer {
namespace {

constexpr int kExportSamples = 4;

}  // namespace

bool Viewer::render_view_image(std::vector<std::uint8_t>& rgba, int& width, int& height, std::string& error) {
  width = std::max(static_cast<int>(layout_.view.width * ui_scale_), 16);
  height = std::max(static_cast<int>(layout_.view.height * ui_scale_), 16);
  std::optional<gfx::RenderTarget> target = gfx::RenderTarget::create(width, height, kExportSamples, error);
  if (!target) return false;
  target->bind();
  gfx::clear_framebuffer(width, height, 0.125f, 0.133f, 0.149f);
  // Draw as if the window were exactly the view.
  const UiLayout saved = layout_;
  layout_ = full_view_layout(saved.view.width, saved.view.height);
  render(width, height, saved.view.width, saved.view.height, false);
  layout_ = saved;
  rgba = target->read_rgba();
  gfx::RenderTarget::bind_default();
  return true;
}

void Viewer::run_exports() {
  outputs_.finish_video(state_);
  std::string error;
  std::vector<std::uint8_t> rgba;
  int width = 0;
  int height = 0;
  if (export_.png_path) {
    const std::string path = *export_.png_path;
    export_.png_path.reset();
    if (const std::optional<std::string> conflict = loaded_clip_conflict(state_.clips, path)) {
      state_.message = Message{Message::Kind::Error, *conflict + "; nothing was written"};
    } else if (render_view_image(rgba, width, height, error) &&
               video::write_png_file(path, width, height, rgba.data(), error)) {
      state_.message = Message{Message::Kind::Info, "Wrote " + path};
    } else {
      state_.message = Message{Message::Kind::Error, write_failure(path, error)};
    }
  }
  if (!export_.active) return;
  const auto slot = std::find_if(state_.clips.begin(), state_.clips.end(),
                                 [&](const ClipSlot& s) { return s.id == export_.clip_id; });
  if (slot == state_.clips.end()) {
    export_.active = false;
    state_.message = Message{Message::Kind::Error, "PNG sequence stopped: its clip was removed"};
    return;
  }
  for (std::size_t n = 0; n < kSequenceFramesPerUiFrame && export_.next <= export_.last; ++n) {
    state_.clock().seek(state_.clips.clock_position_for(*slot, static_cast<double>(export_.next)));
    sample_current_pose();
    update_follow();
    update_inspection();
    const std::string path = sequence_file_name(export_.directory, export_.next);
    if (!render_view_image(rgba, width, height, error) ||
        !video::write_png_file(path, width, height, rgba.data(), error)) {
      export_.active = false;
      state_.message = Message{Message::Kind::Error, write_failure(path, error)};
      return;
    }
    ++export_.next;
  }
  if (export_.next > export_.last) {
    export_.active = false;
    state_.clock().seek(export_.resume_position);
    if (export_.resume_playing) state_.clock().play();
    state_.message =
        Message{Message::Kind::Info, "Wrote " + std::to_string(export_.total()) + " frames to " + export_.directory};
  }
}

}  // namespace bvhscope::viewer
