// Full-screen triangle for applying the shadow mask (no vertex buffer: positions from gl_VertexID;
// the scissor keeps it to the shadow's pixels).
#version 330 core
void main() {
  vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
