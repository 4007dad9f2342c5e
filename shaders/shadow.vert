// Soft ground shadow: one quad per bone on the floor, covering the bone's footprint straight below.
// An instance reads 14 consecutive points of the bone buffer, seven bones (from, to), and draws quad
// k (vertices 4k to 4k + 3) for its bone k, as wide as the bone (its radius from u_radii at its
// `from` point, as in capsule.vert).
#version 330 core
layout(location = 2) in vec3 i_points[14];
uniform mat4 u_view_proj;
uniform float u_ground_y;
uniform samplerBuffer u_radii;  // parallel to the bone buffer
uniform int u_first_point;      // the bone buffer point instance 0 of this draw starts at
uniform float u_radius_scale;
out vec2 v_ground;
flat out vec3 v_from;
flat out vec3 v_to;
flat out float v_radius;
void main() {
  int k = gl_VertexID >> 2;
  vec3 i_from = i_points[2 * k];
  vec3 i_to = i_points[2 * k + 1];
  float radius = texelFetch(u_radii, u_first_point + gl_InstanceID * 14 + 2 * k).r * u_radius_scale;
  v_radius = radius;
  vec2 a_corner = vec2((gl_VertexID & 1) != 0 ? 1.0 : -1.0, (gl_VertexID & 2) != 0 ? 1.0 : -1.0);
  vec2 a = i_from.xz;
  vec2 b = i_to.xz;
  float height = max(max(i_from.y, i_to.y) - u_ground_y, 0.0);
  // shadow.frag's darkness is exactly 0 beyond 1.2 radii + 0.3 x the height from the bone: the
  // quad reaches a little further and no more (a software renderer pays for every pixel of it).
  float spread = radius * 1.25 + height * 0.31;
  vec2 axis = b - a;
  float len = length(axis);
  vec2 along = len > 1e-6 ? axis / len : vec2(1.0, 0.0);
  vec2 across = vec2(-along.y, along.x);
  vec2 mid = (a + b) * 0.5;
  v_ground = mid + along * a_corner.x * (len * 0.5 + spread) + across * a_corner.y * spread;
  v_from = i_from;
  v_to = i_to;
  gl_Position = u_view_proj * vec4(v_ground.x, u_ground_y, v_ground.y, 1.0);
}
