// The compiled half of `import bvhscope` (the package's _bvhscope): loading motions into numpy
// arrays, motions from arrays, and the command line's commands run in this process. The Python half
// (python/bvhscope/__init__.py) gives these their documented shape; this file only crosses over.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <sstream>

#include "anim/euler.hpp"
#include "anim/position_mode.hpp"
#include "anim/printable.hpp"
#include "cli/dispatch.hpp"
#include "cli/memory_clips.hpp"
#include "python_motion.hpp"

namespace py = pybind11;

namespace bvhscope::python {
namespace {

// A Motion as Python holds it: the loaded motion and its positions once computed.
struct Motion {
  LoadedMotion loaded;
  py::object positions;  // None until first asked for
};

// Text from files (joint names, paths, messages) as str: bytes that are not UTF-8 are kept as
// Python keeps such file names (surrogateescape), never an error.
py::str text(const std::string& bytes) {
  PyObject* decoded = PyUnicode_DecodeUTF8(bytes.data(), static_cast<Py_ssize_t>(bytes.size()), "surrogateescape");
  if (decoded == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(decoded);
}

py::list texts(const std::vector<std::string>& lines) {
  py::list result;
  for (const std::string& line : lines) result.append(text(line));
  return result;
}

// Raises the package's exception class `name` (bvhscope._errors) with `args`.
[[noreturn]] void raise(const char* name, const py::tuple& args) {
  const py::object type = py::module_::import("bvhscope._errors").attr(name);
  const py::object error = type(*args);
  PyErr_SetObject(type.ptr(), error.ptr());
  throw py::error_already_set();
}

std::vector<Motion> motions_or_raise(LoadOutcome outcome) {
  if (outcome.usage) raise("UsageError", py::make_tuple(text(outcome.usage->message)));
  if (outcome.error) {
    const Diagnostic& error = *outcome.error;
    raise("FileError", py::make_tuple(text(error.message), text(error.source), error.line, error.column));
  }
  std::vector<Motion> motions;
  for (LoadedMotion& loaded : outcome.motions) motions.push_back(Motion{std::move(loaded), py::none()});
  return motions;
}

// A read-only numpy view, shaped `shape`, of the values at `data`, which the motion's clip owns (the
// array keeps the clip alive).
template <typename T>
py::array clip_view(const Motion& motion, const T* data, std::vector<py::ssize_t> shape) {
  auto* owner = new std::shared_ptr<const Clip>(motion.loaded.clip);
  const py::capsule base(owner, [](void* held) { delete static_cast<std::shared_ptr<const Clip>*>(held); });
  py::array view(py::dtype::of<T>(), std::move(shape), {}, data, base);
  view.attr("setflags")(py::arg("write") = false);
  return view;
}

py::array positions_of(Motion& motion) {
  if (!motion.positions.is_none()) return motion.positions;
  const Clip& clip = *motion.loaded.clip;
  const auto frames = static_cast<py::ssize_t>(clip.motion.frame_count);
  const auto joints = static_cast<py::ssize_t>(clip.skeleton.joint_count());
  py::array result;
  if (clip.motion.holds_positions() && !motion.loaded.turned && frames > 0) {
    // The file's own positions are the pose (posing reads them as they are): shared, not copied.
    result = clip_view(motion, clip.motion.positions.data(), {frames, joints, 3});
  } else {
    py::array_t<float> computed({frames, joints, py::ssize_t{3}});
    float* out = computed.mutable_data();
    {
      py::gil_scoped_release unlocked;
      pose_all_frames(motion.loaded, out);
    }
    computed.attr("setflags")(py::arg("write") = false);
    result = computed;
  }
  motion.positions = result;
  return result;
}

py::object local_rotations_of(const Motion& motion, const std::string& order) {
  const Clip& clip = *motion.loaded.clip;
  if (clip.motion.holds_positions()) return py::none();
  const bool quaternions = order == "quat";
  RotationOrder axes{0, 1, 2};
  if (!quaternions) {
    const auto parsed = parse_rotation_order(order);
    if (!parsed)
      raise("UsageError", py::make_tuple("local_rotations: order must be 'quat' or an axis order such as "
                                         "'xyz' or 'zxy', not '" +
                                         order + "'"));
    axes = *parsed;
  }
  const auto frames = static_cast<py::ssize_t>(clip.motion.frame_count);
  const auto joints = static_cast<py::ssize_t>(clip.skeleton.joint_count());
  py::array_t<double> result({frames, joints, py::ssize_t{quaternions ? 4 : 3}});
  double* out = result.mutable_data();
  {
    py::gil_scoped_release unlocked;
    python::local_rotations(clip, quaternions, axes, out);
  }
  return result;
}

// Runs a command line (`bvhscope ARGS...`) in this process; a Motion among the arguments is handed
// to the command as a clip in memory (cli::MemoryClips), read as a file would be.
py::tuple run_command(const py::list& items) {
  cli::MemoryClips memory;  // current on this thread, where the command runs
  std::vector<std::string> args;
  for (const py::handle item : items) {
    if (py::isinstance<Motion>(item)) {
      const Motion& motion = item.cast<const Motion&>();
      args.push_back(memory.add(motion.loaded.clip, motion.loaded.listing));
    } else {
      args.push_back(item.cast<std::string>());
    }
  }
  std::ostringstream out;
  std::ostringstream err;
  std::optional<int> status;
  std::string failure;
  {
    py::gil_scoped_release unlocked;
    try {
      status = cli::run_subcommand(args, out, err);
    } catch (const std::bad_alloc&) {
      throw;  // MemoryError
    } catch (const std::exception& error) {
      failure = error.what();  // as main() reports it: an internal error, status 3
    }
  }
  if (!failure.empty()) raise("CommandError", py::make_tuple(text("internal error: " + failure)));
  if (!status) raise("UsageError", py::make_tuple("no such command: " + (args.empty() ? std::string() : args[0])));
  return py::make_tuple(*status, py::bytes(out.str()), py::bytes(err.str()));
}

}  // namespace
}  // namespace bvhscope::python

PYBIND11_MODULE(_bvhscope, module) {
  using bvhscope::python::Motion;
  namespace python = bvhscope::python;
  module.doc() = "bvhscope's engine (the compiled half of the bvhscope package; use bvhscope itself)";
  module.attr("__version__") = BVHSCOPE_VERSION;

  py::class_<Motion>(module, "Motion")
      .def_property_readonly("joint_names",
                             [](const Motion& m) { return python::texts(m.loaded.clip->skeleton.names); })
      .def_property_readonly("parents",
                             [](const Motion& m) {
                               const auto& parents = m.loaded.clip->skeleton.parents;
                               return py::array_t<int>(static_cast<py::ssize_t>(parents.size()), parents.data());
                             })
      .def_property_readonly("offsets",
                             [](const Motion& m) {
                               const auto& offsets = m.loaded.clip->skeleton.offsets;
                               py::array_t<float> result({static_cast<py::ssize_t>(offsets.size()), py::ssize_t{3}});
                               float* out = result.mutable_data();
                               for (const glm::vec3& offset : offsets) {
                                 *out++ = offset.x;
                                 *out++ = offset.y;
                                 *out++ = offset.z;
                               }
                               return result;
                             })
      .def_property_readonly("end_sites",
                             [](const Motion& m) {
                               const auto& ends = m.loaded.clip->skeleton.end_sites;
                               py::array_t<bool> result(static_cast<py::ssize_t>(ends.size()));
                               for (std::size_t k = 0; k < ends.size(); ++k) result.mutable_data()[k] = ends[k] != 0;
                               return result;
                             })
      .def_property_readonly("frame_count", [](const Motion& m) { return m.loaded.clip->motion.frame_count; })
      .def("__len__", [](const Motion& m) { return m.loaded.clip->motion.frame_count; })
      .def_property_readonly("frame_time", [](const Motion& m) { return m.loaded.clip->motion.frame_time; })
      .def_property_readonly("declared_frame_time", [](const Motion& m) { return m.loaded.clip->declared_frame_time; })
      .def_property_readonly("up_axis", [](Motion& m) { return python::up_axis_of(m.loaded); })
      .def_property_readonly("unit",
                             [](Motion& m) { return std::string(python::figure_analysis(m.loaded).figure.units.unit); })
      .def_property_readonly("format", [](const Motion& m) { return m.loaded.listing.format; })
      .def_property_readonly("position_mode",
                             [](const Motion& m) { return std::string(bvhscope::position_mode_name(m.loaded.mode)); })
      .def_property_readonly("source", [](const Motion& m) { return python::text(m.loaded.clip->source); })
      .def_property_readonly("name", [](const Motion& m) { return python::text(m.loaded.clip->name); })
      .def_property_readonly(
          "warnings",
          [](const Motion& m) {
            py::list lines;
            for (const bvhscope::Diagnostic& warning : m.loaded.clip->warnings)
              lines.append(python::text(bvhscope::format_diagnostic(warning, bvhscope::Severity::Warning)));
            return lines;
          })
      .def_property_readonly("positions", [](Motion& m) { return python::positions_of(m); })
      .def_property_readonly("holds_positions", [](const Motion& m) { return m.loaded.clip->motion.holds_positions(); })
      .def_property_readonly("array_joints",
                             [](const Motion& m) -> py::object {
                               const auto& columns = m.loaded.clip->motion.array_joints;
                               if (!m.loaded.clip->motion.holds_positions()) return py::none();
                               const auto joints = static_cast<std::size_t>(m.loaded.clip->skeleton.joint_count());
                               py::array_t<int> result(static_cast<py::ssize_t>(joints));
                               for (std::size_t k = 0; k < joints; ++k)
                                 result.mutable_data()[k] = columns.empty() ? static_cast<int>(k) : columns[k];
                               return result;
                             })
      .def_property_readonly(
          "channels",
          [](const Motion& m) {
            const bvhscope::Skeleton& skeleton = m.loaded.clip->skeleton;
            py::list names;
            for (int c = 0; c < skeleton.channel_count(); ++c)
              names.append(python::text(skeleton.names[skeleton.channel_joints[c]] + "." +
                                        std::string(bvhscope::channel_name(skeleton.channel_kinds[c]))));
            return names;
          })
      .def_property_readonly("channel_values",
                             [](const Motion& m) {
                               const bvhscope::Motion& motion = m.loaded.clip->motion;
                               const auto frames = static_cast<py::ssize_t>(motion.frame_count);
                               const auto channels = static_cast<py::ssize_t>(motion.channel_count);
                               if (frames == 0 || channels == 0)
                                 return py::array(py::array_t<float>({frames, channels}));
                               return python::clip_view(m, motion.values.data(), {frames, channels});
                             })
      .def("local_rotations", &python::local_rotations_of, py::arg("order") = "xyz");

  module.def(
      "load",
      [](const std::vector<std::string>& args, bool every_motion) {
        python::LoadOutcome outcome;
        {
          py::gil_scoped_release unlocked;
          outcome = python::load_motions(args, every_motion);
        }
        return python::motions_or_raise(std::move(outcome));
      },
      py::arg("args"), py::arg("every_motion"));
  module.def(
      "from_npy_bytes",
      [](const py::buffer& npy, std::string_view skeleton_text, double fps) {
        // The .npy file's bytes where np.save wrote them (a BytesIO's buffer): read, not copied.
        const py::buffer_info bytes = npy.request();
        const std::string_view view(static_cast<const char*>(bytes.ptr),
                                    static_cast<std::size_t>(bytes.size * bytes.itemsize));
        python::LoadOutcome outcome;
        {
          py::gil_scoped_release unlocked;  // the buffer stays held (bytes) while it is read
          outcome = python::motion_from_npy_bytes(view, skeleton_text, fps);
        }
        std::vector<Motion> motions = python::motions_or_raise(std::move(outcome));
        return std::move(motions.front());
      },
      py::arg("npy"), py::arg("skeleton_text"), py::arg("fps"));
  module.def("run", &python::run_command, py::arg("args"));
  // How the commands write a name in their messages (control characters and bytes that are not
  // UTF-8 escaped), so that a message's file can be told back to the path it escapes.
  module.def(
      "printable", [](const std::string& name) { return python::text(bvhscope::printable(name)); }, py::arg("name"));
}
