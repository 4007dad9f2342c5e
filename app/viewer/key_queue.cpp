#include "viewer/key_queue.hpp"

namespace bvhscope::viewer {

void KeyQueue::push(int key, int mods) noexcept {
  if (count_ < keys_.size()) keys_[count_++] = {key, mods};
}

std::span<const KeyQueue::KeyPress> KeyQueue::take() noexcept {
  const std::size_t count = count_;
  count_ = 0;
  return {keys_.data(), count};
}

}  // namespace bvhscope::viewer
