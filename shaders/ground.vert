// The ground square under the motion, built from gl_VertexID (4 vertices, triangle strip).
#version 330 core
uniform mat4 u_view_proj;
uniform vec3 u_center;
uniform float u_extent;
out vec3 v_world;
void main() {
  vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1)) * 2.0 - 1.0;
  v_world = u_center + vec3(corner.x, 0.0, corner.y) * u_extent;
  gl_Position = u_view_proj * vec4(v_world, 1.0);
}
