#include "model/curve_series.hpp"

#include <algorithm>
#include <cctype>

namespace bvhscope {
namespace {

const CurveSeriesClip* clip_with_id(std::span<const CurveSeriesClip> clips, int clip_id) {
  for (const CurveSeriesClip& clip : clips) {
    if (clip.clip_id == clip_id) return &clip;
  }
  return nullptr;
}

bool joint_exists(const CurveSeriesClip& clip, int joint) {
  return joint >= 0 && static_cast<std::size_t>(joint) < clip.joint_names.size();
}

bool equal_ignoring_case(const std::string& a, const std::string& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

// The joint named `name` in `clip`: the exact name first, else the first that differs in case only.
int joint_named(const CurveSeriesClip& clip, const std::string& name) {
  for (std::size_t j = 0; j < clip.joint_names.size(); ++j) {
    if (clip.joint_names[j] == name) return static_cast<int>(j);
  }
  for (std::size_t j = 0; j < clip.joint_names.size(); ++j) {
    if (equal_ignoring_case(clip.joint_names[j], name)) return static_cast<int>(j);
  }
  return -1;
}

}  // namespace

void curve_series(std::span<const CurveSeriesClip> clips, int active_clip_id, std::span<const CurveSeriesKey> pins,
                  bool every_clip, std::vector<CurveSeriesKey>& series) {
  series.clear();
  const auto add = [&series](const CurveSeriesKey& key) {
    if (series.size() < kMaxCurveSeries && std::find(series.begin(), series.end(), key) == series.end())
      series.push_back(key);
  };
  const auto add_with_others = [&](const CurveSeriesKey& key) {
    const CurveSeriesClip* own = clip_with_id(clips, key.clip_id);
    if (own == nullptr || !joint_exists(*own, key.joint)) return;
    add(key);
    if (!every_clip) return;
    const std::string& name = own->joint_names[static_cast<std::size_t>(key.joint)];
    for (const CurveSeriesClip& other : clips) {
      if (other.clip_id == key.clip_id || !other.visible) continue;
      const int joint = joint_named(other, name);
      if (joint >= 0) add(CurveSeriesKey{other.clip_id, joint});
    }
  };
  if (const CurveSeriesClip* active = clip_with_id(clips, active_clip_id); active != nullptr && active->selected >= 0)
    add_with_others(CurveSeriesKey{active_clip_id, active->selected});
  for (const CurveSeriesKey& pin : pins) add_with_others(pin);
}

bool toggle_curve_pin(std::vector<CurveSeriesKey>& pins, const CurveSeriesKey& key) {
  const auto found = std::find(pins.begin(), pins.end(), key);
  if (found != pins.end()) {
    pins.erase(found);
    return false;
  }
  if (pins.size() + 1 >= kMaxCurveSeries) pins.erase(pins.begin());
  pins.push_back(key);
  return true;
}

void drop_stale_curve_pins(std::vector<CurveSeriesKey>& pins, std::span<const CurveSeriesClip> clips) {
  std::erase_if(pins, [clips](const CurveSeriesKey& pin) {
    const CurveSeriesClip* clip = clip_with_id(clips, pin.clip_id);
    return clip == nullptr || !joint_exists(*clip, pin.joint);
  });
}

CurveColouring curve_colouring(std::span<const CurveSeriesKey> series, std::span<const CurveSeriesClip> clips) {
  if (series.size() <= 1) return CurveColouring::Axes;
  // One joint name over distinct clips: each clip's colour.
  const CurveSeriesClip* first = clip_with_id(clips, series.front().clip_id);
  if (first == nullptr || !joint_exists(*first, series.front().joint)) return CurveColouring::Palette;
  const std::string& name = first->joint_names[static_cast<std::size_t>(series.front().joint)];
  for (std::size_t i = 1; i < series.size(); ++i) {
    const CurveSeriesClip* clip = clip_with_id(clips, series[i].clip_id);
    if (clip == nullptr || !joint_exists(*clip, series[i].joint) ||
        !equal_ignoring_case(clip->joint_names[static_cast<std::size_t>(series[i].joint)], name))
      return CurveColouring::Palette;
    for (std::size_t k = 0; k < i; ++k) {
      if (series[k].clip_id == series[i].clip_id) return CurveColouring::Palette;
    }
  }
  return CurveColouring::ClipColours;
}

}  // namespace bvhscope
