// One flat colour, or with u_vertex_colors the vertex's (interpolated along a line) with u_color's
// alpha (a ghost's opacity); with u_round_points, point sprites become discs with a dark rim.
#version 330 core
in vec3 v_color;
uniform vec4 u_color;
uniform bool u_vertex_colors;
uniform bool u_round_points;
out vec4 frag_color;
void main() {
  vec4 color = u_vertex_colors ? vec4(v_color, u_color.a) : u_color;
  if (u_round_points) {
    float r = length(gl_PointCoord * 2.0 - 1.0);
    if (r > 1.0) discard;
    frag_color = vec4(mix(color.rgb, color.rgb * 0.35, smoothstep(0.55, 0.8, r)), color.a);
    return;
  }
  frag_color = color;
}
