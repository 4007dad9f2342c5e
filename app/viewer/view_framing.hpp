// What the view remembers about framing: the last framing (F, Shift+F, R, a new clip) while the
// camera stays where it put it, a framing asked for the next render (a new clip, a clip prepared
// again upright), the view around a clip that streams in, and a selection to keep clear of the
// curves strip and the compare legend (eased up from under them).
#pragma once

#include <optional>

#include "anim/measure.hpp"
#include "model/label_layout.hpp"
#include "model/orbit_camera.hpp"
#include "model/view_reveal.hpp"

namespace bvhscope::viewer {

struct ViewFraming {
  // The last framing while the camera stays where it put it: when the view changes shape (the
  // window resized, the panels shown or hidden) the same bounds are framed again for the new
  // shape, so nothing framed is cut off; any camera move ends it.
  struct Framing {
    Bounds bounds;
    OrbitCamera camera;
    float aspect = 1.0f;
  };
  // The view around a clip that streams in: the camera before it (back when its load fails and
  // what it replaced returns) and right after framing its first frame (taken at the next render),
  // to tell when it ends whether the user moved the view.
  struct StreamView {
    int clip_id = 0;
    OrbitCamera camera_before;
    std::optional<OrbitCamera> framed;
    bool capture_framing = false;
  };

  std::optional<Framing> framing;
  std::optional<StreamView> stream_view;
  int reframe_clip_id = 0;  // frame the view when this clip has been prepared again (a new up axis)
  bool frame_on_next_render = false;
  // What was just selected (a joint; -1: the clip's whole figure, Worst frame's clip), revealed
  // once the frame shows its pose: eased up from under the curves strip or the legend.
  struct Reveal {
    int clip_id = 0;
    int joint = -1;
    int wait_frames = 1;  // frames drawn before it is judged (its pose reaches the screen)
  };
  std::optional<Reveal> reveal;
  CameraGlide glide;               // the camera's target easing up to reveal it
  std::optional<LabelBox> legend;  // the compare legend as last drawn
};

}  // namespace bvhscope::viewer
