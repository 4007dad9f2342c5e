// A shared library loaded at run time (dlopen) rather than linked: the big libraries few commands
// need (FFmpeg's for a video, assimp for an FBX), so that the others do not pay to load and
// relocate them at start. A library loaded stays for the life of the process; its functions are
// looked up by name, the types coming from the library's own headers.
#pragma once

#include <dlfcn.h>

#include <optional>
#include <string>

namespace bvhscope::io {

class RuntimeLibrary {
 public:
  // `soname` loaded with every symbol bound now and kept to itself (RTLD_NOW | RTLD_LOCAL);
  // nullopt with `error` (the loader's words) when it cannot be.
  static std::optional<RuntimeLibrary> open(const char* soname, std::string& error) {
    void* handle = ::dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
      const char* why = ::dlerror();
      error = why != nullptr ? why : std::string("cannot load ") + soname;
      return std::nullopt;
    }
    return RuntimeLibrary(handle, soname);
  }

  // `function` set to the library's function `name`; false when it has none, with `error`
  // ("SONAME has no NAME") unless `error` already says something: a run of lookups reports the
  // first one missing.
  template <typename Function>
  bool find(Function& function, const char* name, std::string& error) const {
    function = reinterpret_cast<Function>(::dlsym(handle_, name));
    if (function != nullptr) return true;
    if (error.empty()) error = soname_ + " has no " + name;
    return false;
  }

 private:
  RuntimeLibrary(void* handle, std::string soname) : handle_(handle), soname_(std::move(soname)) {}

  void* handle_;
  std::string soname_;
};

}  // namespace bvhscope::io
