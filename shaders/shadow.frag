// Darkness of the soft shadow: sharp and dark where the bone is close to the floor, wide and faint
// where it is high above it. Written to the shadow mask (gfx/shadow_mask: every channel, max over
// bones) or, without destination alpha, as a colour multiplied into the frame.
#version 330 core
in vec2 v_ground;
flat in vec3 v_from;
flat in vec3 v_to;
uniform float u_ground_y;
flat in float v_radius;
uniform float u_strength;
uniform float u_falloff_height;
uniform bool u_to_mask;
out vec4 frag_color;
void main() {
  vec2 a = v_from.xz;
  vec2 ab = v_to.xz - a;
  float t = clamp(dot(v_ground - a, ab) / max(dot(ab, ab), 1e-12), 0.0, 1.0);
  float d = length(v_ground - (a + ab * t));
  float height = max(mix(v_from.y, v_to.y, t) - u_ground_y, 0.0);
  float blur = v_radius * 0.8 + height * 0.3;
  float coverage = 1.0 - smoothstep(v_radius * 0.4, v_radius * 0.4 + blur, d);
  float darkness = coverage * u_strength * exp(-height / u_falloff_height);
  frag_color = u_to_mask ? vec4(darkness) : vec4(vec3(1.0 - darkness), 1.0);
}
