// The multisample resolve (gfx/sample_resolve): each pixel the mean of its samples, as GL's blit
// resolves them. The rows of the rectangle read come out turned over (row y from source row
// u_row_sum - y, u_row_sum = 2 y0 + height - 1 of the rectangle), so that glReadPixels, which hands
// over the bottom row first, hands over the picture's top row first.
#version 330 core
uniform sampler2DMS u_color;
uniform int u_samples;
uniform int u_row_sum;
out vec4 frag_color;

void main() {
  ivec2 at = ivec2(gl_FragCoord.xy);
  at.y = u_row_sum - at.y;
  vec4 sum = vec4(0.0);
  for (int i = 0; i < u_samples; ++i) sum += texelFetch(u_color, at, i);
  frag_color = sum / float(u_samples);
}
