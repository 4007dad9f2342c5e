// A tiny X11 client for tests of the running viewer: find its window, read its pixels, and drag
// files onto it through the XDND protocol as a file manager would.
#pragma once

#include <sys/types.h>
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace bvhscope::test {

struct WindowImage {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgb;  // top row first
  [[nodiscard]] std::array<int, 3> at(int x, int y) const;
};

class X11Client {
 public:
  // nullptr when no X display can be opened.
  static std::unique_ptr<X11Client> open();
  ~X11Client();
  X11Client(const X11Client&) = delete;
  X11Client& operator=(const X11Client&) = delete;

  // The top-level window whose _NET_WM_PID is `pid` (0 when there is none yet).
  unsigned long find_window(pid_t pid) const;
  WindowImage grab(unsigned long window) const;
  // Covers `window` with a window of its own (override-redirect: no focus change), paints it
  // magenta, then takes it away: the server sends `window` Expose events for all of it, and its
  // pixels are the cover's until it draws them again.
  void cover_and_expose(unsigned long window) const;

  // Drags `paths` (as file:// URIs) onto `window` at window pixel (x, y) and drops them: XdndEnter,
  // XdndPosition, waits for XdndStatus, XdndDrop, serves the text/uri-list selection, waits for
  // XdndFinished. False with `error` set when the target does not take part.
  bool drop_files(unsigned long window, const std::vector<std::string>& paths, int x, int y, std::string& error);

 private:
  explicit X11Client(void* display) : display_(display) {}
  void* display_;
};

}  // namespace bvhscope::test
