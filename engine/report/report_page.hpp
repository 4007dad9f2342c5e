// The dataset report page of `bvhscope report`: what was found about each file (its figures, its
// lint findings, its motion metrics, a filmstrip, and with --compare-to its errors against its
// partner) in, one self-contained HTML document out: no network, no outside file, images as data:
// URIs, plots as inline SVG, styles and the table's sorting inline.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace bvhscope::report {

struct Finding {
  std::string severity;  // "error", "warning", "info"
  std::string place;     // "frame 12, joint LeftArm Xrotation", "line 58:10"; may be empty
  std::string message;
  std::string code;  // "rotation-jump"
};

struct FileEntry {
  std::string path;   // as given or found
  std::string name;   // shown: the path relative to its folder
  std::string error;  // a file that could not be read: its located error (nothing else is set)
  // What info says.
  std::size_t frames = 0;
  double fps = 0.0;
  double duration_s = 0.0;
  int joints = 0;  // without End Sites
  std::string up_axis;
  std::string unit;                // the unit guess ("centimetres", "unknown")
  std::optional<double> height_m;  // when the unit is known
  double height_units = 0.0;
  std::string position_mode;
  bool weak_guess = false;  // the up axis or position mode is a guess to check (lint says why)
  // What lint finds.
  std::size_t errors = 0, warnings = 0, infos = 0;
  std::vector<Finding> findings;
  // What metrics measures (nullopt: not measured, the figure is not a walking human, say).
  std::optional<double> skating_mps, skating_share, contact_share, jitter_mps3, bone_drift, floating_share;
  // A filmstrip of the motion, PNG bytes (empty: none).
  std::string preview_png;
  int preview_width = 0, preview_height = 0;
  // With --compare-to: the partner file and the errors against it.
  std::string partner;
  std::string compare_error;
  std::optional<double> mpjpe, pa_mpjpe;  // in metres when compare_in_metres, else in file units
};

struct JointError {
  std::string name;
  double mean = 0.0;
  std::size_t pairs = 0;
};

struct Page {
  std::string title = "bvhscope report";
  std::string command;       // the command line that made it
  std::string generated_at;  // "2026-11-28 15:02 UTC"
  std::string version;       // bvhscope's
  std::vector<FileEntry> files;
  // --compare-to
  std::string compare_folder;  // empty: no comparison
  bool compare_in_metres = true;
  std::vector<JointError> joint_errors;  // each joint's mean over the pairs that have it
  std::vector<std::string> unpaired;     // files of the report with no partner, and partners with no file
};

std::string report_html(const Page& page);

}  // namespace bvhscope::report
