// Instanced capsules (bones) and spheres (joints): a unit capsule mesh whose vertices carry a
// direction and which end they belong to, placed between each instance's two points.
#version 330 core
layout(location = 0) in vec3 a_direction;  // unit vector in capsule space, +Y along the bone
layout(location = 1) in float a_end;       // 0: the `from` end, 1: the `to` end
layout(location = 2) in vec3 i_from;
layout(location = 3) in vec3 i_to;
uniform mat4 u_view_proj;
uniform float u_radius;
uniform float u_taper;  // 1 for bones: short bones get thinner; 0 for joint spheres
out vec3 v_normal;
out vec3 v_world;
void main() {
  vec3 axis = i_to - i_from;
  float len = length(axis);
  vec3 y = len > 1e-6 ? axis / len : vec3(0.0, 1.0, 0.0);
  vec3 helper = abs(y.y) < 0.95 ? vec3(0.0, 1.0, 0.0) : vec3(1.0, 0.0, 0.0);
  vec3 x = normalize(cross(helper, y));
  vec3 z = cross(y, x);
  float radius = mix(u_radius, clamp(len * 0.22, u_radius * 0.3, u_radius), u_taper);
  vec3 n = x * a_direction.x + y * a_direction.y + z * a_direction.z;
  v_normal = n;
  v_world = mix(i_from, i_to, a_end) + n * radius;
  gl_Position = u_view_proj * vec4(v_world, 1.0);
}
