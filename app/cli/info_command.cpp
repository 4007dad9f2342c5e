#include <cmath>
#include <map>
#include <sstream>

#include "anim/clip_analysis.hpp"
#include "anim/measure.hpp"
#include "anim/position_mode.hpp"
#include "anim/printable.hpp"
#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "cli/file_batch.hpp"
#include "cli/load_for_cli.hpp"
#include "cli/number_text.hpp"
#include "formats/json_writer.hpp"
#include "model/draw_detail.hpp"

namespace bvhscope::cli {
namespace {

// `value` with `decimals` decimals; values too large for that (1e300 s) fall back to the shortest form.
std::string channel_list(const Skeleton& skeleton, int joint) {
  std::string list;
  const int first = skeleton.first_channels[joint];
  for (int c = first; c < first + skeleton.channel_counts[joint]; ++c) {
    if (!list.empty()) list += ' ';
    list += channel_name(skeleton.channel_kinds[c]);
  }
  return list;
}

std::string rotation_orders_summary(const Skeleton& skeleton) {
  std::map<std::string, int> counts;
  std::vector<std::string> order_of_appearance;
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    const std::string order = skeleton.rotation_order(joint);
    if (order.empty()) continue;
    if (counts[order]++ == 0) order_of_appearance.push_back(order);
  }
  if (order_of_appearance.empty()) return "none";
  std::string summary;
  for (const std::string& order : order_of_appearance) {
    if (!summary.empty()) summary += ", ";
    summary += order + " x" + std::to_string(counts[order]);
  }
  return summary;
}

void print_hierarchy(const Skeleton& skeleton, std::ostream& out) {
  constexpr int kMaxIndent = 40;  // deep chains keep readable lines; the depth is printed instead
  const std::vector<int> depths = skeleton.depths();
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    const int depth = depths[static_cast<std::size_t>(joint)];
    out << std::string(static_cast<std::size_t>(std::min(depth, kMaxIndent)) * 2, ' ');
    if (depth > kMaxIndent) out << "[depth " << depth << "] ";
    out << printable(skeleton.names[joint]);
    if (skeleton.is_end_site(joint)) {
      out << "  (End Site)";
    } else if (skeleton.channel_counts[joint] > 0) {
      out << "  [" << channel_list(skeleton, joint) << ']';
    }
    out << '\n';
  }
}

void print_text(const Clip& clip, const ClipAnalysis& analysis, const FileListing& listing, std::ostream& out) {
  const Skeleton& skeleton = clip.skeleton;
  const Motion& motion = clip.motion;
  const PositionModeDecision& decision = analysis.position;
  const float height = analysis.figure.height;
  const UnitGuess& units = analysis.figure.units;
  const int end_sites = skeleton.end_site_count();
  out << "file:            " << printable(clip.source) << '\n';
  if (listing.motions.size() > 1 || !clip.name.empty()) {  // one motion of several (or a named one)
    out << "motion:          " << listing.chosen << " of " << listing.motions.size() << " in the " << listing.format
        << " file";
    if (!clip.name.empty()) out << ": \"" << printable(clip.name) << '"';
    out << '\n';
  }
  if (clip.motion.holds_positions())
    out << "positions:       " << clip.motion.position_joints << " joints' positions a frame (no channels)\n";
  out << "roots:           " << skeleton.roots.size() << '\n';
  out << "joints:          " << skeleton.joint_count() - end_sites << " (+" << end_sites
      << (end_sites == 1 ? " End Site)\n" : " End Sites)\n");
  out << "channels:        " << skeleton.channel_count() << '\n';
  out << "frames:          " << motion.frame_count << '\n';
  out << "frame time:      " << shortest(clip.declared_frame_time) << " s (" << fixed(1.0 / motion.frame_time, 3)
      << " fps";
  if (clip.declared_frame_time != motion.frame_time) out << " used for playback";
  out << ")\n";
  out << "duration:        " << fixed(motion.duration(), 3) << " s\n";
  out << "rotation orders: " << rotation_orders_summary(skeleton) << '\n';
  out << "position mode:   " << position_mode_name(decision.mode) << " (" << (decision.automatic ? "auto: " : "")
      << decision.reason << ")\n";
  out << "up axis:         " << up_axis_name(analysis.up.axis) << " (" << (analysis.up.automatic ? "auto: " : "")
      << analysis.up.reason << ")\n";
  out << "height:          " << fixed(static_cast<double>(height), 3) << " (" << analysis.figure.height_reason << ")\n";
  out << "extent:          " << fixed(static_cast<double>(analysis.figure.extent), 3) << " ("
      << analysis.figure.extent_reason << ")\n";
  out << "unit guess:      " << units.unit;
  if (units.unit != "unknown")
    out << ", about " << fixed(static_cast<double>(height) * units.metres_per_unit, 2) << " m tall";
  out << " (" << analysis.figure.unit_reason << ")\n";
  out << "floor:           " << fixed(static_cast<double>(analysis.figure.floor), 3)
      << " above the origin along the up axis (" << analysis.figure.floor_reason << ")\n";
  if (const std::string drawn = draw_detail_notice(draw_detail(skeleton, analysis.to_upright)); !drawn.empty()) {
    out << "drawing:         " << drawn << '\n';  // huge skeletons only (README: Limits)
  }
  if (clip.meshes != nullptr && !clip.meshes->empty()) {
    std::size_t vertices = 0;
    std::size_t triangles = 0;
    for (const SkinnedMesh& mesh : *clip.meshes) {
      vertices += mesh.positions.size();
      triangles += mesh.indices.size() / 3;
    }
    out << "meshes:          " << clip.meshes->size() << " skinned to the skeleton (" << vertices << " vertices, "
        << triangles << " triangles)\n";
  }
  out << "warnings:        " << clip.warnings.size() << '\n';
  out << "\nhierarchy:\n";
  print_hierarchy(skeleton, out);
}

void print_json(const Clip& clip, const ClipAnalysis& analysis, const FileListing& listing, std::ostream& out) {
  const Skeleton& skeleton = clip.skeleton;
  const PositionModeDecision& decision = analysis.position;
  const float height = analysis.figure.height;
  JsonWriter json(out);
  json.begin_object();
  json.key("file");
  json.value(clip.source);
  json.key("frames");
  json.value(static_cast<unsigned long long>(clip.motion.frame_count));
  json.key("frame_time");
  json.value(clip.declared_frame_time);
  json.key("channels");
  json.value(skeleton.channel_count());
  json.key("position_mode");
  json.value(position_mode_name(decision.mode));
  json.key("position_mode_reason");
  json.value(decision.reason);
  json.key("position_mode_certain");
  json.value(decision.certain);
  json.key("height");
  json.value(height);
  json.key("height_reason");
  json.value(analysis.figure.height_reason);
  json.key("extent");
  json.value(analysis.figure.extent);
  json.key("extent_reason");
  json.value(analysis.figure.extent_reason);
  json.key("unit_guess");
  json.value(analysis.figure.units.unit);
  json.key("unit_reason");
  json.value(analysis.figure.unit_reason);
  json.key("up_axis");
  json.value(up_axis_name(analysis.up.axis));
  json.key("up_axis_reason");
  json.value(analysis.up.reason);
  json.key("up_axis_certain");
  json.value(analysis.up.certain);
  json.key("floor");
  json.value(analysis.figure.floor);
  json.key("floor_reason");
  json.value(analysis.figure.floor_reason);
  json.key("detached_joints");
  json.value(analysis.detached_joints);
  json.key("roots");
  json.begin_array();
  for (const int root : skeleton.roots) json.value(root);
  json.end_array();
  json.key("joints");
  json.begin_array();
  for (int joint = 0; joint < skeleton.joint_count(); ++joint) {
    json.begin_object();
    json.key("name");
    json.value(skeleton.names[joint]);
    json.key("parent");
    json.value(skeleton.parents[joint]);
    json.key("offset");
    json.begin_array();
    for (int axis = 0; axis < 3; ++axis) json.value(skeleton.offsets[joint][axis]);
    json.end_array();
    json.key("channels");
    json.begin_array();
    const int first = skeleton.first_channels[joint];
    for (int c = first; c < first + skeleton.channel_counts[joint]; ++c)
      json.value(channel_name(skeleton.channel_kinds[c]));
    json.end_array();
    json.key("end_site");
    json.value(skeleton.is_end_site(joint));
    json.end_object();
  }
  json.end_array();
  json.key("meshes");  // skinned to the skeleton (a glTF or FBX character's)
  json.begin_array();
  if (clip.meshes != nullptr)
    for (const SkinnedMesh& mesh : *clip.meshes) {
      json.begin_object();
      json.key("name");
      json.value(mesh.name);
      json.key("vertices");
      json.value(static_cast<unsigned long long>(mesh.positions.size()));
      json.key("triangles");
      json.value(static_cast<unsigned long long>(mesh.indices.size() / 3));
      json.key("joints");
      json.value(static_cast<unsigned long long>(mesh.joints.size()));
      json.end_object();
    }
  json.end_array();
  json.key("format");
  json.value(listing.format);
  json.key("motion");
  json.value(static_cast<unsigned long long>(listing.chosen));
  json.key("motions");  // every motion of the file: a batch's, with their captions
  json.begin_array();
  for (const FileListing::Entry& entry : listing.motions) {
    json.begin_object();
    json.key("name");
    json.value(entry.name);
    json.key("frames");
    json.value(static_cast<unsigned long long>(entry.frames));
    json.key("fps");
    json.value(1.0 / entry.frame_time);
    json.end_object();
  }
  json.end_array();
  json.key("warnings");
  json.begin_array();
  for (const Diagnostic& warning : clip.warnings) {
    json.begin_object();
    json.key("line");
    json.value(warning.line);
    json.key("column");
    json.value(warning.column);
    json.key("message");
    json.value(warning.message);
    json.end_object();
  }
  json.end_array();
  json.end_object();
  out << '\n';
}

// One line of a batch: "walk.bvh: 31 joints, 1200 frames at 120 fps (10.000 s), Y up, about 1.75 m
// tall (cm), root positions, 2 warnings".
void print_line(const Clip& clip, const ClipAnalysis& analysis, std::ostream& out) {
  const Skeleton& skeleton = clip.skeleton;
  const UnitGuess& units = analysis.figure.units;
  out << printable(clip.source) << ": " << skeleton.joint_count() - skeleton.end_site_count() << " joints, "
      << clip.motion.frame_count << (clip.motion.frame_count == 1 ? " frame at " : " frames at ")
      << shortest(std::round(1000.0 / clip.motion.frame_time) / 1000.0) << " fps (" << fixed(clip.motion.duration(), 3)
      << " s), " << up_axis_name(analysis.up.axis) << " up, ";
  if (units.unit != "unknown") {
    out << "about " << fixed(static_cast<double>(analysis.figure.height) * units.metres_per_unit, 2) << " m tall ("
        << units.unit << ')';
  } else {
    out << fixed(static_cast<double>(analysis.figure.height), 3) << " units tall (unit unknown)";
  }
  out << ", position mode " << position_mode_name(analysis.position.mode);
  if (!clip.warnings.empty())
    out << ", " << clip.warnings.size() << (clip.warnings.size() == 1 ? " warning" : " warnings");
  out << '\n';
}

std::string duration_text(double seconds) {
  if (seconds >= 3600.0) return fixed(seconds / 3600.0, 2) + " hours";
  if (seconds >= 60.0) return fixed(seconds / 60.0, 1) + " minutes";
  return fixed(seconds, 1) + " s";
}

}  // namespace

int run_info(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  UsageError usage;
  const auto parsed = parse_arguments(
      args,
      with_motion_options(
          {{"--json", false}, {"--position-mode", true}, {"--up", true}, {"--jobs", true}, {"--recursive", false}}),
      usage);
  if (!parsed) return usage_error(err, "info: " + usage.message);
  if (parsed->positionals.empty()) return usage_error(err, "info: expected a FILE, several, or a folder");
  const auto interpretation = interpretation_options(*parsed, "info", usage);
  if (!interpretation) return usage_error(err, usage.message);
  const auto choice = motion_choice_options(*parsed, "info", usage);
  if (!choice) return usage_error(err, usage.message);
  const auto jobs = jobs_option(*parsed, "info", usage);
  if (!jobs) return usage_error(err, usage.message);
  const bool json = parsed->has("--json");
  const FileList list = expand_file_arguments(parsed->positionals, parsed->has("--recursive"), "info", err);
  if (list.files.empty()) return kExitBadInput;  // folders without motion files (said)
  if (!list.batch) {
    FileListing listing;
    const std::optional<Clip> clip = load_clip_reporting(list.files.front(), err, nullptr, *choice, &listing);
    if (!clip) return kExitBadInput;
    const ClipAnalysis analysis = analyse_clip(*clip, interpretation->mode, interpretation->up);
    if (json) {
      print_json(*clip, analysis, listing, out);
    } else {
      print_text(*clip, analysis, listing, out);
    }
    return finish_output(out, err);
  }
  // Several files: each file's entry (JSON) or line as it is ready, in the list's order.
  std::vector<double> durations(list.files.size(), -1.0);
  std::vector<double> rates(list.files.size(), 0.0);
  if (json) json_files_begin(out);
  const auto failure = [&](std::size_t i, const std::string& message) {
    return failed_file(i, list.files[i], Diagnostic{list.files[i], 0, 0, message}, json);
  };
  const std::vector<int> statuses = run_files(
      list.files.size(), *jobs, "reading",
      [&](std::size_t i) {
        FileListing listing;
        const Result<Clip> loaded = load_motion(list.files[i], nullptr, *choice, &listing);
        if (!loaded) return failed_file(i, list.files[i], loaded.error(), json);
        const Clip& clip = loaded.value();
        FileOutcome outcome;
        for (const Diagnostic& warning : clip.warnings)
          outcome.err += format_diagnostic(warning, Severity::Warning) + '\n';
        const ClipAnalysis analysis = analyse_clip(clip, interpretation->mode, interpretation->up);
        std::ostringstream text;
        if (json) {
          print_json(clip, analysis, listing, text);
          outcome.out = json_files_entry(i, text.str());
        } else {
          print_line(clip, analysis, text);
          outcome.out = text.str();
        }
        durations[i] = clip.motion.duration();
        rates[i] = 1.0 / clip.motion.frame_time;
        return outcome;
      },
      failure, out, err);
  const std::size_t failed = failed_count(statuses);
  if (json) {
    json_files_end(out, statuses);
  } else {
    double total = 0.0;
    double slowest = 0.0;
    double fastest = 0.0;
    for (std::size_t i = 0; i < durations.size(); ++i) {
      if (durations[i] < 0.0) continue;
      total += durations[i];
      slowest = slowest == 0.0 ? rates[i] : std::min(slowest, rates[i]);
      fastest = std::max(fastest, rates[i]);
    }
    out << list.files.size() << (list.files.size() == 1 ? " file: " : " files: ") << list.files.size() - failed
        << " read, " << failed << " failed";
    if (failed < list.files.size()) {
      out << "; " << duration_text(total) << " of motion at ";
      const auto rate = [](double fps) { return shortest(std::round(fps * 1000.0) / 1000.0); };
      out << (slowest == fastest ? rate(slowest) : rate(slowest) + " to " + rate(fastest)) << " fps";
    }
    out << '\n';
  }
  if (const int written = finish_output(out, err); written != kExitOk) return written;
  return failed > 0 || list.refused ? kExitBadInput : kExitOk;
}

}  // namespace bvhscope::cli
