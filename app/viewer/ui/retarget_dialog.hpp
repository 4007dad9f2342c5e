// File > Retarget onto Another Skeleton: the active clip's motion moved onto the skeleton of
// another loaded clip, as `bvhscope retarget` does. The dialog shows which source joint drives each
// target joint (the automatic map, each row editable), loads and saves the map (compare's format,
// for reuse on the command line), chooses the root's motion and whether feet stay planted, and
// writes the result beside the source, then opens it beside it.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "viewer/actions.hpp"

namespace bvhscope::viewer {

enum class RetargetStatus : std::uint8_t { Editing, Working, Written };

struct RetargetDialog {
  bool requested = false;  // set to show the dialog on the next frame
  bool open = false;       // shown this frame (for the state report)
  bool browse_shown = false;
  bool can_browse = false;
  // Filled by the viewer when it opens, and when the target changes.
  int source_id = 0;
  std::string source_name;
  struct Target {
    int id = 0;
    std::string name;
  };
  std::vector<Target> targets;  // the other loaded clips
  int target = -1;              // index into targets
  std::array<char, 4096> path{};
  std::array<char, 4096> map_path{};
  int root = 0;  // 0 scale, 1 keep, 2 none
  bool plant_feet = true;
  bool fingers = false;
  // The map: each driven target joint and its source joint (an index into source_joints), the
  // automatic choice until the user picks another; a problem finding it (not a humanoid) instead.
  struct Row {
    std::string target_joint;
    int source_joint = -1;
    bool edited = false;
  };
  std::vector<Row> rows;
  int rows_for = 0;  // the target clip the rows were found for
  std::vector<std::string> source_joints;
  std::vector<std::string> target_joints;  // the target's joints (its fitted ones for joint positions)
  std::string map_problem;
  // From the viewer.
  RetargetStatus status = RetargetStatus::Editing;
  std::string outcome;
  bool outcome_error = false;
  // Where the Retarget button was drawn (x, y, width, height), for the app tests.
  std::array<float, 4> retarget_box{};
};

// The choice as Actions::retarget: the clips, the path and the options (the rows the user chose as
// the map given first; the others are the automatic map's).
Actions::Retarget chosen_retarget(const RetargetDialog& dialog);

void draw_retarget_dialog(RetargetDialog& dialog, Actions& actions);

}  // namespace bvhscope::viewer
