#include "formats/fbx_child.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <new>
#include <span>
#include <vector>

#include "formats/fbx_assimp.hpp"
#include "io/address_sanitizer.hpp"
#include "io/write_all.hpp"

namespace bvhscope {
namespace {

constexpr std::string_view kMagic = "BVHSFBX1";
// The child's limits: CPU seconds, and address space (none under AddressSanitizer, whose shadow
// memory needs terabytes of it).
constexpr rlim_t kChildCpuSeconds = 120;
#if defined(BVHSCOPE_ADDRESS_SANITIZER)
constexpr bool kLimitAddressSpace = false;
#else
constexpr bool kLimitAddressSpace = true;
#endif

class Writer {
 public:
  void u8(std::uint8_t value) { bytes_.push_back(static_cast<char>(value)); }
  void i32(std::int32_t value) { raw(&value, 4); }
  void u32(std::uint32_t value) { raw(&value, 4); }
  void f64(double value) { raw(&value, 8); }
  void f32s(std::span<const float> values) {
    u32(static_cast<std::uint32_t>(values.size()));
    raw(values.data(), values.size() * 4);
  }
  void u32s(std::span<const std::uint32_t> values) {
    u32(static_cast<std::uint32_t>(values.size()));
    raw(values.data(), values.size() * 4);
  }
  void text(std::string_view value) {
    u32(static_cast<std::uint32_t>(value.size()));
    raw(value.data(), value.size());
  }
  void raw(const void* data, std::size_t size) {
    if (size > 0) bytes_.append(static_cast<const char*>(data), size);  // an empty vector's data may be null
  }
  std::string take() { return std::move(bytes_); }

 private:
  std::string bytes_;
};

// Reads what Writer wrote, every count checked against the bytes left before anything is made.
class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  bool ok() const noexcept { return ok_; }
  std::uint8_t u8() {
    std::uint8_t value = 0;
    raw(&value, 1);
    return value;
  }
  std::int32_t i32() {
    std::int32_t value = 0;
    raw(&value, 4);
    return value;
  }
  std::uint32_t u32() {
    std::uint32_t value = 0;
    raw(&value, 4);
    return value;
  }
  double f64() {
    double value = 0.0;
    raw(&value, 8);
    return value;
  }
  // A count of items of at least `item_bytes` each that the bytes left can hold.
  std::uint32_t count(std::size_t item_bytes) {
    const std::uint32_t n = u32();
    if (!ok_ || static_cast<std::size_t>(n) > (bytes_.size() - at_) / std::max<std::size_t>(item_bytes, 1)) {
      ok_ = false;
      return 0;
    }
    return n;
  }
  std::pmr::vector<float> f32s() {
    const std::uint32_t n = count(4);
    std::pmr::vector<float> values(n);
    raw(values.data(), std::size_t{n} * 4);
    return values;
  }
  std::vector<std::uint32_t> u32s() {
    const std::uint32_t n = count(4);
    std::vector<std::uint32_t> values(n);
    raw(values.data(), std::size_t{n} * 4);
    return values;
  }
  std::string text() {
    const std::uint32_t n = count(1);
    std::string value(n, '\0');
    raw(value.data(), n);
    return value;
  }
  bool at_end() const noexcept { return at_ == bytes_.size(); }

 private:
  void raw(void* out, std::size_t size) {
    if (size == 0) return;  // an empty vector's data may be null: nothing to copy
    if (!ok_ || size > bytes_.size() - at_) {
      ok_ = false;
      return;
    }
    std::memcpy(out, bytes_.data() + at_, size);
    at_ += size;
  }
  std::string_view bytes_;
  std::size_t at_ = 0;
  bool ok_ = true;
};

void write_keys(Writer& out, const FbxKeys& keys) {
  out.f32s(keys.times);
  out.f32s(keys.values);
}

bool read_keys(Reader& in, FbxKeys& keys, std::size_t width) {
  keys.times = in.f32s();
  keys.values = in.f32s();
  return in.ok() && keys.values.size() == keys.times.size() * width;
}

// A skinned mesh: its node, name, joints (nodes) with their inverse bind matrices, and its vertex
// arrays flattened (positions, normals or none, influences, weights; triangles).
void write_mesh(Writer& out, const FbxSkinnedMesh& skinned) {
  const SkinnedMesh& mesh = skinned.mesh;
  out.i32(skinned.node);
  out.text(mesh.name);
  out.u32(static_cast<std::uint32_t>(mesh.joints.size()));
  for (std::size_t k = 0; k < mesh.joints.size(); ++k) {
    out.i32(mesh.joints[k]);
    for (int c = 0; c < 4; ++c)
      for (int r = 0; r < 4; ++r) out.f64(skinned.inverse_binds[k][c][r]);
  }
  std::vector<float> flat;
  const auto put = [&](const auto& vectors, int width) {
    flat.clear();
    for (const auto& v : vectors)
      for (int i = 0; i < width; ++i) flat.push_back(static_cast<float>(v[i]));
    out.f32s(flat);
  };
  put(mesh.positions, 3);
  put(mesh.normals, 3);
  put(mesh.influences, 4);
  put(mesh.weights, 4);
  out.u32s(mesh.indices);
}

bool read_mesh(Reader& in, FbxSkinnedMesh& skinned, int nodes) {
  SkinnedMesh& mesh = skinned.mesh;
  skinned.node = in.i32();
  mesh.name = in.text();
  const std::uint32_t joints = in.count(4 + 128);
  for (std::uint32_t k = 0; k < joints && in.ok(); ++k) {
    const int joint = in.i32();
    if (joint < 0 || joint >= nodes) return false;
    mesh.joints.push_back(joint);
    glm::dmat4& inverse = skinned.inverse_binds.emplace_back(1.0);
    for (int c = 0; c < 4; ++c)
      for (int r = 0; r < 4; ++r) inverse[c][r] = in.f64();
  }
  const std::pmr::vector<float> positions = in.f32s();
  const std::pmr::vector<float> normals = in.f32s();
  const std::pmr::vector<float> influences = in.f32s();
  const std::pmr::vector<float> weights = in.f32s();
  mesh.indices = in.u32s();
  const std::size_t vertices = positions.size() / 3;
  if (!in.ok() || skinned.node < 0 || skinned.node >= nodes || positions.size() != vertices * 3 ||
      (!normals.empty() && normals.size() != vertices * 3) || influences.size() != vertices * 4 ||
      weights.size() != vertices * 4)
    return false;
  for (std::size_t v = 0; v < vertices; ++v) {
    mesh.positions.emplace_back(positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]);
    if (!normals.empty()) mesh.normals.emplace_back(normals[v * 3], normals[v * 3 + 1], normals[v * 3 + 2]);
    std::array<std::uint16_t, 4> influence{};
    for (std::size_t i = 0; i < 4; ++i) {
      const float joint = influences[v * 4 + i];
      if (!(joint >= 0.0f && joint < static_cast<float>(joints))) return false;
      influence[i] = static_cast<std::uint16_t>(joint);
    }
    mesh.influences.push_back(influence);
    mesh.weights.emplace_back(weights[v * 4], weights[v * 4 + 1], weights[v * 4 + 2], weights[v * 4 + 3]);
  }
  return true;
}

// The child: limits, assimp, the report on `fd`; never returns.
[[noreturn]] void run_child(std::string_view bytes, int fd) {
  const rlimit cpu{kChildCpuSeconds, kChildCpuSeconds + 5};
  ::setrlimit(RLIMIT_CPU, &cpu);
  if (kLimitAddressSpace) {
    const std::size_t wanted = std::max<std::size_t>(std::size_t{2} << 30, bytes.size() * 32);
    const auto limit = static_cast<rlim_t>(std::min<std::size_t>(wanted, std::size_t{12} << 30));
    const rlimit memory{limit, limit};
    ::setrlimit(RLIMIT_AS, &memory);
  }
  std::string report;
  try {
    FbxScene scene;
    std::string error;
    if (read_fbx_with_assimp(bytes, scene, error)) {
      report = encode_fbx_scene(scene);
    } else {
      Writer out;
      out.raw(kMagic.data(), kMagic.size());
      out.u8(1);
      out.text(error);
      report = out.take();
    }
  } catch (const std::bad_alloc&) {
    report = std::string(kMagic) + '\2';
  } catch (...) {
    report = std::string(kMagic) + '\3';
  }
  _exit(io::write_all(fd, report) ? 0 : 1);
}

}  // namespace

std::string encode_fbx_scene(const FbxScene& scene) {
  Writer out;
  out.raw(kMagic.data(), kMagic.size());
  out.u8(0);
  out.f64(scene.metres_per_unit);
  out.f64(scene.frame_rate);
  for (const int value :
       {scene.up_axis, scene.up_sign, scene.front_axis, scene.front_sign, scene.coord_axis, scene.coord_sign})
    out.i32(value);
  out.u32(static_cast<std::uint32_t>(scene.nodes.size()));
  for (const FbxNode& node : scene.nodes) {
    out.text(node.name);
    out.i32(node.parent);
    for (int c = 0; c < 4; ++c)
      for (int r = 0; r < 4; ++r) out.f64(node.local[c][r]);
    out.u8(node.has_mesh ? 1 : 0);
  }
  out.u32(static_cast<std::uint32_t>(scene.bones.size()));
  for (const int bone : scene.bones) out.i32(bone);
  out.u32(static_cast<std::uint32_t>(scene.animations.size()));
  for (const FbxAnimation& animation : scene.animations) {
    out.text(animation.name);
    out.u32(static_cast<std::uint32_t>(animation.channels.size()));
    for (const FbxChannel& channel : animation.channels) {
      out.i32(channel.node);
      write_keys(out, channel.translation);
      write_keys(out, channel.rotation);
      write_keys(out, channel.scale);
    }
  }
  out.u32(static_cast<std::uint32_t>(scene.meshes.size()));
  for (const FbxSkinnedMesh& mesh : scene.meshes) write_mesh(out, mesh);
  out.u32(static_cast<std::uint32_t>(scene.warnings.size()));
  for (const Diagnostic& warning : scene.warnings) out.text(warning.message);
  return out.take();
}

Result<FbxScene> decode_fbx_scene(std::string_view bytes, std::string_view source) {
  const auto fail = [&](const std::string& message) { return Diagnostic{std::string(source), 0, 0, message}; };
  if (bytes.substr(0, kMagic.size()) != kMagic) return fail("the FBX reader (assimp) sent back no scene");
  Reader in(bytes.substr(kMagic.size()));
  const std::uint8_t status = in.u8();
  if (status == 1) {
    const std::string message = in.text();
    Diagnostic error = fail("assimp cannot read it: " + (in.ok() ? message : std::string("(no message)")));
    // ASCII FBX: assimp's "(TOK_DATA, line 2, col 9)" is the location.
    const std::size_t line_at = message.find("line ");
    const std::size_t column_at = message.find(", col ", line_at == std::string::npos ? 0 : line_at);
    if (line_at != std::string::npos && column_at != std::string::npos) {
      int line = 0;
      int column = 0;
      const auto parsed_line = std::from_chars(message.data() + line_at + 5, message.data() + column_at, line);
      const auto parsed_column =
          std::from_chars(message.data() + column_at + 6, message.data() + message.size(), column);
      if (parsed_line.ec == std::errc{} && parsed_line.ptr == message.data() + column_at &&
          parsed_column.ec == std::errc{} && line > 0 && column > 0) {
        error.line = line;
        error.column = column;
      }
    }
    return error;
  }
  if (status == 2) return fail("assimp ran out of memory reading it");
  if (status != 0) return fail("assimp failed reading it");
  const auto broken = [&](const std::string& what) {
    return fail("the FBX reader sent back a damaged scene (" + what + ")");
  };
  FbxScene scene;
  scene.metres_per_unit = in.f64();
  scene.frame_rate = in.f64();
  int* axes[] = {&scene.up_axis,    &scene.up_sign,    &scene.front_axis,
                 &scene.front_sign, &scene.coord_axis, &scene.coord_sign};
  for (int* value : axes) *value = in.i32();
  const std::uint32_t nodes = in.count(4 + 4 + 128 + 1);
  scene.nodes.resize(nodes);
  for (std::uint32_t n = 0; n < nodes && in.ok(); ++n) {
    FbxNode& node = scene.nodes[n];
    node.name = in.text();
    node.parent = in.i32();
    for (int c = 0; c < 4; ++c)
      for (int r = 0; r < 4; ++r) node.local[c][r] = in.f64();
    node.has_mesh = in.u8() != 0;
    if (node.parent < -1 || node.parent >= static_cast<int>(n)) return broken("a node's parent comes after it");
  }
  const std::uint32_t bones = in.count(4);
  for (std::uint32_t b = 0; b < bones && in.ok(); ++b) {
    const int bone = in.i32();
    if (bone < 0 || bone >= static_cast<int>(nodes)) return broken("a bone that is not a node");
    scene.bones.push_back(bone);
  }
  const std::uint32_t animations = in.count(8);
  scene.animations.resize(animations);
  for (std::uint32_t a = 0; a < animations && in.ok(); ++a) {
    FbxAnimation& animation = scene.animations[a];
    animation.name = in.text();
    const std::uint32_t channels = in.count(4 + 6 * 4);
    animation.channels.resize(channels);
    for (std::uint32_t c = 0; c < channels && in.ok(); ++c) {
      FbxChannel& channel = animation.channels[c];
      channel.node = in.i32();
      if (channel.node < 0 || channel.node >= static_cast<int>(nodes)) return broken("keys for a node that is not");
      if (!read_keys(in, channel.translation, 3) || !read_keys(in, channel.rotation, 4) ||
          !read_keys(in, channel.scale, 3))
        return broken("keys without their values");
    }
  }
  const std::uint32_t meshes = in.count(4 + 4 + 4 + 5 * 4);
  scene.meshes.resize(meshes);
  for (std::uint32_t m = 0; m < meshes && in.ok(); ++m)
    if (!read_mesh(in, scene.meshes[m], static_cast<int>(nodes))) return broken("a skinned mesh that does not hold");
  const std::uint32_t warnings = in.count(4);
  for (std::uint32_t w = 0; w < warnings && in.ok(); ++w)
    scene.warnings.push_back(Diagnostic{std::string(source), 0, 0, in.text()});
  if (!in.ok() || !in.at_end()) return broken("cut short or too long");
  if (!(scene.metres_per_unit > 0.0) || !std::isfinite(scene.metres_per_unit))
    return broken("a unit that is not a length");
  if (!(scene.frame_rate >= 0.0) || !std::isfinite(scene.frame_rate)) return broken("a frame rate that is not one");
  return scene;
}

Result<FbxScene> read_fbx_scene(std::string_view bytes, std::string_view source) {
  const auto fail = [&](const std::string& message) { return Diagnostic{std::string(source), 0, 0, message}; };
  int pipe_fds[2];
  if (::pipe2(pipe_fds, O_CLOEXEC) != 0)
    return fail(std::string("cannot start the FBX reader: ") + std::strerror(errno));
  const pid_t child = ::fork();
  if (child < 0) {
    ::close(pipe_fds[0]);
    ::close(pipe_fds[1]);
    return fail(std::string("cannot start the FBX reader: ") + std::strerror(errno));
  }
  if (child == 0) {
    ::close(pipe_fds[0]);
    run_child(bytes, pipe_fds[1]);
  }
  ::close(pipe_fds[1]);
  // The report, at most a generous multiple of the file (keys as floats, names): past it, the child
  // is stopped.
  const std::size_t most = std::size_t{256} << 20 | bytes.size() * 64;
  std::string report;
  char block[1 << 16];
  bool too_much = false;
  for (;;) {
    const ssize_t got = ::read(pipe_fds[0], block, sizeof block);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    if (report.size() + static_cast<std::size_t>(got) > most) {
      too_much = true;
      ::kill(child, SIGKILL);
      break;
    }
    report.append(block, static_cast<std::size_t>(got));
  }
  ::close(pipe_fds[0]);
  int status = 0;
  while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  if (too_much) return fail("the FBX reader (assimp) sent back more than " + std::to_string(most) + " bytes");
  if (WIFSIGNALED(status)) {
    const int signal = WTERMSIG(status);
    if (signal == SIGXCPU || signal == SIGKILL)
      return fail("assimp took more than " + std::to_string(kChildCpuSeconds) +
                  " s of CPU time reading it, and was stopped");
    return fail(std::string("assimp crashed reading it (") + ::strsignal(signal) +
                "); it runs in a process of its own, so nothing else was lost");
  }
  return decode_fbx_scene(report, source);
}

}  // namespace bvhscope
