// Vertical gradient behind the scene, dithered so 8-bit output shows no bands.
#version 330 core
in float v_height;
uniform vec3 u_top;
uniform vec3 u_bottom;
out vec4 frag_color;
void main() {
  vec3 color = mix(u_bottom, u_top, smoothstep(0.0, 1.0, v_height));
  float noise = fract(52.9829189 * fract(dot(gl_FragCoord.xy, vec2(0.06711056, 0.00583715))));
  frag_color = vec4(color + (noise - 0.5) / 255.0, 1.0);
}
