// The shadow mask's darkness at this pixel as source alpha: blended as colour x (1 - alpha), it
// darkens what is below the shadow. At scale 1 a texel a pixel; at scale 2 a texel spans 2x2
// pixels and is read with bilinear filtering. Only inside u_pixels: llvmpipe's scissor lets a
// multisampled draw touch some samples of the column left of it, which may hold darkness at scale
// 2 (the texels there are drawn for the bilinear reads) and must not be darkened twice.
#version 330 core
uniform sampler2D u_mask;  // single-sample, one channel, covering the framebuffer from its origin
uniform int u_scale;
uniform vec4 u_pixels;  // x0, y0, x1, y1 in framebuffer pixels: where the pass may darken
out vec4 frag_color;
void main() {
  if (gl_FragCoord.x < u_pixels.x || gl_FragCoord.y < u_pixels.y || gl_FragCoord.x > u_pixels.z ||
      gl_FragCoord.y > u_pixels.w) {
    discard;
  }
  float darkness = u_scale == 1
                       ? texelFetch(u_mask, ivec2(gl_FragCoord.xy), 0).r
                       : texture(u_mask, gl_FragCoord.xy / (float(u_scale) * vec2(textureSize(u_mask, 0)))).r;
  if (darkness == 0.0) discard;  // nothing to darken: no blend, no write
  frag_color = vec4(0.0, 0.0, 0.0, darkness);
}
