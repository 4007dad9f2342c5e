// Hashes of what the viewer's 3D view shows, for FrameDamage: one of everything its picture
// depends on but the figures (camera, viewport, style, ground, scene revisions), one of the
// figures themselves (their staged points, colours and looks).
#pragma once

#include <cstddef>
#include <cstdint>

#include "gfx/scene_style.hpp"
#include "gfx/skeleton_pass.hpp"
#include "render/scene.hpp"

namespace bvhscope::viewer {

[[nodiscard]] std::uint64_t view_hash(const gfx::SceneView& view, const gfx::SceneStyle& style,
                                      const render::Scene& scene, std::size_t clips, bool ground_cached);
[[nodiscard]] std::uint64_t figures_hash(const gfx::SkeletonPass& pass);

}  // namespace bvhscope::viewer
