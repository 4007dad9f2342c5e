// File > Export video's run: the worker writing the video (video_render_task in a BackgroundJob),
// where it writes and its file name for the progress bar.
#pragma once

#include <string>

#include "model/background_job.hpp"

namespace bvhscope::viewer {

struct VideoExportRun {
  BackgroundJob job;
  std::string path;   // where the export in job writes
  std::string label;  // its file name, for the progress bar
};

}  // namespace bvhscope::viewer
