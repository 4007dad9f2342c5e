#include "anim/baked_positions.hpp"

#include <algorithm>
#include <thread>

#include "anim/pose.hpp"

namespace bvhscope {

BakedPositions bake_positions(const Clip& clip, PositionMode mode, unsigned threads) {
  BakedPositions baked;
  baked.frame_count = clip.motion.frame_count;
  baked.joint_count = clip.skeleton.joint_count();
  baked.positions.resize(baked.frame_count * static_cast<std::size_t>(baked.joint_count));
  if (baked.frame_count == 0) return baked;

  const auto bake_range = [&](std::size_t first, std::size_t last) {
    Pose pose;
    for (std::size_t frame = first; frame < last; ++frame) {
      pose_frame(clip, frame, mode, pose);
      glm::vec3* out = baked.positions.data() + frame * static_cast<std::size_t>(baked.joint_count);
      for (int joint = 0; joint < baked.joint_count; ++joint) out[joint] = pose.position(joint);
    }
  };
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  // Small clips are not worth a thread.
  const std::size_t work = baked.frame_count * static_cast<std::size_t>(std::max(baked.joint_count, 1));
  threads = static_cast<unsigned>(std::min<std::size_t>({threads, baked.frame_count, work / 20000 + 1}));
  std::vector<std::thread> workers;
  const std::size_t per_thread = (baked.frame_count + threads - 1) / threads;
  for (unsigned t = 1; t < threads; ++t) {
    const std::size_t first = t * per_thread;
    const std::size_t last = std::min(baked.frame_count, first + per_thread);
    if (first < last) workers.emplace_back(bake_range, first, last);
  }
  bake_range(0, std::min(baked.frame_count, per_thread));
  for (std::thread& worker : workers) worker.join();
  return baked;
}

Bounds baked_bounds(const BakedPositions& baked) {
  Bounds bounds;
  for (const glm::vec3& p : baked.positions) bounds.add(p);
  return bounds;
}

std::vector<float> joint_speed(const BakedPositions& baked, int joint, double frame_time) {
  std::vector<float> speed(baked.frame_count, 0.0f);
  if (baked.frame_count < 2 || !(frame_time > 0.0)) return speed;
  for (std::size_t f = 0; f < baked.frame_count; ++f) {
    const std::size_t before = f == 0 ? 0 : f - 1;
    const std::size_t after = f + 1 == baked.frame_count ? f : f + 1;
    const auto distance = static_cast<double>(glm::length(baked.at(after, joint) - baked.at(before, joint)));
    speed[f] = static_cast<float>(distance / (static_cast<double>(after - before) * frame_time));
  }
  return speed;
}

std::vector<glm::vec3> joint_trail(const BakedPositions& baked, int joint, std::ptrdiff_t first, std::ptrdiff_t last) {
  std::vector<glm::vec3> trail;
  if (baked.frame_count == 0) return trail;
  const auto end = static_cast<std::ptrdiff_t>(baked.frame_count) - 1;
  first = std::clamp<std::ptrdiff_t>(first, 0, end);
  last = std::clamp<std::ptrdiff_t>(last, 0, end);
  for (std::ptrdiff_t f = first; f <= last; ++f) trail.push_back(baked.at(static_cast<std::size_t>(f), joint));
  return trail;
}

}  // namespace bvhscope
