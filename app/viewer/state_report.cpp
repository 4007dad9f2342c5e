#include "viewer/state_report.hpp"

#include <cstdio>
#include <fstream>
#include <sstream>

#include "anim/orbit_camera.hpp"

namespace bvhscope::viewer {

std::string describe_state(const Viewer& viewer) {
  const ViewerState& state = viewer.state();
  std::ostringstream out;
  out << "title=" << viewer.title() << '\n';
  out << "clip=" << (state.clip ? state.clip->clip.source : std::string()) << '\n';
  out << "file_name=" << state.file_name << '\n';
  out << "frames=" << state.clock.frame_count() << '\n';
  out << "frame=" << state.clock.frame() << '\n';
  out << "playing=" << state.clock.playing() << '\n';
  out << "loop=" << state.clock.looping() << '\n';
  out << "speed=" << state.clock.speed() << '\n';
  out << "interpolate=" << state.interpolate << '\n';
  out << "style=" << (state.display.solid ? "solid" : "lines") << '\n';
  out << "follow=" << state.follow << '\n';
  out << "loading=" << viewer.loader().busy() << '\n';
  out << "message_kind=" << (!state.message ? "none" : state.message->kind == Message::Kind::Error ? "error" : "info") << '\n';
  std::string message = state.message ? state.message->text : std::string();
  for (char& c : message) c = c == '\n' ? '|' : c;
  out << "message=" << message << '\n';
  if (state.clip) out << "position_mode=" << position_mode_name(state.clip->decision.mode) << '\n';
  const OrbitCamera& camera = state.camera;
  out << "camera=" << camera.target.x << ',' << camera.target.y << ',' << camera.target.z << ',' << camera.distance << ','
      << camera.yaw << ',' << camera.pitch << '\n';
  const Rect& view = viewer.layout().view;
  const Rect& timeline = viewer.layout().timeline;
  out << "timeline=" << timeline.x << ',' << timeline.y << ',' << timeline.width << ',' << timeline.height << '\n';
  out << "view=" << view.x << ',' << view.y << ',' << view.width << ',' << view.height << '\n';
  out << "joint_pixels=";
  const glm::mat4 view_projection = viewer.view_projection();
  for (std::size_t joint = 0; joint < state.pose.world.size(); ++joint) {
    const glm::vec3 p = project_to_pixels(view_projection, state.pose.position(static_cast<int>(joint)),
                                          glm::vec2(view.width, view.height));
    out << (joint == 0 ? "" : ";") << static_cast<int>(p.x + view.x) << ',' << static_cast<int>(p.y + view.y);
  }
  out << '\n';
  return out.str();
}

void write_state_file(const std::string& path, const std::string& text) {
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << text;
  }
  std::rename(temporary.c_str(), path.c_str());
}

}  // namespace bvhscope::viewer
