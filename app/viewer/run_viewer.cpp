#include "viewer/run_viewer.hpp"

#include <iostream>

namespace bvhscope::viewer {

// Until the windowed viewer lands (issue 3) this explains itself instead of opening a window.
int run_viewer(const std::vector<std::string>& files) {
  std::cerr << "bvhscope: the viewer window is not built yet; try 'bvhscope info "
            << (files.empty() ? std::string("FILE") : files.front()) << "'\n";
  return 2;
}

}  // namespace bvhscope::viewer
