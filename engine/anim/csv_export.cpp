#include "anim/csv_export.hpp"

#include <charconv>
#include <string>

#include "anim/pose.hpp"

namespace bvhscope {
namespace {

// Collects text in a buffer and hands it to the stream in large pieces.
class CsvBuffer {
 public:
  explicit CsvBuffer(std::ostream& out) : out_(out) { text_.reserve(kFlushBytes + 4096); }
  CsvBuffer(const CsvBuffer&) = delete;
  CsvBuffer& operator=(const CsvBuffer&) = delete;
  ~CsvBuffer() { flush(); }

  void append(std::string_view text) { text_ += text; }
  void append(char c) { text_ += c; }
  void append_float(float value) {
    char digits[32];
    const auto result = std::to_chars(digits, digits + sizeof digits, value);
    text_.append(digits, result.ptr);
  }
  void append_time(double seconds) {
    char digits[32];
    const auto result = std::to_chars(digits, digits + sizeof digits, seconds, std::chars_format::general, 10);
    text_.append(digits, result.ptr);
  }
  void end_row() {
    text_ += '\n';
    if (text_.size() >= kFlushBytes) flush();
  }
  void flush() {
    out_.write(text_.data(), static_cast<std::streamsize>(text_.size()));
    text_.clear();
  }

 private:
  static constexpr std::size_t kFlushBytes = 1 << 20;
  std::ostream& out_;
  std::string text_;
};

}  // namespace

void write_positions_csv(const Clip& clip, PositionMode mode, std::ostream& out) {
  const Skeleton& skeleton = clip.skeleton;
  CsvBuffer csv(out);
  csv.append("Time");
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    for (const char* axis : {".X", ".Y", ".Z"}) {
      csv.append(',');
      csv.append(skeleton.names[joint]);
      csv.append(axis);
    }
  }
  csv.end_row();
  Pose pose;
  for (std::size_t frame = 0; frame < clip.motion.frame_count; ++frame) {
    pose_frame(clip, frame, mode, pose);
    csv.append_time(static_cast<double>(frame) * clip.motion.frame_time);
    for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
      const glm::vec3 position = pose.position(joint);
      for (int axis = 0; axis < 3; ++axis) {
        csv.append(',');
        csv.append_float(position[axis]);
      }
    }
    csv.end_row();
  }
}

void write_rotations_csv(const Clip& clip, std::ostream& out) {
  const Skeleton& skeleton = clip.skeleton;
  CsvBuffer csv(out);
  csv.append("Time");
  for (int c = 0; c < skeleton.channel_count(); ++c) {
    if (!is_rotation(skeleton.channel_kinds[c])) continue;
    csv.append(',');
    csv.append(skeleton.names[skeleton.channel_joints[c]]);
    csv.append('.');
    csv.append(static_cast<char>('X' + channel_axis(skeleton.channel_kinds[c])));
  }
  csv.end_row();
  for (std::size_t frame = 0; frame < clip.motion.frame_count; ++frame) {
    csv.append_time(static_cast<double>(frame) * clip.motion.frame_time);
    const std::span<const float> values = clip.motion.frame(frame);
    for (int c = 0; c < skeleton.channel_count(); ++c) {
      if (!is_rotation(skeleton.channel_kinds[c])) continue;
      csv.append(',');
      csv.append_float(values[static_cast<std::size_t>(c)]);
    }
    csv.end_row();
  }
}

}  // namespace bvhscope
