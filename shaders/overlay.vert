#version 330 core
// The overlay's items in pixels (y down) of a viewport of u_size pixels.
layout(location = 0) in vec2 a_pixel;
layout(location = 1) in vec2 a_local;   // from the shape's centre, along its axes
layout(location = 2) in vec2 a_half;    // the shape's half size
layout(location = 3) in vec4 a_radii;   // corner radii: bottom-right, top-right, bottom-left, top-left
layout(location = 4) in vec4 a_fill;
layout(location = 5) in vec4 a_border;
layout(location = 6) in vec4 a_params;  // border width, 1 for text, the atlas coordinates
layout(location = 7) in vec4 a_clip;    // min x, min y, max x, max y

uniform vec2 u_size;

out vec2 v_pixel;
out vec2 v_local;
flat out vec2 v_half;
flat out vec4 v_radii;
flat out vec4 v_fill;
flat out vec4 v_border;
out vec4 v_params;
flat out vec4 v_clip;

void main() {
  v_pixel = a_pixel;
  v_local = a_local;
  v_half = a_half;
  v_radii = a_radii;
  v_fill = a_fill;
  v_border = a_border;
  v_params = a_params;
  v_clip = a_clip;
  gl_Position = vec4(a_pixel.x / u_size.x * 2.0 - 1.0, 1.0 - a_pixel.y / u_size.y * 2.0, 0.0, 1.0);
}
