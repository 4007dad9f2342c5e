#version 330 core
// A rounded box (its fill and outline) as a signed distance, or a glyph's coverage from the font
// atlas; premultiplied alpha, blended with (1, 1 - source alpha).
in vec2 v_pixel;
in vec2 v_local;
flat in vec2 v_half;
flat in vec4 v_radii;
flat in vec4 v_fill;
flat in vec4 v_border;
in vec4 v_params;
flat in vec4 v_clip;

uniform sampler2D u_atlas;

out vec4 frag_color;

// Distance from p to a box of half size b centred at the origin, corners rounded by r (y down).
float rounded_box(vec2 p, vec2 b, vec4 r) {
  vec2 side = p.x > 0.0 ? r.xy : r.zw;
  float radius = p.y > 0.0 ? side.x : side.y;
  vec2 q = abs(p) - b + radius;
  return min(max(q.x, q.y), 0.0) + length(max(q, 0.0)) - radius;
}

void main() {
  if (v_pixel.x < v_clip.x || v_pixel.y < v_clip.y || v_pixel.x >= v_clip.z || v_pixel.y >= v_clip.w) discard;
  if (v_params.y > 0.5) {
    float alpha = v_fill.a * texture(u_atlas, v_params.zw).r;
    frag_color = vec4(v_fill.rgb * alpha, alpha);
    return;
  }
  float d = rounded_box(v_local, v_half, v_radii);
  float outside_in = clamp(0.5 - d, 0.0, 1.0);                  // covered by the shape
  float inside_border = clamp(0.5 - d - v_params.x, 0.0, 1.0);  // covered by the inside of its outline
  float fill = v_params.x > 0.0 ? inside_border : outside_in;
  float border = v_params.x > 0.0 ? outside_in - inside_border : 0.0;
  frag_color = vec4(v_fill.rgb * v_fill.a, v_fill.a) * fill + vec4(v_border.rgb * v_border.a, v_border.a) * border;
}
