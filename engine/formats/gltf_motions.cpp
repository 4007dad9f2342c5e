#include "formats/gltf_motions.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <glm/mat3x3.hpp>
#include <glm/mat4x4.hpp>

#include "anim/euler.hpp"
#include "anim/supervised_chunks.hpp"
#include "formats/gltf_meshes.hpp"
#include "formats/gltf_sampler.hpp"

namespace bvhscope {
namespace {

// The most values (frames x channels) of all the motions of one file together.
constexpr std::size_t kMaxGltfValues = std::size_t{1} << 28;
// The highest key rate sampled; denser keys are sampled at this rate.
constexpr double kMaxGltfRate = 1000.0;

// A node's rest transform, split as glTF animates it.
struct NodeRest {
  glm::vec3 translation{0.0f};
  glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};
  glm::vec3 scale{1.0f};
};

// A 4x4 matrix taken apart (uniform or not): translation, rotation, scale; a mirroring matrix
// gets a negative scale on X.
NodeRest decompose(const glm::dmat4& m) {
  NodeRest rest;
  rest.translation = glm::vec3(m[3]);
  glm::dvec3 columns[3] = {glm::dvec3(m[0]), glm::dvec3(m[1]), glm::dvec3(m[2])};
  glm::dvec3 scale(glm::length(columns[0]), glm::length(columns[1]), glm::length(columns[2]));
  if (glm::determinant(glm::dmat3(m)) < 0.0) scale.x = -scale.x;
  for (int c = 0; c < 3; ++c)
    if (scale[c] != 0.0) columns[c] /= scale[c];
  rest.rotation = glm::quat(glm::normalize(glm::quat_cast(glm::dmat3(columns[0], columns[1], columns[2]))));
  rest.scale = glm::vec3(scale);
  return rest;
}

NodeRest node_rest(const tinygltf::Node& node) {
  if (node.matrix.size() == 16) return decompose(glm::make_mat4(node.matrix.data()));
  NodeRest rest;
  if (node.translation.size() == 3)
    rest.translation = glm::vec3(glm::dvec3(node.translation[0], node.translation[1], node.translation[2]));
  if (node.rotation.size() == 4) {
    const glm::quat q(static_cast<float>(node.rotation[3]), static_cast<float>(node.rotation[0]),
                      static_cast<float>(node.rotation[1]), static_cast<float>(node.rotation[2]));
    const float length = glm::length(q);
    if (length > 1e-12f && std::isfinite(length)) rest.rotation = q / length;
  }
  if (node.scale.size() == 3) rest.scale = glm::vec3(glm::dvec3(node.scale[0], node.scale[1], node.scale[2]));
  return rest;
}

glm::dmat4 rest_matrix(const NodeRest& rest) {
  return glm::translate(glm::dmat4(1.0), glm::dvec3(rest.translation)) *
         glm::dmat4(glm::mat4_cast(glm::dquat(rest.rotation))) * glm::scale(glm::dmat4(1.0), glm::dvec3(rest.scale));
}

// A scale as one factor: the mean of its three; `uniform` false when they differ by more than 0.01 %.
double uniform_scale(const glm::vec3& scale, bool& uniform) {
  const glm::dvec3 s(scale);
  const double mean = (s.x + s.y + s.z) / 3.0;
  const double spread = std::max({std::abs(s.x - mean), std::abs(s.y - mean), std::abs(s.z - mean)});
  uniform = spread <= 1e-4 * std::abs(mean);
  return mean;
}

std::string node_name(const tinygltf::Model& model, int node) {
  const std::string& name = model.nodes[static_cast<std::size_t>(node)].name;
  return name.empty() ? "node " + std::to_string(node) : name;
}

// The animated properties of one animation, by node: translation and rotation samplers.
struct NodeTracks {
  std::optional<GltfSampler> translation;
  std::optional<GltfSampler> rotation;
};

struct ReadAnimation {
  std::string name;
  std::map<int, NodeTracks> tracks;
  double start = 0.0;
  double end = 0.0;
  double rate = 30.0;
  std::size_t frames = 1;
  // Evenly spaced keys, one a frame: the frames are sampled at the keys' own (float) times, so that
  // every frame is a key exactly; empty: at start + frame / rate.
  std::vector<double> frame_times;
};

// The rate keys come at. Keys evenly spaced (every gap within 0.1 % of their mean; exporters write
// one a frame) give the rate that reproduces their times: (keys - 1) / duration of the sampler with
// the most keys, when no other sampler has denser keys; otherwise the smallest gap between keys
// decides. Whole rates within a millionth (float key times) are rounded to them; at most
// kMaxGltfRate; 30 with fewer than two keys.
double key_rate(const ReadAnimation& animation, const std::pmr::vector<float>*& even_keys) {
  double smallest = 0.0;
  const GltfSampler* longest = nullptr;
  const auto consider = [&](const std::optional<GltfSampler>& sampler) {
    if (!sampler) return;
    for (std::size_t k = 1; k < sampler->times.size(); ++k) {
      const double step = static_cast<double>(sampler->times[k]) - static_cast<double>(sampler->times[k - 1]);
      if (step > 0.0 && (smallest == 0.0 || step < smallest)) smallest = step;
    }
    if (longest == nullptr || sampler->times.size() > longest->times.size()) longest = &*sampler;
  };
  for (const auto& [node, tracks] : animation.tracks) {
    consider(tracks.translation);
    consider(tracks.rotation);
  }
  even_keys = nullptr;
  if (smallest == 0.0 || longest == nullptr) return 30.0;
  double gap = smallest;
  const std::pmr::vector<float>& times = longest->times;
  const double mean =
      (static_cast<double>(times.back()) - static_cast<double>(times.front())) / static_cast<double>(times.size() - 1);
  bool even = smallest >= mean * (1.0 - 1e-3);
  for (std::size_t k = 1; k < times.size() && even; ++k)
    even = std::abs(static_cast<double>(times[k]) - static_cast<double>(times[k - 1]) - mean) <= 1e-3 * mean;
  even_keys = even ? &times : nullptr;
  if (even) gap = mean;
  const double rate = std::min(1.0 / gap, kMaxGltfRate);
  const double whole = std::round(rate);
  return whole >= 1.0 && std::abs(rate - whole) <= 1e-6 * rate ? whole : rate;
}

}  // namespace

Result<MotionFile> motions_of_scene(const tinygltf::Model& model, std::string_view source, std::string_view format,
                                    double frame_rate, SceneKeys* given) {
  const std::string path(source);
  const auto fail = [&](const std::string& message) { return Diagnostic{path, 0, 0, message}; };
  const int node_count = static_cast<int>(model.nodes.size());
  std::vector<Diagnostic> warnings;

  // The node graph: one parent each, no cycles.
  std::vector<int> parent(model.nodes.size(), -1);
  for (int n = 0; n < node_count; ++n) {
    for (const int child : model.nodes[static_cast<std::size_t>(n)].children) {
      if (child < 0 || child >= node_count)
        return fail("node " + std::to_string(n) + " ('" + node_name(model, n) + "') has child " +
                    std::to_string(child) + ", which does not exist");
      if (parent[static_cast<std::size_t>(child)] != -1 || child == n)
        return fail("node " + std::to_string(child) + " ('" + node_name(model, child) +
                    "') is a child twice (of nodes " + std::to_string(parent[static_cast<std::size_t>(child)]) +
                    " and " + std::to_string(n) + "): the node graph must be a tree");
      parent[static_cast<std::size_t>(child)] = n;
    }
  }
  for (int n = 0; n < node_count; ++n) {
    int steps = 0;
    for (int up = parent[static_cast<std::size_t>(n)]; up != -1; up = parent[static_cast<std::size_t>(up)]) {
      if (++steps > node_count)
        return fail("the node graph has a cycle through node " + std::to_string(n) + " ('" + node_name(model, n) +
                    "')");
    }
  }

  // The skeleton's nodes: the skins' joints and the animated nodes...
  std::vector<char> wanted(model.nodes.size(), 0);
  for (std::size_t s = 0; s < model.skins.size(); ++s) {
    const tinygltf::Skin& skin = model.skins[s];
    if (skin.joints.empty())
      return fail("skin " + std::to_string(s) + (skin.name.empty() ? "" : " ('" + skin.name + "')") + " has no joints");
    for (const int joint : skin.joints) {
      if (joint < 0 || joint >= node_count)
        return fail("skin " + std::to_string(s) + " names joint " + std::to_string(joint) + ", which is not a node");
      wanted[static_cast<std::size_t>(joint)] = 1;
    }
  }
  // Animated nodes: the keyed ones, except a node keyed only at its rest whose rest scales (an
  // exporter's armature object, keyed with its bones, converting units: it stays above the
  // skeleton, folded into its roots) while other nodes move.
  // Each channel's keys are read here once (read[a][c]); the animations below take them.
  bool scale_animated = false;
  std::vector<char> keyed(model.nodes.size(), 0);
  bool any_moved = false;
  std::vector<std::vector<std::optional<GltfSampler>>> read(model.animations.size());
  for (std::size_t a = 0; a < model.animations.size(); ++a) {
    read[a].resize(model.animations[a].channels.size());
    for (std::size_t c = 0; c < model.animations[a].channels.size(); ++c) {
      const tinygltf::AnimationChannel& channel = model.animations[a].channels[c];
      const bool translation = channel.target_path == "translation";
      const bool rotation = channel.target_path == "rotation";
      const bool scale = channel.target_path == "scale";
      if (!translation && !rotation && !scale) continue;  // morph weights, extensions
      if (channel.target_node < 0 || channel.target_node >= node_count)
        return fail("animation " + std::to_string(a) + " targets node " + std::to_string(channel.target_node) +
                    ", which does not exist");
      const auto node = static_cast<std::size_t>(channel.target_node);
      keyed[node] = 1;
      const std::string what =
          "animation '" +
          (model.animations[a].name.empty() ? "animation " + std::to_string(a) : model.animations[a].name) + "', the " +
          channel.target_path + " of node '" + node_name(model, channel.target_node) + "'";
      Result<GltfSampler> keys = Diagnostic{};
      if (given != nullptr) {  // the reader's own keys: checked as the accessors' would be
        if (a >= given->size() || c >= (*given)[a].size() || (*given)[a][c].width != (rotation ? 4 : 3))
          return fail(what + ": the reader handed over no keys for it");
        keys = std::move((*given)[a][c]);
        if (std::optional<Diagnostic> bad = check_gltf_keys(keys.value(), what, source)) return *bad;
      } else {
        keys = read_gltf_sampler(model, model.animations[a], channel.sampler, rotation ? 4 : 3, what, source);
      }
      if (!keys) return keys.error();
      const std::pmr::vector<float>& values = keys.value().values;
      const NodeRest at_rest = node_rest(model.nodes[node]);
      bool moves = false;
      if (rotation) {
        for (std::size_t k = 0; k + 3 < values.size() && !moves; k += 4) {
          const glm::quat q(values[k + 3], values[k], values[k + 1], values[k + 2]);
          const float length = glm::length(q);
          moves = length > 0.0f && std::abs(glm::dot(q / length, at_rest.rotation)) < 1.0f - 1e-7f;
        }
      } else {
        const glm::vec3 rest_value = translation ? at_rest.translation : at_rest.scale;
        const float size = std::max(glm::length(rest_value), 1e-30f);
        for (std::size_t k = 0; k + 2 < values.size() && !moves; k += 3)
          moves = glm::length(glm::vec3(values[k], values[k + 1], values[k + 2]) - rest_value) > 1e-6f * size;
      }
      if (moves && scale) scale_animated = true;
      if (moves) any_moved = true;
      const glm::vec3 rest_scale = at_rest.scale;
      const bool scales = glm::length(rest_scale - glm::vec3(1.0f)) > 1e-6f;
      if (moves || !scales) wanted[node] = 1;
      if (!scale) read[a][c] = std::move(keys).value();
    }
  }
  if (!any_moved)
    for (std::size_t n = 0; n < keyed.size(); ++n) wanted[n] = wanted[n] || keyed[n];
  // ...with the nodes between them, and the plain nodes under them (end bones, not meshes).
  std::vector<char> in_skeleton(model.nodes.size(), 0);
  for (int n = 0; n < node_count; ++n) {
    if (!wanted[static_cast<std::size_t>(n)]) continue;
    in_skeleton[static_cast<std::size_t>(n)] = 1;
    std::vector<int> between;
    for (int up = parent[static_cast<std::size_t>(n)]; up != -1; up = parent[static_cast<std::size_t>(up)]) {
      if (wanted[static_cast<std::size_t>(up)]) {
        for (const int node : between) in_skeleton[static_cast<std::size_t>(node)] = 1;
        break;
      }
      between.push_back(up);
    }
  }
  std::vector<int> roots;
  for (int n = 0; n < node_count; ++n) {
    if (!in_skeleton[static_cast<std::size_t>(n)]) continue;
    bool top = true;
    for (int up = parent[static_cast<std::size_t>(n)]; up != -1 && top; up = parent[static_cast<std::size_t>(up)])
      top = !in_skeleton[static_cast<std::size_t>(up)];
    if (top) roots.push_back(n);
  }
  if (roots.empty())
    return fail("it has no skin and no animated node: nothing to read as a skeleton (" + std::to_string(node_count) +
                " nodes, " + std::to_string(model.meshes.size()) + " meshes)");

  // Depth-first order from each root (iterative: a deep chain is no recursion).
  std::vector<int> order;         // skeleton joint -> node
  std::vector<int> joint_parent;  // skeleton joint -> skeleton joint
  std::vector<int> joint_of(model.nodes.size(), -1);
  for (const int root : roots) {
    std::vector<std::pair<int, int>> stack{{root, -1}};
    while (!stack.empty()) {
      const auto [node, up] = stack.back();
      stack.pop_back();
      joint_of[static_cast<std::size_t>(node)] = static_cast<int>(order.size());
      order.push_back(node);
      joint_parent.push_back(up);
      const tinygltf::Node& source_node = model.nodes[static_cast<std::size_t>(node)];
      for (auto child = source_node.children.rbegin(); child != source_node.children.rend(); ++child) {
        const tinygltf::Node& c = model.nodes[static_cast<std::size_t>(*child)];
        const bool plain = c.mesh < 0 && c.camera < 0 && c.skin < 0;
        if (in_skeleton[static_cast<std::size_t>(*child)] || plain)
          stack.emplace_back(*child, joint_of[static_cast<std::size_t>(node)]);
      }
    }
  }
  const std::size_t joints = order.size();

  // Rest transforms, and the scale each joint's translation is seen through (its ancestors').
  std::vector<NodeRest> rest(joints);
  std::vector<double> cumulative(joints, 1.0);  // the joint's own scale times its ancestors'
  std::vector<double> parent_scale(joints, 1.0);
  std::vector<glm::dmat4> above(joints, glm::dmat4(1.0));  // roots: the nodes above the skeleton
  bool uneven = false;
  for (std::size_t j = 0; j < joints; ++j) {
    rest[j] = node_rest(model.nodes[static_cast<std::size_t>(order[j])]);
    bool uniform = true;
    const double own = uniform_scale(rest[j].scale, uniform);
    uneven = uneven || !uniform;
    if (joint_parent[j] < 0) {
      for (int up = parent[static_cast<std::size_t>(order[j])]; up != -1; up = parent[static_cast<std::size_t>(up)])
        above[j] = rest_matrix(node_rest(model.nodes[static_cast<std::size_t>(up)])) * above[j];
      const NodeRest outer = decompose(above[j]);
      bool outer_uniform = true;
      parent_scale[j] = uniform_scale(outer.scale, outer_uniform);
      uneven = uneven || !outer_uniform;
    } else {
      parent_scale[j] = cumulative[static_cast<std::size_t>(joint_parent[j])];
    }
    cumulative[j] = parent_scale[j] * own;
  }
  if (uneven)
    warnings.push_back(
        fail("a node of the skeleton (or above it) scales its axes differently: each scale is read as "
             "the mean of its three"));
  if (scale_animated)
    warnings.push_back(fail("scale keys that change a scale are left out: each node keeps its rest scale"));

  // Every animation with the keys read above.
  std::vector<ReadAnimation> animations;
  for (std::size_t a = 0; a < model.animations.size(); ++a) {
    const tinygltf::Animation& source_animation = model.animations[a];
    ReadAnimation animation;
    animation.name = source_animation.name.empty() ? "animation " + std::to_string(a) : source_animation.name;
    bool any = false;
    for (std::size_t c = 0; c < source_animation.channels.size(); ++c) {
      std::optional<GltfSampler>& keys = read[a][c];
      if (!keys) continue;  // scale, morph weights, extensions
      const tinygltf::AnimationChannel& channel = source_animation.channels[c];
      const auto first = static_cast<double>(keys->times.front());
      const auto last = static_cast<double>(keys->times.back());
      animation.start = any ? std::min(animation.start, first) : first;
      animation.end = any ? std::max(animation.end, last) : last;
      any = true;
      NodeTracks& tracks = animation.tracks[channel.target_node];
      (channel.target_path == "rotation" ? tracks.rotation : tracks.translation) = std::move(keys);
    }
    if (!any) {
      warnings.push_back(fail("animation '" + animation.name + "' moves no node of the skeleton: left out"));
      continue;
    }
    const std::pmr::vector<float>* even_keys = nullptr;
    animation.rate = frame_rate > 0.0 ? std::min(frame_rate, kMaxGltfRate) : key_rate(animation, even_keys);
    // Key times are floats: a last key within a thousandth of a frame of a whole frame is on it.
    const double frames = std::floor((animation.end - animation.start) * animation.rate + 1e-3) + 1.0;
    if (!(frames >= 1.0) || frames * static_cast<double>(joints) * 7.0 > static_cast<double>(kMaxGltfValues))
      return fail("animation '" + animation.name + "' lasts " + std::to_string(animation.end - animation.start) +
                  " s at " + std::to_string(animation.rate) + " keys a second: more frames than bvhscope reads");
    animation.frames = static_cast<std::size_t>(frames);
    if (even_keys != nullptr && even_keys->size() == animation.frames &&
        static_cast<double>(even_keys->front()) == animation.start &&
        static_cast<double>(even_keys->back()) == animation.end)
      animation.frame_times.assign(even_keys->begin(), even_keys->end());
    animations.push_back(std::move(animation));
  }
  if (animations.empty()) {  // a rig without motion: its rest pose, one frame
    ReadAnimation pose;
    pose.name = "rest pose";
    animations.push_back(std::move(pose));
  }

  // The rest pose as BVH has it: every rotation channel 0. A glTF or FBX node's rest rotation is in
  // its transform, so each joint's rotation is expressed against its rest orientation in the
  // world (rest_world): the channels of the file's rest pose are all 0, the OFFSETs point where
  // the bones point at rest, and the posed figure is the same (B(j) = G(j) rest_world(j)^-1 for
  // the file's world rotation G).
  std::vector<glm::dquat> rest_world(joints);
  for (std::size_t j = 0; j < joints; ++j) {
    const glm::dquat own(rest[j].rotation);
    rest_world[j] = glm::normalize(joint_parent[j] < 0 ? glm::dquat(decompose(above[j]).rotation) * own
                                                       : rest_world[static_cast<std::size_t>(joint_parent[j])] * own);
  }
  const auto parent_rest = [&](std::size_t j) {
    return joint_parent[j] < 0 ? glm::dquat(1.0, 0.0, 0.0, 0.0) : rest_world[static_cast<std::size_t>(joint_parent[j])];
  };

  // Each joint sampled at each frame of an animation, in the skeleton's frame (the roots with the
  // nodes above folded in, translations through the ancestors' scale and along the parent's rest
  // orientation). A JointFrames goes through the frames in order, so its samplers find each key
  // where the last one was.
  struct JointFrames {
    const NodeTracks* tracks = nullptr;
    glm::dquat outer_rotation{1.0, 0.0, 0.0, 0.0};  // roots: the nodes above
    glm::dvec3 outer_translation{0.0};
    std::size_t translation_key = 0;
    std::size_t rotation_key = 0;
  };
  const auto joint_frames = [&](const ReadAnimation& animation, std::size_t j) {
    JointFrames frames;
    const auto found = animation.tracks.find(order[j]);
    frames.tracks = found == animation.tracks.end() ? nullptr : &found->second;
    frames.outer_rotation = glm::normalize(glm::dquat(decompose(above[j]).rotation));
    frames.outer_translation = glm::dvec3(above[j][3]);
    return frames;
  };
  const auto frame_time = [](const ReadAnimation& animation, std::size_t f) {
    return !animation.frame_times.empty()
               ? animation.frame_times[f]
               : std::min(animation.start + static_cast<double>(f) / animation.rate, animation.end);
  };
  // The file's own translation of joint j at `time` (its rest where no keys move it).
  const auto file_translation = [&](JointFrames& frames, std::size_t j, double time) {
    return frames.tracks != nullptr && frames.tracks->translation
               ? frames.tracks->translation->translation_at(time, &frames.translation_key)
               : rest[j].translation;
  };

  // Which joints move: those keyed to turn, and those whose translation leaves its rest (by more
  // than 1e-5 of the longest bone of its rest: exporters key every bone's translation, with float
  // noise around 1e-6 of it) at a frame of any animation.
  std::vector<char> translation_moves(joints, 0);
  std::vector<char> rotation_animated(joints, 0);
  double extent = 0.0;
  for (std::size_t j = 0; j < joints; ++j)
    extent = std::max(extent, static_cast<double>(glm::length(rest[j].translation)) * parent_scale[j]);
  const double still = std::max(extent, 1e-30) * 1e-5;
  for (const ReadAnimation& animation : animations) {
    for_each_item(joints, joints * animation.frames, [&](std::size_t j, unsigned /*slot*/) {
      JointFrames frames = joint_frames(animation, j);
      if (frames.tracks != nullptr && frames.tracks->rotation) rotation_animated[j] = 1;
      if (frames.tracks == nullptr || !frames.tracks->translation || joint_parent[j] < 0) return;
      for (std::size_t f = 0; f < animation.frames && !translation_moves[j]; ++f) {
        const glm::vec3 t = file_translation(frames, j, frame_time(animation, f));
        if (glm::length(glm::dvec3(t - rest[j].translation)) * parent_scale[j] > still) translation_moves[j] = 1;
      }
    });
  }

  // The skeleton: roots with positions and rotations, joints with rotations (and positions where
  // they move), leaves that nothing turns as End Sites.
  Skeleton skeleton;
  std::vector<char> has_children(joints, 0);
  for (std::size_t j = 0; j < joints; ++j)
    if (joint_parent[j] >= 0) has_children[static_cast<std::size_t>(joint_parent[j])] = 1;
  static constexpr ChannelKind kPositions[] = {ChannelKind::Xposition, ChannelKind::Yposition, ChannelKind::Zposition};
  static constexpr ChannelKind kRotations[] = {ChannelKind::Zrotation, ChannelKind::Xrotation, ChannelKind::Yrotation};
  std::vector<char> positioned(joints, 0);
  std::vector<char> rotated(joints, 0);
  for (std::size_t j = 0; j < joints; ++j) {
    const bool root = joint_parent[j] < 0;
    const bool end_site = !root && !has_children[j] && !rotation_animated[j] && !translation_moves[j];
    positioned[j] = root || translation_moves[j] ? 1 : 0;
    rotated[j] = end_site ? 0 : 1;
    skeleton.names.push_back(node_name(model, order[j]));
    skeleton.parents.push_back(joint_parent[j]);
    skeleton.offsets.push_back(
        root ? glm::vec3(0.0f)
             : glm::vec3(glm::mat3_cast(parent_rest(j)) * (glm::dvec3(rest[j].translation) * parent_scale[j])));
    skeleton.first_channels.push_back(skeleton.channel_count());
    if (positioned[j])
      for (const ChannelKind kind : kPositions) {
        skeleton.channel_kinds.push_back(kind);
        skeleton.channel_joints.push_back(static_cast<int>(j));
      }
    if (rotated[j])
      for (const ChannelKind kind : kRotations) {
        skeleton.channel_kinds.push_back(kind);
        skeleton.channel_joints.push_back(static_cast<int>(j));
      }
    skeleton.channel_counts.push_back(skeleton.channel_count() - skeleton.first_channels.back());
    skeleton.end_sites.push_back(end_site ? 1 : 0);
    skeleton.source_lines.push_back(0);
    if (root) skeleton.roots.push_back(static_cast<int>(j));
  }
  const auto channels = static_cast<std::size_t>(skeleton.channel_count());
  // The character's skinned meshes, on this skeleton at rest: every motion of the file carries them.
  std::vector<SkinnedMesh> read_meshes = read_gltf_skinned_meshes(model, joint_of, parent, source, warnings);
  const SkinnedMeshes meshes =
      read_meshes.empty() ? nullptr : std::make_shared<const std::vector<SkinnedMesh>>(std::move(read_meshes));

  MotionFile file;
  file.source = path;
  file.format = format;
  static constexpr RotationOrder kZxy{2, 0, 1};
  for (const ReadAnimation& animation : animations) {
    Clip clip;
    clip.source = path;
    clip.name = animations.size() > 1 || !model.animations.empty() ? animation.name : std::string();
    clip.skeleton = skeleton;
    clip.motion.frame_count = animation.frames;
    clip.motion.channel_count = static_cast<int>(channels);
    clip.motion.frame_time = 1.0 / animation.rate;
    clip.declared_frame_time = clip.motion.frame_time;
    clip.motion.values = FrameValues(animation.frames * channels);
    float* const values = clip.motion.values.data();
    for_each_item(joints, joints * animation.frames, [&](std::size_t j, unsigned /*slot*/) {  // a joint's columns
      JointFrames frames = joint_frames(animation, j);
      const bool root = joint_parent[j] < 0;
      const glm::dquat parent_rotation = parent_rest(j);
      const glm::dmat3 parent_turn = glm::mat3_cast(parent_rotation);
      const glm::dquat rest_inverse = glm::conjugate(rest_world[j]);
      std::optional<EulerAngles> previous;
      for (std::size_t f = 0; f < animation.frames; ++f) {
        const double time = frame_time(animation, f);
        float* column = values + f * channels + static_cast<std::size_t>(skeleton.first_channels[j]);
        if (positioned[j]) {
          // Roots: where they are (OFFSET 0); other joints: how far they moved from their rest.
          glm::dvec3 scaled = glm::dvec3(file_translation(frames, j, time)) * parent_scale[j];
          scaled =
              root ? frames.outer_translation + glm::mat3_cast(frames.outer_rotation) * scaled : parent_turn * scaled;
          const glm::vec3 t = glm::vec3(scaled) - skeleton.offsets[j];
          *column++ = t.x;
          *column++ = t.y;
          *column++ = t.z;
        }
        if (rotated[j]) {
          const glm::quat q = frames.tracks != nullptr && frames.tracks->rotation
                                  ? frames.tracks->rotation->rotation_at(time, &frames.rotation_key)
                                  : rest[j].rotation;
          // The file's rotation of this joint (the nodes above folded into a root's), against the
          // rest orientations.
          const glm::dquat world_step = root ? frames.outer_rotation * glm::dquat(q) : glm::dquat(q);
          const glm::quat turn(glm::normalize(parent_rotation * world_step * rest_inverse));
          const EulerAngles angles = euler_angles(glm::dmat3(glm::mat3_cast(turn)), kZxy, previous);
          previous = angles;
          for (const double angle : angles) *column++ = static_cast<float>(angle);
        }
      }
    });
    clip.warnings = warnings;
    clip.meshes = meshes;
    file.motions.push_back(std::move(clip));
  }
  return file;
}

}  // namespace bvhscope
