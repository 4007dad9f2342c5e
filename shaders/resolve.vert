// A triangle over the whole viewport for the multisample resolve (gfx/sample_resolve; positions from
// gl_VertexID, no vertex buffer; the scissor keeps it to the rectangle read).
#version 330 core
void main() {
  vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
