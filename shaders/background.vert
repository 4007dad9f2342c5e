// Full-screen triangle for the background gradient (no vertex buffer: positions from gl_VertexID).
#version 330 core
out float v_height;  // 0 at the bottom of the view, 1 at the top
void main() {
  vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  v_height = corner.y;
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
