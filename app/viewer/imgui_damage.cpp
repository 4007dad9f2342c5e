#include "viewer/imgui_damage.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include <imgui.h>
#include <imgui_impl_opengl3.h>

#include "viewer/content_hash.hpp"

namespace bvhscope::viewer {
namespace {

int framebuffer_height(const ImDrawData& data) {
  return static_cast<int>(data.DisplaySize.y * data.FramebufferScale.y);
}

PixelRect scissor_of(const ImDrawData& data, const ImVec4& clip, int fb_height) {
  return imgui_scissor(clip.x, clip.y, clip.z, clip.w, data.DisplayPos.x, data.DisplayPos.y, data.FramebufferScale.x,
                       data.FramebufferScale.y, fb_height);
}

// The clip rectangle (ImGui's units) whose backend scissor is exactly `r` (integers of the
// framebuffer divided by the scale: exact for scales that are powers of two, as HiDPI's 2).
ImVec4 clip_for(const ImDrawData& data, const PixelRect& r, int fb_height) {
  const ImVec2 scale = data.FramebufferScale;
  const ImVec2 offset = data.DisplayPos;
  return ImVec4(static_cast<float>(r.x) / scale.x + offset.x,
                static_cast<float>(fb_height - (r.y + r.height)) / scale.y + offset.y,
                static_cast<float>(r.x + r.width) / scale.x + offset.x,
                static_cast<float>(fb_height - r.y) / scale.y + offset.y);
}

// The framebuffer pixels the triangles of `cmd` can touch: the bounds of their vertices, widened
// by a pixel each way for rounding (the scissor bounds them too).
PixelRect vertices_extent(const ImDrawData& data, const ImDrawList& list, const ImDrawCmd& cmd, int fb_height) {
  float min_x = 0.0f, min_y = 0.0f, max_x = 0.0f, max_y = 0.0f;
  bool any = false;
  const ImDrawIdx* indices = list.IdxBuffer.Data + cmd.IdxOffset;
  const ImDrawVert* vertices = list.VtxBuffer.Data + cmd.VtxOffset;
  for (unsigned i = 0; i < cmd.ElemCount; ++i) {
    const ImVec2 p = vertices[indices[i]].pos;
    if (!any) {
      min_x = max_x = p.x;
      min_y = max_y = p.y;
      any = true;
    } else {
      min_x = std::min(min_x, p.x), max_x = std::max(max_x, p.x);
      min_y = std::min(min_y, p.y), max_y = std::max(max_y, p.y);
    }
  }
  if (!any) return {};
  const ImVec2 scale = data.FramebufferScale;
  const ImVec2 offset = data.DisplayPos;
  const int left = static_cast<int>(std::floor((min_x - offset.x) * scale.x)) - 1;
  const int right = static_cast<int>(std::ceil((max_x - offset.x) * scale.x)) + 1;
  const int top = static_cast<int>(std::floor((min_y - offset.y) * scale.y)) - 1;
  const int bottom = static_cast<int>(std::ceil((max_y - offset.y) * scale.y)) + 1;
  return {left, fb_height - bottom, right - left, bottom - top};
}

}  // namespace

PixelRect imgui_scissor(float clip_x0, float clip_y0, float clip_x1, float clip_y1, float offset_x, float offset_y,
                        float scale_x, float scale_y, int fb_height) {
  const float min_x = (clip_x0 - offset_x) * scale_x;
  const float min_y = (clip_y0 - offset_y) * scale_y;
  const float max_x = (clip_x1 - offset_x) * scale_x;
  const float max_y = (clip_y1 - offset_y) * scale_y;
  if (max_x <= min_x || max_y <= min_y) return {};
  return {static_cast<int>(min_x), static_cast<int>(static_cast<float>(fb_height) - max_y),
          static_cast<int>(max_x - min_x), static_cast<int>(max_y - min_y)};
}

std::vector<DrawnLayer> imgui_layers(const ImDrawData& data) {
  std::vector<DrawnLayer> layers;
  const int fb_height = framebuffer_height(data);
  layers.reserve(static_cast<std::size_t>(data.CmdListsCount));
  for (int i = 0; i < data.CmdListsCount; ++i) {
    const ImDrawList& list = *data.CmdLists[i];
    ContentHash hash;
    hash.add_bytes(list.VtxBuffer.Data, static_cast<std::size_t>(list.VtxBuffer.Size) * sizeof(ImDrawVert));
    hash.add_bytes(list.IdxBuffer.Data, static_cast<std::size_t>(list.IdxBuffer.Size) * sizeof(ImDrawIdx));
    bool any = false;
    int left = 0, bottom = 0, right = 0, top = 0;
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
      hash.add(cmd.ClipRect.x);
      hash.add(cmd.ClipRect.y);
      hash.add(cmd.ClipRect.z);
      hash.add(cmd.ClipRect.w);
      hash.add(reinterpret_cast<std::uintptr_t>(cmd.TextureId));
      hash.add(cmd.VtxOffset);
      hash.add(cmd.IdxOffset);
      hash.add(cmd.ElemCount);
      hash.add(reinterpret_cast<std::uintptr_t>(cmd.UserCallback));
      if (cmd.UserCallback != nullptr || cmd.ElemCount == 0) continue;
      const PixelRect scissor = scissor_of(data, cmd.ClipRect, fb_height);
      if (scissor.empty()) continue;
      const PixelRect s = intersection(scissor, vertices_extent(data, list, cmd, fb_height));
      if (s.empty()) continue;
      if (!any) {
        left = s.x, bottom = s.y, right = s.x + s.width, top = s.y + s.height;
        any = true;
      } else {
        left = std::min(left, s.x), bottom = std::min(bottom, s.y);
        right = std::max(right, s.x + s.width), top = std::max(top, s.y + s.height);
      }
    }
    layers.push_back({hash.value(), any ? PixelRect{left, bottom, right - left, top - bottom} : PixelRect{}});
  }
  return layers;
}

void render_imgui_within(ImDrawData& data, const PixelRect& rect) {
  const int fb_height = framebuffer_height(data);
  std::vector<ImVec4> whole;
  for (int i = 0; i < data.CmdListsCount; ++i) {
    for (ImDrawCmd& cmd : data.CmdLists[i]->CmdBuffer) {
      whole.push_back(cmd.ClipRect);
      const PixelRect cut = intersection(scissor_of(data, cmd.ClipRect, fb_height), rect);
      cmd.ClipRect = cut.empty() ? ImVec4(0.0f, 0.0f, 0.0f, 0.0f) : clip_for(data, cut, fb_height);
    }
  }
  ImGui_ImplOpenGL3_RenderDrawData(&data);
  std::size_t k = 0;
  for (int i = 0; i < data.CmdListsCount; ++i) {
    for (ImDrawCmd& cmd : data.CmdLists[i]->CmdBuffer) cmd.ClipRect = whole[k++];
  }
}

}  // namespace bvhscope::viewer
