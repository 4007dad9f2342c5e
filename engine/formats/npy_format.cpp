#include "formats/npy_format.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <span>
#include <vector>

#include "anim/file_loader.hpp"
#include "formats/joint_layouts.hpp"
#include "formats/npy_array.hpp"
#include "formats/ric_features.hpp"

namespace bvhscope {
namespace {

// Where the motions, frames, joints and x/y/z of an array are: each axis's length and stride.
struct ArrayAxes {
  std::size_t motions = 1, frames = 0, joints = 0;
  std::size_t motion_stride = 0, frame_stride = 0, joint_stride = 0, coordinate_stride = 0;
  // HumanML3D/KIT-ML feature vectors, (frames, features): ric_features.hpp decodes them.
  bool features = false;
  std::size_t feature_stride = 0;
};

Result<ArrayAxes> axes_of(const NpyArray& array, std::string_view source) {
  const std::vector<std::size_t>& shape = array.shape;
  const std::vector<std::size_t> strides = array.strides();
  ArrayAxes axes;
  if (shape.size() == 3 && shape[2] == 3) {  // (frames, joints, 3)
    axes.frames = shape[0];
    axes.joints = shape[1];
    axes.frame_stride = strides[0];
    axes.joint_stride = strides[1];
    axes.coordinate_stride = strides[2];
  } else if (shape.size() == 4 && shape[3] == 3) {  // (motions, frames, joints, 3)
    axes.motions = shape[0];
    axes.frames = shape[1];
    axes.joints = shape[2];
    axes.motion_stride = strides[0];
    axes.frame_stride = strides[1];
    axes.joint_stride = strides[2];
    axes.coordinate_stride = strides[3];
  } else if (shape.size() == 4 && shape[2] == 3) {  // MDM's (motions, joints, 3, frames)
    axes.motions = shape[0];
    axes.joints = shape[1];
    axes.frames = shape[3];
    axes.motion_stride = strides[0];
    axes.joint_stride = strides[1];
    axes.coordinate_stride = strides[2];
    axes.frame_stride = strides[3];
  } else if (shape.size() == 2 && (shape[1] == ric_feature_count(22) || shape[1] == ric_feature_count(21))) {
    axes.features = true;  // (frames, 263): HumanML3D; (frames, 251): KIT-ML
    axes.frames = shape[0];
    axes.joints = shape[1] == ric_feature_count(22) ? 22 : 21;
    axes.frame_stride = strides[0];
    axes.feature_stride = strides[1];
  } else {
    return Diagnostic{std::string(source), 0, 0,
                      "shape " + array.shape_text() +
                          " is not joint positions; expected (frames, joints, 3), (motions, frames, joints, 3), "
                          "(motions, joints, 3, frames), or HumanML3D/KIT-ML feature vectors (frames, 263) or "
                          "(frames, 251)"};
  }
  if (axes.motions == 0 || axes.frames == 0 || axes.joints == 0)
    return Diagnostic{std::string(source), 0, 0, "shape " + array.shape_text() + " holds no joint positions"};
  if (axes.motions > 100000)
    return Diagnostic{std::string(source), 0, 0,
                      "shape " + array.shape_text() + ": " + std::to_string(axes.motions) +
                          " motions is more than the 100000 one file may hold"};
  if (axes.joints > 100000)
    return Diagnostic{std::string(source), 0, 0,
                      "shape " + array.shape_text() + ": " + std::to_string(axes.joints) +
                          " joints is more than the 100000 a joint array may have"};
  return axes;
}

// The skeleton of `joints` joints: the layout's tree in depth-first order (children in the
// layout's order), or unconnected points. `order[k]` is the array's joint shown as joint k.
struct ArraySkeleton {
  Skeleton skeleton;
  std::vector<std::size_t> order;
  const JointLayout* layout = nullptr;
};

ArraySkeleton array_skeleton(std::size_t joints) {
  ArraySkeleton result;
  result.layout = joint_layout_for(static_cast<int>(joints));
  std::vector<int> parents(joints, kNoParent);
  if (result.layout != nullptr)
    for (std::size_t j = 0; j < joints; ++j) parents[j] = result.layout->parents[j];
  std::vector<std::vector<std::size_t>> children(joints);
  std::vector<std::size_t> stack;
  for (std::size_t j = 0; j < joints; ++j) {
    if (parents[j] == kNoParent) continue;
    children[static_cast<std::size_t>(parents[j])].push_back(j);
  }
  std::vector<int> shown_as(joints, kNoParent);
  for (std::size_t root = joints; root-- > 0;)
    if (parents[root] == kNoParent) stack.push_back(root);
  while (!stack.empty()) {
    const std::size_t j = stack.back();
    stack.pop_back();
    shown_as[j] = static_cast<int>(result.order.size());
    result.order.push_back(j);
    for (std::size_t c = children[j].size(); c-- > 0;) stack.push_back(children[j][c]);
  }
  Skeleton& s = result.skeleton;
  for (const std::size_t j : result.order) {
    s.names.push_back(result.layout != nullptr ? std::string(result.layout->joint_names[j])
                                               : "joint_" + std::to_string(j));
    const int parent = parents[j] == kNoParent ? kNoParent : shown_as[static_cast<std::size_t>(parents[j])];
    if (parent == kNoParent) s.roots.push_back(static_cast<int>(s.parents.size()));
    s.parents.push_back(parent);
    s.offsets.emplace_back(0.0f);
    s.first_channels.push_back(0);
    s.channel_counts.push_back(0);
    s.end_sites.push_back(0);
    s.source_lines.push_back(0);
  }
  return result;
}

const char* coordinate_name(std::size_t c) { return c == 0 ? "x" : c == 1 ? "y" : "z"; }

// "frame 2, joint 3 (spine1): y is nan, not a finite position"
std::string non_finite(const std::string& where, double value, const char* what) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return where + " is " + text + ", not a finite " + what;
}

// Motion `m`'s positions in the array's joint order (frames × joints × 3), checked to be finite:
// read as they are, or decoded from feature vectors.
Result<std::vector<float>> array_positions(std::string_view bytes, std::string_view source, const NpyArray& array,
                                           const ArrayAxes& axes, const JointLayout* layout, std::size_t m) {
  std::vector<float> positions(axes.frames * axes.joints * 3);
  const auto refuse = [&](const std::string& text) { return Diagnostic{std::string(source), 0, 0, text}; };
  if (axes.features) {
    const std::size_t width = ric_feature_count(axes.joints);
    std::vector<double> features(axes.frames * width);
    for (std::size_t f = 0; f < axes.frames; ++f) {
      for (std::size_t k = 0; k < width; ++k) {
        const double value = array.element(bytes, f * axes.frame_stride + k * axes.feature_stride);
        if (!std::isfinite(value) || std::fabs(value) > 1e30)
          return refuse(non_finite("frame " + std::to_string(f) + ", feature " + std::to_string(k), value, "value"));
        features[f * width + k] = value;
      }
    }
    decode_ric_features(features, axes.frames, axes.joints, positions);
    return positions;
  }
  float* out = positions.data();
  for (std::size_t f = 0; f < axes.frames; ++f) {
    for (std::size_t j = 0; j < axes.joints; ++j) {
      for (std::size_t c = 0; c < 3; ++c) {
        const std::size_t index =
            m * axes.motion_stride + f * axes.frame_stride + j * axes.joint_stride + c * axes.coordinate_stride;
        const double value = array.element(bytes, index);
        if (!std::isfinite(value) || std::fabs(value) > 1e30) {
          std::string where = (axes.motions > 1 ? "motion " + std::to_string(m) + ", " : std::string()) + "frame " +
                              std::to_string(f) + ", joint " + std::to_string(j);
          if (layout != nullptr) where += " (" + std::string(layout->joint_names[j]) + ")";
          return refuse(non_finite(where + ": " + coordinate_name(c), value, "position"));
        }
        *out++ = static_cast<float>(value);
      }
    }
  }
  return positions;
}

// Motion `m` of the array as a clip: its positions in skeleton order, the rest offsets the first
// frame's bone vectors.
Result<Clip> read_motion(std::string_view bytes, std::string_view source, const NpyArray& array, const ArrayAxes& axes,
                         const ArraySkeleton& shape, std::size_t m) {
  Result<std::vector<float>> read = array_positions(bytes, source, array, axes, shape.layout, m);
  if (!read) return read.error();
  const std::vector<float>& in_array_order = read.value();
  Clip clip;
  clip.source = std::string(source);
  if (axes.motions > 1) clip.name = "motion " + std::to_string(m);
  clip.skeleton = shape.skeleton;
  const double fps = shape.layout != nullptr ? shape.layout->frames_per_second : kDefaultArrayFramesPerSecond;
  clip.declared_frame_time = 1.0 / fps;
  clip.motion.frame_time = clip.declared_frame_time;
  clip.motion.frame_count = axes.frames;
  clip.motion.position_joints = static_cast<int>(axes.joints);
  FrameValues positions(axes.frames * axes.joints * 3);
  float* out = positions.data();
  for (std::size_t f = 0; f < axes.frames; ++f) {
    const float* row = in_array_order.data() + f * axes.joints * 3;
    for (const std::size_t j : shape.order) {
      *out++ = row[j * 3 + 0];
      *out++ = row[j * 3 + 1];
      *out++ = row[j * 3 + 2];
    }
  }
  clip.motion.positions = std::move(positions);
  const std::span<const float> first = clip.motion.joint_positions(0);
  for (int k = 0; k < clip.skeleton.joint_count(); ++k) {
    const int parent = clip.skeleton.parents[static_cast<std::size_t>(k)];
    if (parent == kNoParent) continue;
    const auto at = [&](int joint, int c) {
      return first[static_cast<std::size_t>(joint) * 3 + static_cast<std::size_t>(c)];
    };
    clip.skeleton.offsets[static_cast<std::size_t>(k)] =
        glm::vec3(at(k, 0) - at(parent, 0), at(k, 1) - at(parent, 1), at(k, 2) - at(parent, 2));
  }
  return clip;
}

}  // namespace

Sniffed sniff_npy(std::string_view head, bool whole) {
  if (head.size() >= kNpyMagic.size())
    return head.substr(0, kNpyMagic.size()) == kNpyMagic ? Sniffed::Yes : Sniffed::No;
  if (kNpyMagic.substr(0, head.size()) != head || whole) return Sniffed::No;
  return Sniffed::Undecided;
}

Result<MotionFile> read_npy_bytes(std::string_view bytes, std::string_view source, const ReadOptions& /*options*/) {
  Result<NpyArray> header = read_npy_header(bytes, source);
  if (!header) return header.error();
  const NpyArray& array = header.value();
  Result<ArrayAxes> axes = axes_of(array, source);
  if (!axes) return axes.error();
  const ArraySkeleton skeleton = array_skeleton(axes.value().joints);
  MotionFile file;
  file.source = std::string(source);
  file.format = "NumPy array";
  for (std::size_t m = 0; m < axes.value().motions; ++m) {
    Result<Clip> clip = read_motion(bytes, source, array, axes.value(), skeleton, m);
    if (!clip) return clip.error();
    file.motions.push_back(std::move(clip).value());
  }
  const std::size_t used = array.data_offset + array.count * static_cast<std::size_t>(array.item_bytes);
  if (used < bytes.size()) {
    // Located at the first ignored byte (a binary file is one "line"; columns count bytes from 1).
    const int column = static_cast<int>(std::min<std::size_t>(used + 1, std::numeric_limits<int>::max()));
    file.motions.front().warnings.push_back(
        Diagnostic{std::string(source), 1, column,
                   std::to_string(bytes.size() - used) + " bytes after the array's data are ignored"});
  }
  return file;
}

Result<MotionFile> read_npy_path(const std::string& path, const ReadOptions& options) {
  Result<std::string> bytes = read_text_file(path);
  if (!bytes) return bytes.error();
  if (options.progress != nullptr) {  // read whole: the bytes are all read before the array is
    options.progress->bytes_total.store(bytes.value().size(), std::memory_order_relaxed);
    options.progress->bytes_read.store(bytes.value().size(), std::memory_order_relaxed);
  }
  return read_npy_bytes(bytes.value(), path, options);
}

}  // namespace bvhscope
