#include "formats/npy_format.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <span>
#include <vector>

#include "formats/joint_layouts.hpp"
#include "formats/npy_array.hpp"
#include "formats/pickle_reader.hpp"
#include "formats/ric_features.hpp"
#include "formats/skeleton_file.hpp"

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

// The skeleton of `joints` joints: the tree the options give (--skeleton FILE) or the layout its
// joint count names, in depth-first order (children in the tree's order), else unconnected points.
struct ArraySkeleton {
  Skeleton skeleton;
  std::vector<std::size_t> order;        // order[k]: the array's joint shown as joint k
  std::vector<std::string> array_names;  // the joints' names in the array's order (empty: unnamed points)
  double frames_per_second = kDefaultArrayFramesPerSecond;
};

Result<ArraySkeleton> array_skeleton(std::size_t joints, const ReadOptions& options, std::string_view source) {
  ArraySkeleton result;
  std::vector<int> parents(joints, kNoParent);
  if (const JointTree* tree = options.skeleton.get()) {
    if (tree->names.size() != joints)
      return Diagnostic{std::string(source), 0, 0,
                        "the skeleton file " + tree->name + " names " + std::to_string(tree->names.size()) +
                            " joints; the array has " + std::to_string(joints)};
    result.array_names = tree->names;
    parents = tree->parents;
  } else if (const JointLayout* layout = joint_layout_for(static_cast<int>(joints))) {
    for (std::size_t j = 0; j < joints; ++j) {
      parents[j] = layout->parents[j];
      result.array_names.emplace_back(layout->joint_names[j]);
    }
    result.frames_per_second = layout->frames_per_second;
  }
  std::vector<std::vector<std::size_t>> children(joints);
  for (std::size_t j = 0; j < joints; ++j) {
    if (parents[j] == kNoParent) continue;
    children[static_cast<std::size_t>(parents[j])].push_back(j);
  }
  std::vector<std::size_t> stack;
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
    s.names.push_back(result.array_names.empty() ? "joint_" + std::to_string(j) : result.array_names[j]);
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

// The un-normalisation of feature vectors `width` wide the options ask for (--mean, --std), checked
// against their width: feature k becomes feature × std[k] + mean[k].
std::optional<Diagnostic> check_normalisation(const ReadOptions& options, std::size_t width, std::string_view source) {
  const auto check = [&](const std::vector<double>& values, const char* what) -> std::optional<Diagnostic> {
    if (values.empty() || values.size() == width) return std::nullopt;
    return Diagnostic{std::string(source), 0, 0,
                      std::string("the ") + what + " holds " + std::to_string(values.size()) +
                          " values; these feature vectors have " + std::to_string(width)};
  };
  if (auto refused = check(options.feature_mean, "mean (--mean)")) return refused;
  return check(options.feature_std, "standard deviation (--std)");
}

// Motion `m`'s first `frames` positions in the array's joint order (frames × joints × 3), checked
// to be finite: read as they are, or decoded from feature vectors.
Result<std::vector<float>> array_positions(std::string_view bytes, std::string_view source, const NpyArray& array,
                                           const ArrayAxes& axes, const ArraySkeleton& shape,
                                           const ReadOptions& options, std::size_t m, std::size_t frames) {
  std::vector<float> positions(frames * axes.joints * 3);
  const auto refuse = [&](const std::string& text) { return Diagnostic{std::string(source), 0, 0, text}; };
  if (axes.features) {
    const std::size_t width = ric_feature_count(axes.joints);
    if (auto refused = check_normalisation(options, width, source)) return *refused;
    const std::vector<double>& mean = options.feature_mean;
    const std::vector<double>& deviation = options.feature_std;
    std::vector<double> features(frames * width);
    for (std::size_t f = 0; f < frames; ++f) {
      for (std::size_t k = 0; k < width; ++k) {
        double value = array.element(bytes, f * axes.frame_stride + k * axes.feature_stride);
        if (!std::isfinite(value) || std::fabs(value) > 1e30)
          return refuse(non_finite("frame " + std::to_string(f) + ", feature " + std::to_string(k), value, "value"));
        if (!deviation.empty()) value *= deviation[k];
        if (!mean.empty()) value += mean[k];
        features[f * width + k] = value;
      }
    }
    decode_ric_features(features, frames, axes.joints, positions);
    return positions;
  }
  float* out = positions.data();
  for (std::size_t f = 0; f < frames; ++f) {
    for (std::size_t j = 0; j < axes.joints; ++j) {
      for (std::size_t c = 0; c < 3; ++c) {
        const std::size_t index =
            m * axes.motion_stride + f * axes.frame_stride + j * axes.joint_stride + c * axes.coordinate_stride;
        const double value = array.element(bytes, index);
        if (!std::isfinite(value) || std::fabs(value) > 1e30) {
          std::string where = (axes.motions > 1 ? "motion " + std::to_string(m) + ", " : std::string()) + "frame " +
                              std::to_string(f) + ", joint " + std::to_string(j);
          if (!shape.array_names.empty()) where += " (" + shape.array_names[j] + ")";
          return refuse(non_finite(where + ": " + coordinate_name(c), value, "position"));
        }
        *out++ = static_cast<float>(value);
      }
    }
  }
  return positions;
}

// Motion `m` of the array as a clip, its first `frames` frames (a batch's padding past a motion's
// length is never read): its positions in skeleton order, the rest offsets the first frame's bone
// vectors.
Result<Clip> read_motion(std::string_view bytes, std::string_view source, const NpyArray& array, const ArrayAxes& axes,
                         const ArraySkeleton& shape, const ReadOptions& options, std::size_t m, std::size_t frames) {
  Result<std::vector<float>> read = array_positions(bytes, source, array, axes, shape, options, m, frames);
  if (!read) return read.error();
  const std::vector<float>& in_array_order = read.value();
  Clip clip;
  clip.source = std::string(source);
  if (axes.motions > 1) clip.name = "motion " + std::to_string(m);
  clip.skeleton = shape.skeleton;
  clip.declared_frame_time = 1.0 / shape.frames_per_second;
  clip.motion.frame_time = clip.declared_frame_time;
  clip.motion.frame_count = frames;
  clip.motion.position_joints = static_cast<int>(axes.joints);
  FrameValues positions(frames * axes.joints * 3);
  float* out = positions.data();
  for (std::size_t f = 0; f < frames; ++f) {
    const float* row = in_array_order.data() + f * axes.joints * 3;
    for (const std::size_t j : shape.order) {
      *out++ = row[j * 3 + 0];
      *out++ = row[j * 3 + 1];
      *out++ = row[j * 3 + 2];
    }
  }
  clip.motion.positions = std::move(positions);
  for (std::size_t k = 0; k < shape.order.size(); ++k) {
    if (shape.order[k] == k) continue;
    clip.motion.array_joints.assign(shape.order.begin(), shape.order.end());
    break;
  }
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

// A pickled dict of results as MDM's sample.py saves it (np.save of {'motion': (N, J, 3, T)
// float32, 'text': N prompts, 'lengths': N frame counts, 'num_samples', 'num_repetitions'}): one
// motion per row of 'motion', trimmed to its length and named by its prompt.
Result<MotionFile> read_pickled_results(std::string_view bytes, std::string_view source, const NpyArray& header,
                                        const ReadOptions& options) {
  if (header.data_offset >= bytes.size())
    return Diagnostic{std::string(source), 1, static_cast<int>(std::min<std::size_t>(header.data_offset + 1, 1u << 30)),
                      "the array holds Python objects ('" + header.descr +
                          "') but the file ends after its header: no pickle of them follows"};
  Result<Pickle> read = read_pickle(bytes, header.data_offset, source);
  if (!read) return read.error();
  const Pickle& pickle = read.value();
  using Kind = PickleValue::Kind;
  const auto refuse = [&](std::size_t at, const std::string& text) {
    return Diagnostic{std::string(source), 1, static_cast<int>(std::min<std::size_t>(at + 1, 1u << 30)), text};
  };
  std::size_t dict = pickle.top;
  if (pickle[dict].kind == Kind::Array && pickle[dict].data != kNoPickleValue &&  // np.save's 0-d object array
      pickle[pickle[dict].data].kind == Kind::List && pickle[pickle[dict].data].items.size() == 1)
    dict = pickle[pickle[dict].data].items[0];
  if (pickle[dict].kind != Kind::Dict)
    return refuse(header.data_offset, "the pickled object is " + pickle.describe(dict) +
                                          ", not a dict of results such as MDM's results.npy ('motion', 'text', "
                                          "'lengths')");
  const std::size_t motion = pickle.find(dict, "motion");
  if (motion == kNoPickleValue) {
    std::string keys;
    const std::vector<std::size_t>& items = pickle[dict].items;
    for (std::size_t i = 0; i < items.size() && i < 20; i += 2)
      keys += (keys.empty() ? "'" : ", '") + (pickle[items[i]].kind == Kind::Text ? pickle[items[i]].text : "?") + "'";
    return refuse(pickle[dict].at, "the pickled dict has no 'motion' array of joint positions (its keys: " +
                                       (keys.empty() ? std::string("none") : keys) + ")");
  }
  const PickleValue& values = pickle[motion];
  if (values.kind != Kind::Array || values.dtype == kNoPickleValue || pickle[values.data].kind != Kind::Bytes)
    return refuse(values.at, "'motion' is " + pickle.describe(motion) + ", not an array of numbers");
  const PickleValue& dtype = pickle[values.dtype];
  NpyArray array;
  if (dtype.text != "f2" && dtype.text != "f4" && dtype.text != "f8")
    return refuse(values.at, "'motion' holds '" + dtype.text + "' values; floats ('f4', 'f8', 'f2') are expected");
  array.kind = 'f';
  array.item_bytes = dtype.text[1] - '0';
  array.big_endian = dtype.byte_order == '>' || (dtype.byte_order == '=' && std::endian::native == std::endian::big);
  array.fortran_order = values.fortran;
  array.shape = values.shape;
  array.descr = std::string(1, dtype.byte_order) + dtype.text;
  array.count = 1;
  for (const std::size_t dimension : array.shape) {
    if (dimension != 0 && array.count > std::numeric_limits<std::size_t>::max() / dimension / 8)
      return refuse(values.at, "'motion' has the shape " + array.shape_text() + ", too large");
    array.count *= dimension;
  }
  const std::string_view data = pickle[values.data].bytes();
  if (data.size() != array.count * static_cast<std::size_t>(array.item_bytes))
    return refuse(values.at, "'motion' has the shape " + array.shape_text() + " of '" + dtype.text + "' (" +
                                 std::to_string(array.count * static_cast<std::size_t>(array.item_bytes)) +
                                 " bytes) but holds " + std::to_string(data.size()) + " bytes");
  Result<ArrayAxes> axes = axes_of(array, source);
  if (!axes) return axes.error();
  // The prompts and lengths, when they are there and one a motion.
  std::vector<std::string> prompts;
  if (const std::size_t text = pickle.find(dict, "text");
      text != kNoPickleValue && pickle[text].kind == Kind::List && pickle[text].items.size() == axes.value().motions) {
    for (const std::size_t item : pickle[text].items)
      prompts.push_back(pickle[item].kind == Kind::Text ? pickle[item].text : std::string());
  }
  std::vector<std::size_t> lengths;
  if (const std::size_t found = pickle.find(dict, "lengths"); found != kNoPickleValue) {
    const PickleValue& l = pickle[found];
    const bool integers = l.kind == Kind::Array && l.dtype != kNoPickleValue && pickle[l.data].kind == Kind::Bytes &&
                          (pickle[l.dtype].text == "i8" || pickle[l.dtype].text == "i4") && l.shape.size() == 1 &&
                          l.shape[0] == axes.value().motions;
    if (integers) {
      const std::string_view raw = pickle[l.data].bytes();
      const std::size_t size = pickle[l.dtype].text == "i8" ? 8 : 4;
      const bool big = pickle[l.dtype].byte_order == '>';
      if (raw.size() == size * l.shape[0]) {
        for (std::size_t m = 0; m < l.shape[0]; ++m) {
          std::uint64_t bits = 0;
          for (std::size_t b = 0; b < size; ++b)
            bits = (bits << 8) | static_cast<unsigned char>(raw[m * size + (big ? b : size - 1 - b)]);
          const bool negative = (bits >> (size * 8 - 1)) != 0;
          lengths.push_back(negative ? 0 : static_cast<std::size_t>(bits));
        }
      }
    }
  }
  Result<ArraySkeleton> skeleton = array_skeleton(axes.value().joints, options, source);
  if (!skeleton) return skeleton.error();
  MotionFile file;
  file.source = std::string(source);
  file.format = "MDM results (NumPy pickle)";
  for (std::size_t m = 0; m < axes.value().motions; ++m) {
    std::size_t frames = axes.value().frames;  // up to its length: what follows is padding, never read
    if (!lengths.empty() && lengths[m] > 0 && lengths[m] < frames) frames = lengths[m];
    Result<Clip> clip = read_motion(data, source, array, axes.value(), skeleton.value(), options, m, frames);
    if (!clip) return clip.error();
    if (!prompts.empty() && !prompts[m].empty()) clip.value().name = prompts[m];
    file.motions.push_back(std::move(clip).value());
  }
  return file;
}

}  // namespace

Sniffed sniff_npy(std::string_view head, bool whole) {
  if (head.size() >= kNpyMagic.size())
    return head.substr(0, kNpyMagic.size()) == kNpyMagic ? Sniffed::Yes : Sniffed::No;
  if (kNpyMagic.substr(0, head.size()) != head || whole) return Sniffed::No;
  return Sniffed::Undecided;
}

Result<MotionFile> read_npy_bytes(std::string_view bytes, std::string_view source, const ReadOptions& options) {
  Result<NpyArray> header = read_npy_header(bytes, source);
  if (!header) return header.error();
  const NpyArray& array = header.value();
  if (array.kind == 'O') return read_pickled_results(bytes, source, array, options);
  Result<ArrayAxes> axes = axes_of(array, source);
  if (!axes) return axes.error();
  Result<ArraySkeleton> skeleton = array_skeleton(axes.value().joints, options, source);
  if (!skeleton) return skeleton.error();
  MotionFile file;
  file.source = std::string(source);
  file.format = "NumPy array";
  for (std::size_t m = 0; m < axes.value().motions; ++m) {
    Result<Clip> clip =
        read_motion(bytes, source, array, axes.value(), skeleton.value(), options, m, axes.value().frames);
    if (!clip) return clip.error();
    file.motions.push_back(std::move(clip).value());
  }
  if (!axes.value().features && (!options.feature_mean.empty() || !options.feature_std.empty()))
    file.motions.front().warnings.push_back(
        Diagnostic{std::string(source), 0, 0,
                   "the mean and standard deviation (--mean, --std) apply to feature vectors; this array holds "
                   "joint positions, read as they are"});
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

}  // namespace bvhscope
