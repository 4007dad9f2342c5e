// The shadow mask's darkness at this pixel as source alpha: blended as colour x (1 - alpha), it
// darkens what is below the shadow.
#version 330 core
uniform sampler2D u_mask;  // single-sample, one channel, in the framebuffer's pixel coordinates
out vec4 frag_color;
void main() {
  frag_color = vec4(0.0, 0.0, 0.0, texelFetch(u_mask, ivec2(gl_FragCoord.xy), 0).r);
}
