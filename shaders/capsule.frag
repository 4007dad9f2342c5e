// Soft studio lighting for the solid style: sky/ground ambient, a key light, a camera fill, a little specular,
// a cool rim, and contact darkening close to the floor.
#version 330 core
in vec3 v_normal;
in vec3 v_world;
uniform vec3 u_color;
uniform vec3 u_eye;
uniform vec3 u_light_dir;   // towards the light, normalised
uniform float u_ground_y;
uniform float u_contact_height;
out vec4 frag_color;
void main() {
  vec3 n = normalize(v_normal);
  vec3 v = normalize(u_eye - v_world);
  vec3 sky = vec3(0.78, 0.82, 0.90);
  vec3 earth = vec3(0.32, 0.30, 0.29);
  vec3 ambient = mix(earth, sky, n.y * 0.5 + 0.5);
  float diffuse = max(dot(n, u_light_dir), 0.0);
  float specular = pow(max(dot(n, normalize(u_light_dir + v)), 0.0), 40.0) * 0.22;
  float fill = max(dot(n, v), 0.0);  // a soft light from the camera so no side goes black
  float rim = pow(1.0 - fill, 3.0) * 0.18;
  float contact = mix(0.6, 1.0, smoothstep(0.0, u_contact_height, v_world.y - u_ground_y));
  vec3 color = u_color * (ambient * 0.55 + diffuse * 0.5 + fill * 0.28) * contact + specular + rim * vec3(0.55, 0.65, 0.85);
  frag_color = vec4(color, 1.0);
}
