#include "x11_client.hpp"

#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <thread>

#include "test_pace.hpp"

namespace bvhscope::test {
namespace {

Display* as_display(void* display) { return static_cast<Display*>(display); }

std::string file_uri(const std::string& path) {
  std::string uri = "file://";
  for (const unsigned char c : path) {
    if (std::isalnum(c) || c == '/' || c == '-' || c == '_' || c == '.' || c == '~') {
      uri += static_cast<char>(c);
    } else {
      static constexpr char kHex[] = "0123456789ABCDEF";
      uri += '%';
      uri += kHex[c >> 4];
      uri += kHex[c & 15];
    }
  }
  return uri;
}

void send_client_message(Display* display, Window target, Atom type, const std::array<long, 5>& data) {
  XEvent event{};
  event.xclient.type = ClientMessage;
  event.xclient.display = display;
  event.xclient.window = target;
  event.xclient.message_type = type;
  event.xclient.format = 32;
  for (int i = 0; i < 5; ++i) event.xclient.data.l[i] = data[static_cast<std::size_t>(i)];
  XSendEvent(display, target, False, NoEventMask, &event);
  XFlush(display);
}

}  // namespace

std::array<int, 3> WindowImage::at(int x, int y) const {
  const std::size_t i =
      (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 3;
  return {rgb[i], rgb[i + 1], rgb[i + 2]};
}

namespace {

// Other tests' windows come and go on the same display: one can vanish between XQueryTree listing
// it and a question about it. Xlib's default handler would end the test process on that
// BadWindow; the question just fails instead (its caller sees no window, or an empty image).
int ignore_vanished_windows(Display* display, XErrorEvent* error) {
  if (error->error_code == BadWindow || error->error_code == BadDrawable || error->error_code == BadMatch) return 0;
  char text[256] = {};
  XGetErrorText(display, error->error_code, text, sizeof text);
  std::fprintf(stderr, "x11_client: X error %d (%s), request %d\n", static_cast<int>(error->error_code), text,
               static_cast<int>(error->request_code));
  return 0;
}

}  // namespace

std::unique_ptr<X11Client> X11Client::open() {
  XSetErrorHandler(ignore_vanished_windows);
  // A loaded machine's X server can refuse a connection for a moment (seen once in ~50 runs while
  // other processes hammered it): more tries for two seconds (scaled by the run's pace) before giving up.
  Display* display = XOpenDisplay(nullptr);
  const auto deadline = std::chrono::steady_clock::now() + hang_bound(std::chrono::seconds(2));
  while (display == nullptr && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    display = XOpenDisplay(nullptr);
  }
  if (display == nullptr) return nullptr;
  return std::unique_ptr<X11Client>(new X11Client(display));
}

X11Client::~X11Client() { XCloseDisplay(as_display(display_)); }

unsigned long X11Client::find_window(pid_t pid) const {
  Display* display = as_display(display_);
  const Atom pid_atom = XInternAtom(display, "_NET_WM_PID", False);
  Window root_return = 0;
  Window parent = 0;
  Window* children = nullptr;
  unsigned int count = 0;
  unsigned long found = 0;
  if (XQueryTree(display, DefaultRootWindow(display), &root_return, &parent, &children, &count) == 0) return 0;
  for (unsigned int i = 0; i < count && found == 0; ++i) {
    Atom type = None;
    int format = 0;
    unsigned long items = 0;
    unsigned long after = 0;
    unsigned char* data = nullptr;
    if (XGetWindowProperty(display, children[i], pid_atom, 0, 1, False, XA_CARDINAL, &type, &format, &items, &after,
                           &data) == Success &&
        data != nullptr) {
      if (items == 1 && static_cast<pid_t>(*reinterpret_cast<unsigned long*>(data)) == pid) {
        XWindowAttributes attributes{};
        XGetWindowAttributes(display, children[i], &attributes);
        if (attributes.map_state == IsViewable) found = children[i];
      }
      XFree(data);
    }
  }
  if (children != nullptr) XFree(children);
  return found;
}

WindowImage X11Client::grab(unsigned long window) const {
  Display* display = as_display(display_);
  XWindowAttributes attributes{};
  XGetWindowAttributes(display, window, &attributes);
  WindowImage image;
  XImage* x = XGetImage(display, window, 0, 0, static_cast<unsigned>(attributes.width),
                        static_cast<unsigned>(attributes.height), AllPlanes, ZPixmap);
  if (x == nullptr) return image;
  image.width = attributes.width;
  image.height = attributes.height;
  image.rgb.resize(static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height) * 3);
  for (int y = 0; y < image.height; ++y) {
    for (int px = 0; px < image.width; ++px) {
      const unsigned long p = XGetPixel(x, px, y);
      const std::size_t i =
          (static_cast<std::size_t>(y) * static_cast<std::size_t>(image.width) + static_cast<std::size_t>(px)) * 3;
      image.rgb[i] = static_cast<std::uint8_t>((p & x->red_mask) >> 16);
      image.rgb[i + 1] = static_cast<std::uint8_t>((p & x->green_mask) >> 8);
      image.rgb[i + 2] = static_cast<std::uint8_t>(p & x->blue_mask);
    }
  }
  XDestroyImage(x);
  return image;
}

void X11Client::cover_and_expose(unsigned long window) const {
  Display* display = as_display(display_);
  XWindowAttributes attributes{};
  XGetWindowAttributes(display, window, &attributes);
  Window child = 0;
  int x = 0;
  int y = 0;
  XTranslateCoordinates(display, window, DefaultRootWindow(display), 0, 0, &x, &y, &child);
  XSetWindowAttributes cover_attributes{};
  cover_attributes.override_redirect = True;
  cover_attributes.background_pixel = 0xff00ffUL;
  const Window cover = XCreateWindow(display, DefaultRootWindow(display), x, y, static_cast<unsigned>(attributes.width),
                                     static_cast<unsigned>(attributes.height), 0, CopyFromParent, InputOutput,
                                     CopyFromParent, CWOverrideRedirect | CWBackPixel, &cover_attributes);
  XMapRaised(display, cover);
  XSync(display, False);
  XDestroyWindow(display, cover);
  XSync(display, False);
}

bool X11Client::drop_files(unsigned long target, const std::vector<std::string>& paths, int x, int y,
                           std::string& error) {
  Display* display = as_display(display_);
  const Atom aware = XInternAtom(display, "XdndAware", False);
  const Atom enter = XInternAtom(display, "XdndEnter", False);
  const Atom position = XInternAtom(display, "XdndPosition", False);
  const Atom status = XInternAtom(display, "XdndStatus", False);
  const Atom drop = XInternAtom(display, "XdndDrop", False);
  const Atom finished = XInternAtom(display, "XdndFinished", False);
  const Atom selection = XInternAtom(display, "XdndSelection", False);
  const Atom action_copy = XInternAtom(display, "XdndActionCopy", False);
  const Atom uri_list = XInternAtom(display, "text/uri-list", False);

  // The target must say it speaks XDND (and which version).
  Atom type = None;
  int format = 0;
  unsigned long items = 0;
  unsigned long after = 0;
  unsigned char* data = nullptr;
  if (XGetWindowProperty(display, target, aware, 0, 1, False, XA_ATOM, &type, &format, &items, &after, &data) !=
          Success ||
      data == nullptr || items != 1) {
    error = "the target window has no XdndAware property";
    if (data != nullptr) XFree(data);
    return false;
  }
  const long version = std::min<long>(static_cast<long>(*reinterpret_cast<Atom*>(data)), 5);
  XFree(data);

  // The drag source: a window that owns XdndSelection and receives the target's replies.
  const Window source = XCreateSimpleWindow(display, DefaultRootWindow(display), 0, 0, 1, 1, 0, 0, 0);
  XSelectInput(display, source, PropertyChangeMask);
  XSetSelectionOwner(display, selection, source, CurrentTime);
  std::string payload;
  for (const std::string& path : paths) payload += file_uri(path) + "\r\n";

  Window child = 0;
  int root_x = 0;
  int root_y = 0;
  XTranslateCoordinates(display, target, DefaultRootWindow(display), x, y, &root_x, &root_y, &child);

  send_client_message(display, target, enter,
                      {static_cast<long>(source), version << 24, static_cast<long>(uri_list), 0, 0});
  send_client_message(display, target, position,
                      {static_cast<long>(source), 0, (static_cast<long>(root_x) << 16) | root_y, CurrentTime,
                       static_cast<long>(action_copy)});

  bool accepted = false;
  bool dropped = false;
  bool done = false;
  const auto deadline = std::chrono::steady_clock::now() + hang_bound(std::chrono::seconds(30));
  while (!done && std::chrono::steady_clock::now() < deadline) {
    if (XPending(display) == 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      continue;
    }
    XEvent event{};
    XNextEvent(display, &event);
    if (event.type == ClientMessage && event.xclient.message_type == status && !dropped) {
      accepted = (event.xclient.data.l[1] & 1) != 0;
      if (!accepted) break;
      send_client_message(display, target, drop, {static_cast<long>(source), 0, CurrentTime, 0, 0});
      dropped = true;
    } else if (event.type == SelectionRequest) {
      const XSelectionRequestEvent& request = event.xselectionrequest;
      XEvent reply{};
      reply.xselection.type = SelectionNotify;
      reply.xselection.display = display;
      reply.xselection.requestor = request.requestor;
      reply.xselection.selection = request.selection;
      reply.xselection.target = request.target;
      reply.xselection.time = request.time;
      reply.xselection.property = None;
      if (request.target == uri_list) {
        XChangeProperty(display, request.requestor, request.property, uri_list, 8, PropModeReplace,
                        reinterpret_cast<const unsigned char*>(payload.data()), static_cast<int>(payload.size()));
        reply.xselection.property = request.property;
      }
      XSendEvent(display, request.requestor, False, NoEventMask, &reply);
      XFlush(display);
    } else if (event.type == ClientMessage && event.xclient.message_type == finished) {
      done = true;
    }
  }
  XDestroyWindow(display, source);
  XFlush(display);
  if (!accepted) {
    error = "the target did not accept the drag (no XdndStatus with accept)";
    return false;
  }
  if (!done) {
    error = "the target never sent XdndFinished";
    return false;
  }
  return true;
}

}  // namespace bvhscope::test
