// One flat colour; with u_round_points, point sprites become discs with a dark rim.
#version 330 core
uniform vec4 u_color;
uniform bool u_round_points;
out vec4 frag_color;
void main() {
  if (u_round_points) {
    float r = length(gl_PointCoord * 2.0 - 1.0);
    if (r > 1.0) discard;
    frag_color = vec4(mix(u_color.rgb, u_color.rgb * 0.35, smoothstep(0.55, 0.8, r)), u_color.a);
    return;
  }
  frag_color = u_color;
}
