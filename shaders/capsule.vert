// Bones and joint spheres of the solid style as ray-cast impostors: each bone capsule, with the
// sphere of its child joint, is drawn as one rectangle around its image (aligned with the bone's
// image), and capsule.frag finds the exact surfaces along the ray through each pixel; a root's sphere
// or a marked joint is a capsule of zero length. An instance reads 14 consecutive points of the
// bone buffer, seven bones (from, to) or, one point per capsule, a joint, and draws rectangle k
// (vertices 4k to 4k + 3) for its capsule k. The radii come from u_radii, one per point of the bone
// buffer: at a bone's `from` point the bone's, at its `to` point and at a joint's the joint sphere's.
// With u_point_colors the colours come from u_colors, also one per point: at a bone's `from` point
// its parent joint's, at its `to` point and at a joint's that joint's.
//
// The rectangle is the exact extent of the capsule's image along the bone's image and across it,
// u_margin_px further (so antialiased edges have pixels to fade out in): the capsule is the hull of
// its two end spheres (the child end's as big as its joint sphere when that is bigger), so its image
// is the hull of theirs, and a sphere's extent along a screen direction is where a plane of the
// view's rays touches it (through the eye, or along the view for an orthographic view:
// sphere_range). On llvmpipe the fragments outside the image cost nearly as much as those on it:
// the projected corners of a box around the capsule, bounded before, gave rectangles of about
// four times the figures' area. When the box around the capsule reaches behind the near plane,
// the camera is inside it or nearly touches it (boxes wholly outside the view are dropped first)
// and the rectangle is the whole view; the fragment shader still finds the exact surface, so the
// camera can come as close as it likes.
// Two triangles per capsule, where a box drawn as geometry takes twelve (llvmpipe sets up and bins
// every triangle on the drawing thread).
#version 330 core
layout(location = 2) in vec3 i_points[14];
uniform int u_points_per_capsule;  // 2: bones; 1: joint spheres
uniform mat4 u_view_proj;
uniform samplerBuffer u_radii;  // parallel to the bone buffer
uniform samplerBuffer u_colors;  // parallel to the bone buffer (read with u_point_colors)
uniform bool u_point_colors;
uniform int u_first_point;      // the bone buffer point instance 0 of this draw starts at
uniform float u_radius_scale;   // times each capsule's radius (marked joints are drawn bigger)
uniform float u_joint_scale;    // times the radius of the sphere at each capsule's `to` end; 0: none
uniform vec2 u_viewport_size;  // pixels
uniform float u_margin_px;
// The world direction of the ray through the viewport point at NDC (x, y) is u_ray_centre +
// x u_ray_dx + y u_ray_dy, and it starts at u_origin_centre + x u_origin_dx + y u_origin_dy: both
// linear in NDC, so they interpolate exactly across the rectangle. A perspective camera's rays all
// start at the eye (no origin spread); an orthographic camera's are parallel (no direction spread)
// and start across its view plane.
uniform vec3 u_ray_centre;
uniform vec3 u_ray_dx;
uniform vec3 u_ray_dy;
uniform vec3 u_origin_centre;
uniform vec3 u_origin_dx;
uniform vec3 u_origin_dy;
out vec3 v_ray;
out vec3 v_origin;
flat out vec3 v_from;
flat out vec3 v_to;
flat out float v_radius;
flat out float v_joint_radius;
flat out vec3 v_from_color;  // with u_point_colors: the joints' colours at `from` and `to`
flat out vec3 v_to_color;

vec2 g_half_viewport;
vec2 g_along;  // unit vectors in pixels: along the bone's image and across it
vec2 g_across;
vec2 g_low;  // the rectangle so far, as (along, across) extents in pixels
vec2 g_high;

// The least and greatest of s(p) = (L.p + L.w) / (W.p + W.w) over the sphere (centre, r), which lies
// where W.p + W.w > 0 (clip w: main() calls this for spheres in front of the near plane only):
// where the plane s(p) = s touches the sphere, (alpha - s beta)^2 = r^2 |L - s W|^2 (alpha, beta:
// the two at the centre), a quadratic a s^2 - 2 b s + c = 0 whose discriminant b^2 - a c is
// written as r^2 (|beta L - alpha W|^2 - r^2 |L x W|^2), free of the cancellation between b^2 and
// a c (both of the order of pixels^2 w^4).
vec2 sphere_range(vec4 l, vec4 w, vec3 centre, float r) {
  float alpha = dot(l.xyz, centre) + l.w;
  float beta = dot(w.xyz, centre) + w.w;
  float r2 = r * r;
  float a = beta * beta - r2 * dot(w.xyz, w.xyz);
  float b = alpha * beta - r2 * dot(l.xyz, w.xyz);
  vec3 spread = beta * l.xyz - alpha * w.xyz;
  vec3 skew = cross(l.xyz, w.xyz);
  float root = r * sqrt(max(dot(spread, spread) - r2 * dot(skew, skew), 0.0));
  return vec2((b - root) / a, (b + root) / a);
}

void extend(vec4 along_row, vec4 across_row, vec4 w_row, vec3 centre, float r) {
  vec2 along = sphere_range(along_row, w_row, centre, r);
  vec2 across = sphere_range(across_row, w_row, centre, r);
  g_low = min(g_low, vec2(along.x, across.x));
  g_high = max(g_high, vec2(along.y, across.y));
}

void main() {
  int k = gl_VertexID >> 2;
  vec3 i_from = i_points[k * u_points_per_capsule];
  vec3 i_to = i_points[k * u_points_per_capsule + u_points_per_capsule - 1];
  int first = u_first_point + gl_InstanceID * 14 + k * u_points_per_capsule;
  float radius = texelFetch(u_radii, first).r * u_radius_scale;
  float joint_radius = texelFetch(u_radii, first + u_points_per_capsule - 1).r * u_joint_scale;
  vec3 axis = i_to - i_from;
  float len = length(axis);
  vec3 y = len > 1e-6 ? axis / len : vec3(0.0, 1.0, 0.0);
  vec3 helper = abs(y.y) < 0.95 ? vec3(0.0, 1.0, 0.0) : vec3(1.0, 0.0, 0.0);
  vec3 x = normalize(cross(helper, y));
  vec3 z = cross(x, y);
  v_from = i_from;
  v_to = i_to;
  v_radius = radius;
  v_joint_radius = joint_radius;
  v_from_color = u_point_colors ? texelFetch(u_colors, first).rgb : vec3(0.0);
  v_to_color = u_point_colors ? texelFetch(u_colors, first + u_points_per_capsule - 1).rgb : vec3(0.0);
  float reach = max(radius, joint_radius);  // the box holds the capsule and the sphere

  g_half_viewport = 0.5 * u_viewport_size;
  // The box in clip space: its centre and half axes, so that corner (sx, sy, sz) is
  // c + sx hx + sy hy + sz hz; a point is in front of the near plane when its z + w >= 0.
  vec4 c = u_view_proj * vec4(0.5 * (i_from + i_to), 1.0);
  vec4 hx = u_view_proj * vec4(x * reach, 0.0);
  vec4 hy = u_view_proj * vec4(y * (0.5 * len + reach), 0.0);
  vec4 hz = u_view_proj * vec4(z * reach, 0.0);
  vec4 to_end = hy * (0.5 * len / (0.5 * len + reach));  // the bone's ends, for the direction of its image
  vec4 a = c - to_end;
  vec4 b = c + to_end;
  vec2 along = a.w > 0.0 && b.w > 0.0 ? (b.xy / b.w - a.xy / a.w) * g_half_viewport : vec2(0.0);
  g_along = dot(along, along) > 1e-6 ? normalize(along) : vec2(1.0, 0.0);
  g_across = vec2(-g_along.y, g_along.x);
  g_low = vec2(1e30);
  g_high = vec2(-1e30);
  // For a plane test f(p) linear in clip space (inside when f >= 0), the box's least and greatest f
  // are f(c) -/+ (|f(hx)| + |f(hy)| + |f(hz)|).
  vec4 spread = abs(hx) + abs(hy) + abs(hz);
  // Wholly outside one side of the view (x = -w, x = w, y = -w, y = w) or behind the near plane
  // (z = -w): nothing to draw.
  if (c.w + c.x + spread.w + spread.x < 0.0 || c.w - c.x + spread.w + spread.x < 0.0 ||
      c.w + c.y + spread.w + spread.y < 0.0 || c.w - c.y + spread.w + spread.y < 0.0 ||
      c.w + c.z + spread.w + spread.z < 0.0) {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    v_ray = u_ray_centre;
    v_origin = u_origin_centre;
    return;
  }
  if (c.z + c.w - abs(hx.z + hx.w) - abs(hy.z + hy.w) - abs(hz.z + hz.w) >= 0.0) {
    // Wholly in front of the near plane (almost always): the two end spheres' extents, in pixels
    // along and across the bone's image (the rows of clip x and y that give them, over clip w).
    vec4 row_x = vec4(u_view_proj[0][0], u_view_proj[1][0], u_view_proj[2][0], u_view_proj[3][0]);
    vec4 row_y = vec4(u_view_proj[0][1], u_view_proj[1][1], u_view_proj[2][1], u_view_proj[3][1]);
    vec4 row_w = vec4(u_view_proj[0][3], u_view_proj[1][3], u_view_proj[2][3], u_view_proj[3][3]);
    vec4 along_row = g_along.x * g_half_viewport.x * row_x + g_along.y * g_half_viewport.y * row_y;
    vec4 across_row = g_across.x * g_half_viewport.x * row_x + g_across.y * g_half_viewport.y * row_y;
    extend(along_row, across_row, row_w, i_from, radius);
    extend(along_row, across_row, row_w, i_to, reach);
  } else {
    // Across the near plane within the view: the camera is inside the box or nearly touches it,
    // and the rectangle is the whole view.
    g_along = vec2(1.0, 0.0);
    g_across = vec2(0.0, 1.0);
    g_low = -g_half_viewport;
    g_high = g_half_viewport;
  }
  vec2 st = vec2((gl_VertexID & 1) != 0 ? g_high.x + u_margin_px : g_low.x - u_margin_px,
                 (gl_VertexID & 2) != 0 ? g_high.y + u_margin_px : g_low.y - u_margin_px);
  vec2 ndc = (g_along * st.x + g_across * st.y) / g_half_viewport;
  gl_Position = vec4(ndc, 0.0, 1.0);
  v_ray = u_ray_centre + ndc.x * u_ray_dx + ndc.y * u_ray_dy;
  v_origin = u_origin_centre + ndc.x * u_origin_dx + ndc.y * u_origin_dy;
}
