// Solid-style bones and joint spheres, ray-cast: along the ray from the eye through this pixel of a
// capsule's rectangle (capsule.vert), the exact bone capsule and the sphere of its child joint; the
// nearer hit's depth is written for the depth test, and it is lit as the solid style always was:
// sky/ground ambient, a key light, a camera fill, a little specular, a cool rim, and contact
// darkening close to the floor. Seen from above the floor, what is below it is hidden.
// In a multisampled target (u_samples > 1) alpha is the pixel's coverage by the shapes, for
// GL_SAMPLE_ALPHA_TO_COVERAGE, and pixels just outside an edge are shaded with the surface point
// nearest their ray, so the edge fades to the surface's own colour.
// With u_point_colors the base colour is the joints' own: a joint sphere's at its joint, a bone's
// graded along its axis from its parent joint's to its child joint's. u_opacity below 1 (a ghost's
// colour pass, without alpha-to-coverage) is written as alpha for blending.
#version 330 core
in vec3 v_ray;     // towards this pixel from the eye, not normalised
in vec3 v_origin;  // where the ray starts: the eye (perspective), or a point of the view plane (orthographic)
flat in vec3 v_from;
flat in vec3 v_to;
flat in float v_radius;
flat in float v_joint_radius;  // of the sphere at the child end (`to`); 0: none
flat in vec3 v_from_color;
flat in vec3 v_to_color;
uniform mat4 u_view_proj;
uniform vec3 u_color;
uniform vec3 u_joint_color;
uniform bool u_point_colors;
uniform float u_opacity;
uniform float u_depth_bias;  // clip-space depth pulled towards the eye: a ghost over the clip it lies on
uniform vec3 u_eye;
uniform vec3 u_light_dir;   // towards the light, normalised
uniform float u_ground_y;
uniform float u_contact_height;
uniform float u_pixel_size;  // world size of one pixel at view depth 1
uniform int u_samples;       // of the framebuffer; 0 or 1: no antialiasing
out vec4 frag_color;

const float kNone = 1e30;

vec3 g_origin;  // this pixel's ray origin (v_origin)

// One capsule (ends `from`, `to`, radius r) along the ray from the eye: t_hit, the distance from the
// eye to its first hit (kNone on a miss) and the normal there; and where the ray's line passes
// nearest its axis segment: the gap from the axis point there to the line, and the line's t there.
struct Trace {
  float t_hit;
  vec3 n_hit;
  vec3 axis_point;
  vec3 gap;
  float gap_length;
  float t_near;
};

Trace trace(vec3 from, vec3 to, float r, vec3 ray) {
  Trace result;
  vec3 half_axis = 0.5 * (to - from);
  // Coordinates centred on the capsule, and the ray's parameter s counted from its point nearest
  // the centre (the eye is at s = -t0), so the numbers stay the size of the capsule.
  vec3 centre = 0.5 * (from + to);
  float t0 = dot(centre - g_origin, ray);
  vec3 o = (g_origin - centre) + ray * t0;

  // The exact hit. A ray meets the capsule first either on the side of the cylinder around the
  // axis (where that point lies between the ends) or else on one of the end spheres.
  float s_hit = kNone;
  vec3 n_hit = vec3(0.0, 1.0, 0.0);
  float h2 = dot(half_axis, half_axis);
  if (h2 > 1e-12 * r * r) {
    vec3 a = half_axis * inversesqrt(h2);
    vec3 o_side = o - a * dot(o, a);  // components across the axis
    vec3 d_side = ray - a * dot(ray, a);
    float qa = dot(d_side, d_side);
    float qb = dot(o_side, d_side);
    float qc = dot(o_side, o_side) - r * r;
    float disc = qb * qb - qa * qc;
    if (qa > 1e-12 && disc >= 0.0) {
      float s = (-qb - sqrt(disc)) / qa;
      if (abs(dot(o + ray * s, a)) <= sqrt(h2)) {
        s_hit = s;
        n_hit = (o_side + d_side * s) / r;
      }
    }
  }
  if (s_hit == kNone) {
    for (int end = 0; end < 2; ++end) {
      vec3 oc = o - (end == 0 ? -half_axis : half_axis);
      float b = dot(oc, ray);
      float disc = b * b - (dot(oc, oc) - r * r);
      float s = -b - sqrt(max(disc, 0.0));
      if (disc >= 0.0 && s < s_hit) {
        s_hit = s;
        n_hit = (oc + ray * s) / r;
      }
    }
  }
  result.t_hit = s_hit == kNone ? kNone : t0 + s_hit;
  result.n_hit = n_hit;

  // Where the ray's line passes closest to the axis segment: its distance from the surface gives
  // the pixel's coverage, and the surface point there shades the pixels the edge only grazes.
  float along = dot(half_axis, ray);
  vec3 across = half_axis - ray * along;  // the axis as seen from the ray (o is across it too)
  float across2 = dot(across, across);
  float u = across2 > 1e-12 * r * r ? clamp(dot(o, across) / across2, -1.0, 1.0) : -sign(along);
  result.axis_point = centre + half_axis * u;
  result.gap = o + ray * (u * along) - half_axis * u;
  result.gap_length = length(result.gap);
  result.t_near = t0 + u * along;
  return result;
}

// The pixel's coverage by a capsule of radius r from its trace: 1 half a pixel or more inside the
// silhouette, 0 half a pixel or more outside.
float coverage_of(Trace trace, float r) {
  float depth = (u_view_proj * vec4(trace.axis_point + trace.gap, 1.0)).w;
  return clamp(0.5 + (r - trace.gap_length) / (u_pixel_size * max(depth, 1e-30)), 0.0, 1.0);
}

void main() {
  vec3 ray = normalize(v_ray);
  g_origin = v_origin;
  // The bone, and the sphere of the joint at its child end; a hit counts in front of the eye only
  // (from inside a capsule the camera sees out of it).
  Trace bone = trace(v_from, v_to, v_radius, ray);
  bool joint_on = v_joint_radius > 0.0;
  Trace joint = trace(v_to, v_to, joint_on ? v_joint_radius : v_radius, ray);
  float bone_t = bone.t_hit > 0.0 ? bone.t_hit : kNone;
  float joint_t = joint_on && joint.t_hit > 0.0 ? joint.t_hit : kNone;
  bool bone_behind = bone.t_hit <= 0.0;  // the eye is inside it, or it is behind the eye
  bool joint_behind = joint.t_hit <= 0.0;
  float bone_coverage = bone_behind ? 0.0 : coverage_of(bone, v_radius);
  float joint_coverage = joint_on && !joint_behind ? coverage_of(joint, v_joint_radius) : 0.0;
  bool hit = min(bone_t, joint_t) < kNone;
  // The nearer hit, or without one the shape that covers more of the pixel.
  bool on_joint = hit ? joint_t < bone_t : joint_coverage > bone_coverage;
  Trace shape = on_joint ? joint : bone;
  float r = on_joint ? v_joint_radius : v_radius;
  vec3 n = hit ? shape.n_hit : shape.gap / max(shape.gap_length, 1e-30);
  vec3 p = hit ? g_origin + ray * (on_joint ? joint_t : bone_t) : shape.axis_point + n * r;
  vec4 clip = u_view_proj * vec4(p, 1.0);
  float coverage = max(bone_coverage, joint_coverage);
  // Seen from above, the floor hides what is below it (with MSAA the cut fades over about a pixel).
  float pixel = u_pixel_size * max(clip.w, 1e-30);
  if (u_eye.y > u_ground_y) coverage *= clamp(0.5 + (p.y - u_ground_y) / pixel, 0.0, 1.0);

  bool in_front = hit || shape.t_near > 0.0;  // else the eye is inside or past it
  float ndc_z = (clip.z - u_depth_bias) / clip.w;
  if (!in_front || abs(ndc_z) > 1.0) discard;
  bool antialias = u_samples > 1;
  if (antialias ? coverage * float(u_samples) < 0.5 : !hit || (u_eye.y > u_ground_y && p.y < u_ground_y)) discard;
  gl_FragDepth = 0.5 * (gl_DepthRange.diff * ndc_z + gl_DepthRange.near + gl_DepthRange.far);

  vec3 v = -ray;
  vec3 sky = vec3(0.78, 0.82, 0.90);
  vec3 earth = vec3(0.32, 0.30, 0.29);
  vec3 ambient = mix(earth, sky, n.y * 0.5 + 0.5);
  float diffuse = max(dot(n, u_light_dir), 0.0);
  float specular = pow(max(dot(n, normalize(u_light_dir + v)), 0.0), 40.0) * 0.22;
  float fill = max(dot(n, v), 0.0);  // a soft light from the camera so no side goes black
  float rim = pow(1.0 - fill, 3.0) * 0.18;
  float contact = mix(0.6, 1.0, smoothstep(0.0, u_contact_height, p.y - u_ground_y));
  vec3 base = on_joint ? u_joint_color : u_color;
  if (u_point_colors) {
    vec3 axis = v_to - v_from;
    float along = clamp(dot(p - v_from, axis) / max(dot(axis, axis), 1e-30), 0.0, 1.0);
    base = on_joint ? v_to_color : mix(v_from_color, v_to_color, along);
  }
  vec3 color = base * (ambient * 0.55 + diffuse * 0.5 + fill * 0.28) * contact + specular + rim * vec3(0.55, 0.65, 0.85);
  // Alpha-to-coverage turns alpha into a number of samples in a way each implementation chooses
  // (llvmpipe rounds up); a whole number of samples, the nearest to the coverage, means the same to all.
  float samples = float(u_samples);
  float alpha = antialias ? floor(coverage * samples + 0.5) / samples : 1.0;
  frag_color = vec4(color, u_opacity < 1.0 ? u_opacity : alpha);
}
