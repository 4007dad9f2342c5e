#include "anim/baked_positions.hpp"

#include <algorithm>
#include <thread>

#include "anim/pose.hpp"
#include "anim/supervised_chunks.hpp"
#include "anim/thread_policy.hpp"

namespace bvhscope {

namespace {

constexpr std::size_t kChunkFrames = 256;

}  // namespace

BakedPositions bake_positions(const Clip& clip, PositionMode mode, unsigned threads,
                              const std::function<void()>& on_worker_start, std::size_t budget) {
  BakedPositions baked;
  baked.clip_frame_count = clip.motion.frame_count;
  baked.joint_count = clip.skeleton.joint_count();
  const auto joints = static_cast<std::size_t>(std::max(baked.joint_count, 1));
  if (baked.clip_frame_count == 0) return baked;
  // Frames that fit the budget (at least the first and the last), evenly spread.
  const std::size_t fitting = std::max<std::size_t>(budget / joints, 2);
  if (baked.clip_frame_count > fitting) {
    baked.frame_step = (baked.clip_frame_count - 1 + (fitting - 2)) / (fitting - 1);
  }
  baked.frame_count = (baked.clip_frame_count - 1 + baked.frame_step - 1) / baked.frame_step + 1;
  // Not cleared first: every position is written below, each page first by the thread baking its
  // frames (a worker in the background, in the viewer), not all of them by this one.
  std::shared_ptr<glm::vec3[]> table =
      std::make_shared_for_overwrite<glm::vec3[]>(baked.frame_count * static_cast<std::size_t>(baked.joint_count));

  const auto bake_range = [&](std::size_t first, std::size_t last, Pose& pose) {
    for (std::size_t frame = first; frame < last; ++frame) {
      pose_frame(clip, baked.clip_frame(frame), mode, pose);
      glm::vec3* out = table.get() + frame * static_cast<std::size_t>(baked.joint_count);
      for (int joint = 0; joint < baked.joint_count; ++joint) out[joint] = pose.position(joint);
    }
  };
  if (threads == 0) threads = available_threads();
  // Small clips are not worth a thread.
  const std::size_t work = baked.frame_count * static_cast<std::size_t>(std::max(baked.joint_count, 1));
  threads = static_cast<unsigned>(std::min<std::size_t>({threads, baked.frame_count, work / 20000 + 1}));
  if (threads <= 1) {
    Pose pose;
    bake_range(0, baked.frame_count, pose);
    baked.table = std::move(table);
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
  baked.table = std::move(table);
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
  for (const glm::vec3& p : baked.positions()) bounds.add(p);
  return bounds;
}

std::vector<float> joint_speed(const BakedPositions& baked, int joint, double frame_time) {
  std::vector<float> speed(baked.frame_count, 0.0f);
  if (baked.frame_count < 2 || !(frame_time > 0.0)) return speed;
  for (std::size_t f = 0; f < baked.frame_count; ++f) {
    const std::size_t before = f == 0 ? 0 : f - 1;
    const std::size_t after = f + 1 == baked.frame_count ? f : f + 1;
    const auto distance = static_cast<double>(glm::length(baked.at(after, joint) - baked.at(before, joint)));
    const std::size_t frames_apart = baked.clip_frame(after) - baked.clip_frame(before);
    speed[f] = static_cast<float>(distance / (static_cast<double>(frames_apart) * frame_time));
  }
  return speed;
}

std::vector<glm::vec3> joint_trail(const BakedPositions& baked, int joint, std::ptrdiff_t first, std::ptrdiff_t last) {
  std::vector<glm::vec3> trail;
  if (baked.frame_count == 0 || joint < 0 || joint >= baked.joint_count) return trail;
  const auto end = static_cast<std::ptrdiff_t>(baked.clip_frame_count) - 1;
  first = std::clamp<std::ptrdiff_t>(first, 0, end);
  last = std::clamp<std::ptrdiff_t>(last, 0, end);
  // The baked frames from the first at or after `first` to the last at or before `last`.
  const auto step = static_cast<std::ptrdiff_t>(baked.frame_step);
  const std::ptrdiff_t final_index = static_cast<std::ptrdiff_t>(baked.frame_count) - 1;
  const std::ptrdiff_t from = (first + step - 1) / step;
  const std::ptrdiff_t to = last == end ? final_index : std::min(last / step, final_index);
  for (std::ptrdiff_t f = from; f <= to; ++f) trail.push_back(baked.at(static_cast<std::size_t>(f), joint));
  return trail;
}

}  // namespace bvhscope
