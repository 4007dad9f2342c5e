// Ground: a soft floor disc with anti-aliased minor (10 cm) and major (1 m) grid lines that fade
// with distance and when they get denser than the pixels can show.
#version 330 core
in vec3 v_world;
uniform vec3 u_center;
uniform float u_extent;
uniform float u_minor;
uniform float u_major;
uniform float u_pixel_scale;
uniform vec3 u_floor_color;
uniform float u_floor_alpha;
uniform vec3 u_minor_color;
uniform vec3 u_major_color;
out vec4 frag_color;

// Coverage of a grid line `width` pixels wide at grid coordinate `coord`.
float grid_line(vec2 coord, float width) {
  vec2 per_pixel = max(fwidth(coord), vec2(1e-6));
  vec2 distance_px = abs(fract(coord - 0.5) - 0.5) / per_pixel;
  float d = min(distance_px.x, distance_px.y);
  return 1.0 - smoothstep(width * 0.5 - 0.5, width * 0.5 + 0.5, d);
}

void main() {
  vec2 p = v_world.xz;
  float r = length(p - u_center.xz) / u_extent;
  float fade = 1.0 - smoothstep(0.45, 1.0, r);

  vec2 minor_coord = p / u_minor;
  float density = max(fwidth(minor_coord).x, fwidth(minor_coord).y);
  float minor = grid_line(minor_coord, 1.0 * u_pixel_scale) * (1.0 - smoothstep(0.12, 0.35, density));
  float major = grid_line(p / u_major, 1.4 * u_pixel_scale);

  float floor_alpha = u_floor_alpha * fade;
  float line_alpha = max(minor * 0.45, major * 0.85) * fade;
  vec3 line_color = major * 0.85 >= minor * 0.45 ? u_major_color : u_minor_color;
  float alpha = line_alpha + floor_alpha * (1.0 - line_alpha);
  vec3 color = alpha > 0.0 ? (line_color * line_alpha + u_floor_color * floor_alpha * (1.0 - line_alpha)) / alpha
                           : u_floor_color;
  frag_color = vec4(color, alpha);
}
