// Lines and points in world space with one colour (bones, axes, trajectory, joint dots).
#version 330 core
layout(location = 0) in vec3 a_position;
uniform mat4 u_view_proj;
uniform float u_point_size;
void main() {
  gl_Position = u_view_proj * vec4(a_position, 1.0);
  gl_PointSize = u_point_size;
}
