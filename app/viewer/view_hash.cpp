#include "viewer/view_hash.hpp"

#include "viewer/content_hash.hpp"

namespace bvhscope::viewer {

std::uint64_t view_hash(const gfx::SceneView& view, const gfx::SceneStyle& style, const render::Scene& scene,
                        std::size_t clips, bool ground_cached) {
  ContentHash h;
  h.add(view.view);
  h.add(view.projection);
  h.add(view.eye);
  h.add(view.viewport.x);
  h.add(view.viewport.y);
  h.add(view.viewport.width);
  h.add(view.viewport.height);
  h.add(style.bones);
  h.add(style.show_grid);
  h.add(style.show_axes);
  h.add(style.show_trajectory);
  h.add(style.show_joints);
  h.add(style.show_shadow);
  h.add(style.pixel_scale);
  h.add(style.highlight_joint);
  h.add(style.show_trail);
  h.add(style.trail_first);
  h.add(style.trail_last);
  h.add(style.trail_current);
  const gfx::Palette& p = style.palette;
  for (const glm::vec3& c :
       {p.background_top, p.background_bottom, p.floor, p.grid_minor, p.grid_major, p.bone, p.solid, p.joint,
        p.highlight, p.hover, p.trail, p.trajectory, p.axis_x, p.axis_y, p.axis_z}) {
    h.add(c);
  }
  h.add(scene.ground.center);
  h.add(scene.ground.minor_spacing);
  h.add(scene.ground.major_spacing);
  h.add(scene.ground.extent);
  h.add(scene.revision);
  h.add(scene.trail_revision);
  h.add(scene.overlay.items.size());
  h.add(clips);
  h.add(ground_cached);
  return h.value();
}

std::uint64_t figures_hash(const gfx::SkeletonPass& pass) {
  ContentHash h;
  const auto points = pass.staged_points();
  h.add_bytes(points.data(), points.size_bytes());
  const auto colors = pass.staged_colors();
  h.add_bytes(colors.data(), colors.size_bytes());
  for (const gfx::ClipLook& look : pass.looks()) {
    h.add(look.use_palette);
    h.add(look.line_color);
    h.add(look.solid_color);
    h.add(look.visible);
    h.add(look.selected);
    h.add(look.hovered);
    h.add(look.opacity);
    h.add(look.joint_colors.size());
    h.add_bytes(look.joint_colors.data(), look.joint_colors.size() * sizeof(glm::vec3));
  }
  return h.value();
}

}  // namespace bvhscope::viewer
