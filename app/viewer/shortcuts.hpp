// The viewer's keyboard and mouse controls, one list: the F1 window, `bvhscope --help` and the
// README's table show these rows (tests/viewer/shortcuts_test.cpp keeps the README and the key
// handler in viewer_frame.cpp equal to it).
#pragma once

namespace bvhscope::viewer {

struct Shortcut {
  const char* keys;
  const char* does;
};

inline constexpr Shortcut kShortcuts[] = {
    {"Space", "play / pause"},
    {"Left / Right", "previous / next frame (pauses)"},
    {"Home / End", "first / last frame (of the loop range)"},
    {"J / K / L", "play backwards / pause / play forwards (J or L again: twice as fast, up to 4x)"},
    {"I / O, Alt+X", "the loop range starts / ends at the frame on screen; clear it"},
    {"F / Shift+F", "frame the whole motion / the current pose"},
    {"R", "reset the camera"},
    {"Numpad 1 / 3 / 7", "front / right / top view (with Ctrl: back / left / bottom), as in Blender"},
    {"Numpad 5", "perspective / orthographic projection"},
    {"C", "follow the root (the selected joint when there is one)"},
    {"S / G / T / P", "solid or line bones / grid / root trajectory / side panels"},
    {"N", "joint names: none / selected chain / all"},
    {"Ctrl+O", "open files"},
    {"F5, Ctrl+R", "reload the active clip"},
    {"Ctrl+E", "export a video (Esc cancels it while it is written)"},
    {"Ctrl+Shift+S", "save the active clip as BVH (convert options)"},
    {"Ctrl+Shift+T", "retarget the active clip onto another loaded clip's skeleton"},
    {"Delete", "remove the active clip (a clip still loading stops loading)"},
    {"Esc",
     "close the open menu or dialog; else cancel the video being written, close the message, "
     "cancel loading, clear the joint selection (the first that applies)"},
    {"F1", "this list"},
    {"Ctrl+Q", "quit"},
    {"Enter / Esc in a dialog", "confirm / cancel"},
    {"Ctrl+A, Ctrl+C / X / V, Ctrl+Z / Y, Ctrl+Left / Right",
     "in a text field: select all, copy / cut / paste, "
     "undo / redo, word jumps (no shortcut fires there)"},
    {"Left drag", "orbit"},
    {"Right or middle drag, Shift+left drag", "pan"},
    {"Wheel", "zoom towards the cursor"},
    {"Click a joint or bone", "select it"},
    {"Point at a joint or bone", "highlight it and show its name"},
    {"Double-click a joint", "centre the camera on it"},
    {"Over the timeline: wheel / Shift+wheel or right or middle drag / double-click the ruler",
     "zoom about the frame under the mouse / pan / show the whole timeline"},
    {"Over a curve plot: wheel / Shift+wheel / Ctrl+wheel / right or middle drag / double-click",
     "zoom the timeline about the frame under the mouse / pan it / zoom the values about the value under the mouse / "
     "pan time and values / automatic values and the whole timeline"},
    {"Click a curve's legend entry", "hide or show that channel (or that joint's curves)"},
    {"Right-click a joint in the tree", "pin its curves to the strip, or unpin them"},
    {"Drop motion files (.bvh, .fbx, .glb, .gltf, .npy, .npz) or folders", "add them as clips"},
};

}  // namespace bvhscope::viewer
