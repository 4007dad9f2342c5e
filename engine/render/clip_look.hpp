// How a clip of the model is drawn (gfx::ClipLook) in a Scene: its colour (the palette for the
// first), shown or not, a ghost's or a filmstrip pose's opacity, each joint in the colour of its
// error when it is compared, the selected and the hovered joint. The viewer and the headless
// renderer build their looks with it. No GL.
#pragma once

#include "gfx/scene_style.hpp"
#include "model/clip_set.hpp"
#include "model/comparison.hpp"

namespace bvhscope::render {

// How much of a ghost (a compared clip drawn over the reference) covers what is behind it.
inline constexpr float kGhostOpacity = 0.45f;

// The comparison of `slot` when it is drawn as a ghost (over the reference, where it is measured:
// ghosts on, not the reference, a result in); nullptr when it stands in its own place.
[[nodiscard]] const ClipComparison* ghost_comparison(const Comparison& comparison, const ClipSlot& slot) noexcept;

// `slot`'s look (a clip of `clips`): `active` says whether it is the active clip (its selected
// joint highlighted), `hovered` the joint drawn hovered (-1: none).
void set_clip_look(const ClipSlot& slot, const ClipSet& clips, const Comparison& comparison, bool active, int hovered,
                   gfx::ClipLook& look);

// A compared clip's joints in the colour of their error at the reference's frame on screen (grey
// where a joint has no partner or the frame is outside the compared ones); no joint colours when
// the clip is not compared or error colours are off.
void colour_by_error(const ClipSlot& slot, const ClipSet& clips, const Comparison& comparison, gfx::ClipLook& look);

}  // namespace bvhscope::render
