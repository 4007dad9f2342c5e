#include "viewer/imgui_damage.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#include <imgui.h>
#include <imgui_impl_opengl3.h>

#include "viewer/content_hash.hpp"

namespace bvhscope::viewer {
namespace {

// Far beyond any framebuffer, well inside int.
constexpr float kFarPixels = 1.0e7f;

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

// The framebuffer pixels a box of ImGui's units can touch, widened by a pixel each way for
// rounding (scissors bound them too).
PixelRect pixels_of(const ImDrawData& data, float min_x, float min_y, float max_x, float max_y, int fb_height) {
  const ImVec2 scale = data.FramebufferScale;
  const ImVec2 offset = data.DisplayPos;
  // Clamped as floats first: a wild coordinate must not overflow the conversion; a NaN one makes
  // the rectangle everything (the scissor then bounds it).
  if (std::isnan(min_x) || std::isnan(min_y) || std::isnan(max_x) || std::isnan(max_y)) {
    const int far = static_cast<int>(kFarPixels);
    return {-far, -far, 2 * far, 2 * far};
  }
  const auto pixel = [](float v) { return std::clamp(v, -kFarPixels, kFarPixels); };
  const int left = static_cast<int>(std::floor(pixel((min_x - offset.x) * scale.x))) - 1;
  const int right = static_cast<int>(std::ceil(pixel((max_x - offset.x) * scale.x))) + 1;
  const int top = static_cast<int>(std::floor(pixel((min_y - offset.y) * scale.y))) - 1;
  const int bottom = static_cast<int>(std::ceil(pixel((max_y - offset.y) * scale.y))) + 1;
  return {left, fb_height - bottom, right - left, bottom - top};
}

// The framebuffer pixels the triangles of `cmd` can touch: the bounds of their vertices.
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
  return pixels_of(data, min_x, min_y, max_x, max_y, fb_height);
}

}  // namespace

bool ImGuiLayers::same_commands(const std::vector<Command>& a, const std::vector<Command>& b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::memcmp(a[i].clip, b[i].clip, sizeof(a[i].clip)) != 0 || a[i].texture != b[i].texture ||
        a[i].callback != b[i].callback)
      return false;
  }
  return true;
}

PixelRect ImGuiLayers::changed_pixels(const ImDrawData& data, const Kept& old, const Kept& now, int fb_height) {
  const auto same_vertex = [](const ImDrawVertCopy& a, const ImDrawVertCopy& b) {
    return std::memcmp(&a, &b, sizeof(ImDrawVertCopy)) == 0;
  };
  const std::size_t n = now.vertices.size();
  const std::size_t m = old.vertices.size();
  std::size_t vertex_prefix = 0;
  while (vertex_prefix < std::min(n, m) && same_vertex(now.vertices[vertex_prefix], old.vertices[vertex_prefix]))
    ++vertex_prefix;
  std::size_t vertex_suffix = 0;
  while (vertex_prefix + vertex_suffix < std::min(n, m) &&
         same_vertex(now.vertices[n - 1 - vertex_suffix], old.vertices[m - 1 - vertex_suffix]))
    ++vertex_suffix;
  const std::size_t ni = now.indices.size();
  const std::size_t mi = old.indices.size();
  // Index positions kept at the start: the same vertex, itself unchanged, under the same command.
  std::size_t index_prefix = 0;
  while (index_prefix < std::min(ni, mi) && now.indices[index_prefix] == old.indices[index_prefix] &&
         now.indices[index_prefix] < vertex_prefix && now.command_of[index_prefix] == old.command_of[index_prefix])
    ++index_prefix;
  // At the end: the same vertex counted from the end, among the unchanged last ones, same command.
  std::size_t index_suffix = 0;
  while (index_prefix + index_suffix < std::min(ni, mi)) {
    const std::size_t a = now.indices[ni - 1 - index_suffix];
    const std::size_t b = old.indices[mi - 1 - index_suffix];
    if (a + vertex_suffix < n || b + vertex_suffix < m || n - a != m - b ||
        now.command_of[ni - 1 - index_suffix] != old.command_of[mi - 1 - index_suffix])
      break;
    ++index_suffix;
  }
  const std::size_t first = index_prefix - index_prefix % 3;  // whole triangles only
  const std::size_t kept_end = index_suffix - index_suffix % 3;
  // The pixels the triangles in [first, end) of one frame's lists can touch, each inside its scissor.
  const auto touched = [&](const Kept& kept, std::size_t end) {
    PixelRect rect;
    for (std::size_t t = first; t + 3 <= end; t += 3) {
      const Command& c = kept.commands[kept.command_of[t]];
      if (c.callback != 0) continue;
      float min_x = 0.0f, min_y = 0.0f, max_x = 0.0f, max_y = 0.0f;
      for (std::size_t k = 0; k < 3; ++k) {
        const ImDrawVertCopy& v = kept.vertices[kept.indices[t + k]];
        min_x = k == 0 ? v.x : std::min(min_x, v.x), max_x = k == 0 ? v.x : std::max(max_x, v.x);
        min_y = k == 0 ? v.y : std::min(min_y, v.y), max_y = k == 0 ? v.y : std::max(max_y, v.y);
      }
      const PixelRect scissor = scissor_of(data, ImVec4(c.clip[0], c.clip[1], c.clip[2], c.clip[3]), fb_height);
      rect = united(rect, intersection(scissor, pixels_of(data, min_x, min_y, max_x, max_y, fb_height)));
    }
    return rect;
  };
  return united(touched(now, ni - kept_end), touched(old, mi - kept_end));
}

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

std::vector<DrawnLayer> ImGuiLayers::update(const ImDrawData& data) {
  static_assert(sizeof(ImDrawVert) == sizeof(ImDrawVertCopy));
  const int fb_height = framebuffer_height(data);
  std::vector<DrawnLayer> layers;
  layers.reserve(static_cast<std::size_t>(data.CmdListsCount));
  std::vector<Kept> kept = std::move(spare_);
  kept.resize(static_cast<std::size_t>(data.CmdListsCount));
  for (int i = 0; i < data.CmdListsCount; ++i) {
    const ImDrawList& list = *data.CmdLists[i];
    Kept& now = kept[static_cast<std::size_t>(i)];
    now.vertices.resize(static_cast<std::size_t>(list.VtxBuffer.Size));
    if (!now.vertices.empty())
      std::memcpy(now.vertices.data(), list.VtxBuffer.Data, now.vertices.size() * sizeof(ImDrawVert));
    now.indices.clear();
    now.command_of.clear();
    now.commands.clear();
    ContentHash hash;
    hash.add_bytes(list.VtxBuffer.Data, static_cast<std::size_t>(list.VtxBuffer.Size) * sizeof(ImDrawVert));
    hash.add_bytes(list.IdxBuffer.Data, static_cast<std::size_t>(list.IdxBuffer.Size) * sizeof(ImDrawIdx));
    PixelRect extent;
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
      const Command command{{cmd.ClipRect.x, cmd.ClipRect.y, cmd.ClipRect.z, cmd.ClipRect.w},
                            reinterpret_cast<std::uintptr_t>(cmd.TextureId),
                            cmd.ElemCount,
                            reinterpret_cast<std::uintptr_t>(cmd.UserCallback)};
      now.commands.push_back(command);
      for (float c : command.clip) hash.add(c);
      hash.add(command.texture);
      hash.add(cmd.VtxOffset);
      hash.add(cmd.IdxOffset);
      hash.add(cmd.ElemCount);
      hash.add(command.callback);
      for (unsigned k = 0; k < cmd.ElemCount; ++k) {
        now.indices.push_back(cmd.VtxOffset + list.IdxBuffer[static_cast<int>(cmd.IdxOffset + k)]);
        now.command_of.push_back(static_cast<std::uint32_t>(now.commands.size() - 1));
      }
      if (cmd.UserCallback != nullptr || cmd.ElemCount == 0) continue;
      const PixelRect scissor = scissor_of(data, cmd.ClipRect, fb_height);
      if (scissor.empty()) continue;
      extent = united(extent, intersection(scissor, vertices_extent(data, list, cmd, fb_height)));
    }
    now.hash = hash.value();
    now.id = reinterpret_cast<std::uintptr_t>(&list);
    DrawnLayer layer{now.id, now.hash, extent, std::nullopt};
    const auto before =
        std::find_if(last_.begin(), last_.end(), [&](const Kept& kept_list) { return kept_list.id == now.id; });
    if (before != last_.end() && before->hash != now.hash && same_commands(before->commands, now.commands)) {
      layer.changed = changed_pixels(data, *before, now, fb_height);
    }
    layers.push_back(layer);
  }
  spare_ = std::move(last_);
  last_ = std::move(kept);
  return layers;
}

void ImGuiLayers::render_within(ImDrawData& data, const PixelRect& rect) {
  const int fb_height = framebuffer_height(data);
  whole_clips_.clear();
  drawn_lists_.clear();
  for (int i = 0; i < data.CmdListsCount; ++i) {
    bool inside = false;
    for (ImDrawCmd& cmd : data.CmdLists[i]->CmdBuffer) {
      whole_clips_.push_back({cmd.ClipRect.x, cmd.ClipRect.y, cmd.ClipRect.z, cmd.ClipRect.w});
      const PixelRect cut = intersection(scissor_of(data, cmd.ClipRect, fb_height), rect);
      cmd.ClipRect = cut.empty() ? ImVec4(0.0f, 0.0f, 0.0f, 0.0f) : clip_for(data, cut, fb_height);
      inside = inside || (!cut.empty() && cmd.UserCallback == nullptr && cmd.ElemCount > 0);
    }
    if (inside) drawn_lists_.push_back(data.CmdLists[i]);
  }
  if (!drawn_lists_.empty()) {
    ImDrawData within = data;
    within.CmdLists = drawn_lists_.data();
    within.CmdListsCount = static_cast<int>(drawn_lists_.size());
    within.TotalVtxCount = 0;
    within.TotalIdxCount = 0;
    for (const ImDrawList* list : drawn_lists_) {
      within.TotalVtxCount += list->VtxBuffer.Size;
      within.TotalIdxCount += list->IdxBuffer.Size;
    }
    ImGui_ImplOpenGL3_RenderDrawData(&within);
  }
  std::size_t k = 0;
  for (int i = 0; i < data.CmdListsCount; ++i) {
    for (ImDrawCmd& cmd : data.CmdLists[i]->CmdBuffer) {
      const ImVec4Copy& c = whole_clips_[k++];
      cmd.ClipRect = ImVec4(c.x, c.y, c.z, c.w);
    }
  }
}

}  // namespace bvhscope::viewer
