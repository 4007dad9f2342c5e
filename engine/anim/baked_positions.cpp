#include "anim/baked_positions.hpp"

#include <algorithm>
#include <thread>

#include "anim/pose.hpp"
#include "anim/supervised_chunks.hpp"

namespace bvhscope {

namespace {

constexpr std::size_t kChunkFrames = 256;

}  // namespace

BakedPositions bake_positions(const Clip& clip, PositionMode mode, unsigned threads,
                              const std::function<void()>& on_worker_start) {
  BakedPositions baked;
  baked.frame_count = clip.motion.frame_count;
  baked.joint_count = clip.skeleton.joint_count();
  baked.positions.resize(baked.frame_count * static_cast<std::size_t>(baked.joint_count));
  if (baked.frame_count == 0) return baked;

  const auto bake_range = [&](std::size_t first, std::size_t last, Pose& pose) {
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
  if (threads <= 1) {
    Pose pose;
    bake_range(0, baked.frame_count, pose);
    return baked;
  }
  // The workers bake chunks of frames in turn while this thread watches (and steps in if they starve).
  std::vector<Pose> poses(threads + 1);  // one per worker slot, the caller's last
  const std::size_t chunks = (baked.frame_count + kChunkFrames - 1) / kChunkFrames;
  SupervisedWorkers workers;
  workers.count = threads;
  workers.on_start = on_worker_start;
  run_supervised(chunks, workers, [&](std::size_t chunk, unsigned slot) {
    bake_range(chunk * kChunkFrames, std::min(baked.frame_count, (chunk + 1) * kChunkFrames), poses[slot]);
  });
  return baked;
}

std::vector<glm::vec3> joint_path(const BakedPositions& baked, int joint) {
  std::vector<glm::vec3> path;
  if (joint < 0 || joint >= baked.joint_count) return path;
  path.reserve(baked.frame_count);
  for (std::size_t frame = 0; frame < baked.frame_count; ++frame) path.push_back(baked.at(frame, joint));
  return path;
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
