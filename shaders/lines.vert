// Lines and points in world space with one colour (bones, axes, trajectory, joint dots), or with
// u_vertex_colors a colour per vertex (attribute 1: a skeleton's per-joint colours).
#version 330 core
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec4 a_color;
uniform mat4 u_view_proj;
uniform float u_point_size;
uniform float u_depth_bias;  // clip-space depth pulled towards the eye: a ghost over the clip it lies on
out vec3 v_color;
void main() {
  gl_Position = u_view_proj * vec4(a_position, 1.0);
  gl_Position.z -= u_depth_bias;
  gl_PointSize = u_point_size;
  v_color = a_color.rgb;
}
