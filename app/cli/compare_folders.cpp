#include "cli/compare_folders.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <sstream>

#include "anim/csv_export.hpp"
#include "anim/printable.hpp"
#include "cli/commands.hpp"
#include "cli/file_batch.hpp"
#include "cli/number_text.hpp"
#include "formats/json_writer.hpp"
#include "io/atomic_file.hpp"
#include "io/output_guard.hpp"
#include "model/bvh_paths.hpp"

namespace bvhscope::cli {
namespace {

namespace fs = std::filesystem;

std::string json_string(std::string_view text) {
  std::ostringstream out;
  JsonWriter json(out);
  json.value(text);
  return out.str();
}

// The key that pairs files by name: the relative name without its extension.
std::string stem_key(const std::string& file, const std::string& folder) {
  const fs::path relative = fs::path(file).lexically_relative(folder);
  return (relative.parent_path() / relative.stem()).generic_string();
}

double median(std::vector<double> values) {
  if (values.empty()) return 0.0;
  const std::size_t middle = values.size() / 2;
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(middle), values.end());
  const double upper = values[middle];
  if (values.size() % 2 == 1) return upper;
  return (*std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(middle)) + upper) / 2.0;
}

}  // namespace

std::string relative_name(const std::string& file, const std::string& folder) {
  return fs::path(file).lexically_relative(folder).generic_string();
}

Pairing pair_files(const std::vector<std::string>& references, const std::string& reference_folder,
                   const std::vector<std::string>& others, const std::string& other_folder, bool by_index) {
  Pairing pairing;
  if (by_index) {
    const std::size_t common = std::min(references.size(), others.size());
    for (std::size_t i = 0; i < common; ++i) pairing.pairs.push_back({references[i], others[i]});
    pairing.unpaired_reference.assign(references.begin() + static_cast<std::ptrdiff_t>(common), references.end());
    pairing.unpaired_other.assign(others.begin() + static_cast<std::ptrdiff_t>(common), others.end());
    return pairing;
  }
  // The first file of a stem pairs (walk.bvh before walk.npy: natural order); a second is unpaired.
  std::map<std::string, std::size_t> other_of_stem;
  for (std::size_t i = 0; i < others.size(); ++i) other_of_stem.emplace(stem_key(others[i], other_folder), i);
  std::vector<bool> taken(others.size(), false);
  for (const std::string& reference : references) {
    const auto found = other_of_stem.find(stem_key(reference, reference_folder));
    if (found == other_of_stem.end() || taken[found->second]) {
      pairing.unpaired_reference.push_back(reference);
      continue;
    }
    taken[found->second] = true;
    pairing.pairs.push_back({reference, others[found->second]});
  }
  for (std::size_t i = 0; i < others.size(); ++i)
    if (!taken[i]) pairing.unpaired_other.push_back(others[i]);
  return pairing;
}

PairFigures figures_of(const ComparedPair& pair) {
  const double m = pair.metres_per_unit > 0.0 ? pair.metres_per_unit : 1.0;
  PairFigures figures;
  figures.metres = pair.metres_per_unit > 0.0;
  figures.mpjpe = pair.result.mpjpe * m;
  figures.pa_mpjpe = pair.result.pa_mpjpe * m;
  figures.max_error = pair.result.max_error * m;
  figures.frames = pair.result.frames_compared;
  figures.worst_frame = pair.result.worst_frame;
  if (!pair.result.per_joint.empty()) figures.worst_joint = pair_joint_name(pair, pair.result.worst_pair);
  for (std::size_t j = 0; j < pair.result.per_joint.size(); ++j)
    figures.joint_means.emplace_back(pair_joint_name(pair, j), pair.result.per_joint[j].mean * m);
  return figures;
}

Aggregate aggregate(const std::vector<std::optional<PairFigures>>& all) {
  Aggregate set;
  std::vector<double> mpjpes;
  std::vector<double> pas;
  std::map<std::string, std::size_t> joint_index;
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (!all[i]) continue;
    const PairFigures& pair = *all[i];
    ++set.compared;
    set.metres = set.metres && pair.metres;
    mpjpes.push_back(pair.mpjpe);
    pas.push_back(pair.pa_mpjpe);
    for (const auto& [name, mean] : pair.joint_means) {
      const auto [found, fresh] = joint_index.emplace(name, set.joints.size());
      if (fresh) set.joints.push_back({name, 0.0, 0});
      Aggregate::Joint& joint = set.joints[found->second];
      joint.mean += mean;
      ++joint.pairs;
    }
    set.worst.push_back(i);
  }
  for (Aggregate::Joint& joint : set.joints) joint.mean /= static_cast<double>(joint.pairs);
  if (set.compared == 0) return set;
  for (const double value : mpjpes) set.mpjpe_mean += value / static_cast<double>(mpjpes.size());
  for (const double value : pas) set.pa_mean += value / static_cast<double>(pas.size());
  set.mpjpe_median = median(mpjpes);
  set.pa_median = median(pas);
  std::stable_sort(set.worst.begin(), set.worst.end(),
                   [&](std::size_t a, std::size_t b) { return all[a]->mpjpe > all[b]->mpjpe; });
  set.worst.resize(std::min<std::size_t>(set.worst.size(), 5));
  return set;
}

namespace {

// "walk.bvh" when both files have that name, else "walk.bvh ~ walk.npy".
std::string pair_label(const FilePair& pair, const std::string& reference_folder, const std::string& other_folder) {
  const std::string reference = relative_name(pair.reference, reference_folder);
  const std::string other = relative_name(pair.other, other_folder);
  return printable(reference == other ? reference : reference + " ~ " + other);
}

std::string name_list(const std::vector<std::string>& files, const std::string& folder) {
  std::string list;
  for (std::size_t i = 0; i < files.size() && i < 10; ++i)
    list += (i > 0 ? ", " : "") + printable(relative_name(files[i], folder));
  if (files.size() > 10) list += ", ... (" + std::to_string(files.size() - 10) + " more)";
  return list;
}

void write_pairs_csv(const std::vector<FilePair>& pairs, const std::vector<std::optional<PairFigures>>& figures,
                     const std::vector<std::string>& errors, std::ostream& out) {
  out << "reference,other,frames,mpjpe,pa_mpjpe,max_error,unit,worst_frame,worst_joint,error\n";
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    out << csv_text_cell(pairs[i].reference) << ',' << csv_text_cell(pairs[i].other) << ',';
    if (const std::optional<PairFigures>& f = figures[i]) {
      out << f->frames << ',' << shortest(f->mpjpe) << ',' << shortest(f->pa_mpjpe) << ',' << shortest(f->max_error)
          << ',' << (f->metres ? "m" : "file units") << ',' << f->worst_frame << ',' << csv_text_cell(f->worst_joint)
          << ",\n";
    } else {
      out << ",,,,,,," << csv_text_cell(errors[i]) << '\n';
    }
  }
}

}  // namespace

int compare_folders(const CompareSetup& setup, const ParsedArguments& parsed, const std::string& reference_folder,
                    const std::string& other_folder, std::ostream& out, std::ostream& err) {
  const std::string pair_by = parsed.value("--pair-by").value_or("name");
  if (pair_by != "name" && pair_by != "index")
    return usage_error(err, "compare: --pair-by must be name or index, not '" + pair_by + "'");
  UsageError usage;
  const auto jobs = jobs_option(parsed, "compare", usage);
  if (!jobs) return usage_error(err, usage.message);
  const bool json = parsed.has("--json");
  const bool recursive = parsed.has("--recursive");
  const BvhPaths references = expand_bvh_paths({reference_folder}, recursive);
  const BvhPaths others = expand_bvh_paths({other_folder}, recursive);
  for (const BvhPaths* paths : {&references, &others})
    for (const std::string& refused : paths->refused) err << "bvhscope: compare: " << printable(refused) << '\n';
  if (references.files.empty() || others.files.empty()) return kExitBadInput;
  const std::optional<std::string> csv_path = parsed.value("--csv");
  if (csv_path) {
    std::vector<std::string> inputs = references.files;
    inputs.insert(inputs.end(), others.files.begin(), others.files.end());
    if (setup.map_path) inputs.push_back(*setup.map_path);
    if (const auto conflict = io::output_conflict(*csv_path, inputs)) {
      err << "bvhscope: compare: " << printable(*conflict) << "; nothing was written\n";
      return kExitUsage;
    }
  }
  const Pairing pairing =
      pair_files(references.files, reference_folder, others.files, other_folder, pair_by == "index");
  if (pairing.pairs.empty()) {
    err << "bvhscope: compare: no file of " << printable(reference_folder) << " has a partner in "
        << printable(other_folder)
        << (pair_by == "name" ? " by name (the same name without its extension; --pair-by index pairs them in order)\n"
                              : "\n");
    return kExitBadInput;
  }

  std::vector<std::optional<PairFigures>> figures(pairing.pairs.size());
  std::vector<std::string> errors(pairing.pairs.size());
  if (json) {
    out << "{\"reference_folder\": " << json_string(reference_folder)
        << ", \"other_folder\": " << json_string(other_folder) << ", \"pair_by\": " << json_string(pair_by)
        << ",\n\"pairs\": [\n";
  } else {
    out << "reference folder: " << printable(reference_folder) << "\nother folder:     " << printable(other_folder)
        << "\n";
  }
  // One pair failed: its located error on stderr and in the CSV's error cell (which of the two
  // files, where), and in the JSON its entry naming both files.
  const auto failed_pair = [&](std::size_t i, const Diagnostic& error, std::string messages) {
    errors[i] = format_diagnostic(error, Severity::Error);
    FileOutcome outcome;
    outcome.err = std::move(messages);
    outcome.status = kExitBadInput;
    if (json) {
      std::ostringstream text;
      JsonWriter entry(text);
      entry.begin_object();
      entry.key("reference");
      entry.value(pairing.pairs[i].reference);
      entry.key("other");
      entry.value(pairing.pairs[i].other);
      entry.key("error");
      write_json_error(entry, error);
      entry.end_object();
      outcome.out = json_files_entry(i, text.str());
    }
    return outcome;
  };
  // Pairs side by side, each comparison on one thread; one pair alone takes every core.
  const unsigned threads_per_pair = pairing.pairs.size() > 1 && *jobs > 1 ? 1 : 0;
  const std::vector<int> statuses = run_files(
      pairing.pairs.size(), *jobs, "comparing",
      [&](std::size_t i) {
        const FilePair& files = pairing.pairs[i];
        std::ostringstream messages;
        const std::optional<ComparedPair> pair =
            compare_files(setup, parsed, files.reference, files.other, false, threads_per_pair, messages);
        if (!pair) return failed_pair(i, error_in_messages(messages.str(), files.reference), messages.str());
        figures[i] = figures_of(*pair);
        FileOutcome outcome;
        outcome.err = messages.str();
        std::ostringstream text;
        if (json) {
          print_pair_json(*pair, text);
          outcome.out = json_files_entry(i, text.str());
        } else {
          const PairFigures& f = *figures[i];
          const std::string unit = f.metres ? " m" : "";
          text << pair_label(files, reference_folder, other_folder) << ": MPJPE " << fixed(f.mpjpe, 4) << unit
               << ", PA-MPJPE " << fixed(f.pa_mpjpe, 4) << unit << ", max " << fixed(f.max_error, 4) << unit
               << " (frame " << f.worst_frame << ", " << printable(f.worst_joint) << "), " << f.frames << " frames, "
               << pair->result.matching.pairs.size() << " joints\n";
          outcome.out = text.str();
        }
        return outcome;
      },
      [&](std::size_t i, const std::string& message) {
        const Diagnostic error{pairing.pairs[i].reference, 0, 0, message};
        return failed_pair(i, error, format_diagnostic(error, Severity::Error) + '\n');
      },
      out, err);
  const std::size_t failed = failed_count(statuses);
  const Aggregate set = aggregate(figures);
  const std::string unit = set.metres ? "m" : "file units";

  if (csv_path) {
    std::string error;
    std::optional<io::AtomicFile> file = io::AtomicFile::create(*csv_path, error);
    if (file) write_pairs_csv(pairing.pairs, figures, errors, file->stream());
    if (!file || !file->commit(error)) {
      err << printable(*csv_path) << ": error: " << printable(error) << '\n';
      return kExitBadInput;
    }
  }
  if (json) {
    JsonWriter json_out(out);
    out << "\n],\n\"unpaired\": ";
    json_out.begin_object();
    json_out.key("reference");
    json_out.begin_array();
    for (const std::string& file : pairing.unpaired_reference) json_out.value(file);
    json_out.end_array();
    json_out.key("other");
    json_out.begin_array();
    for (const std::string& file : pairing.unpaired_other) json_out.value(file);
    json_out.end_array();
    json_out.end_object();
    out << ",\n\"aggregate\": ";
    JsonWriter summary(out);
    summary.begin_object();
    summary.key("pairs");
    summary.value(static_cast<unsigned long long>(pairing.pairs.size()));
    summary.key("compared");
    summary.value(static_cast<unsigned long long>(set.compared));
    summary.key("failed");
    summary.value(static_cast<unsigned long long>(failed));
    summary.key("unit");
    summary.value(unit);
    const std::pair<const char*, double> numbers[] = {{"mpjpe_mean", set.mpjpe_mean},
                                                      {"mpjpe_median", set.mpjpe_median},
                                                      {"pa_mpjpe_mean", set.pa_mean},
                                                      {"pa_mpjpe_median", set.pa_median}};
    for (const auto& [name, value] : numbers) {
      summary.key(name);
      set.compared > 0 ? summary.value(value) : summary.null_value();
    }
    summary.key("per_joint");
    summary.begin_array();
    for (const Aggregate::Joint& joint : set.joints) {
      summary.begin_object();
      summary.key("name");
      summary.value(joint.name);
      summary.key("mean");
      summary.value(joint.mean);
      summary.key("pairs");
      summary.value(static_cast<unsigned long long>(joint.pairs));
      summary.end_object();
    }
    summary.end_array();
    summary.key("worst_pairs");
    summary.begin_array();
    for (const std::size_t i : set.worst) {
      summary.begin_object();
      summary.key("reference");
      summary.value(pairing.pairs[i].reference);
      summary.key("other");
      summary.value(pairing.pairs[i].other);
      summary.key("mpjpe");
      summary.value(figures[i]->mpjpe);
      summary.end_object();
    }
    summary.end_array();
    summary.end_object();
    out << "}\n";
  } else {
    out << "\npairs:           " << set.compared << " compared";
    if (failed > 0) out << ", " << failed << " failed (above)";
    out << " (paired by " << (pair_by == "name" ? "name" : "order") << ")\n";
    if (!pairing.unpaired_reference.empty())
      out << "unpaired in the reference folder: " << pairing.unpaired_reference.size() << ": "
          << name_list(pairing.unpaired_reference, reference_folder) << '\n';
    if (!pairing.unpaired_other.empty())
      out << "unpaired in the other folder: " << pairing.unpaired_other.size() << ": "
          << name_list(pairing.unpaired_other, other_folder) << '\n';
    if (set.compared > 0) {
      const std::string in = set.metres ? " m" : "";
      const std::string note = set.metres ? "" : " (file units: a unit is unknown; give --units)";
      out << "MPJPE:           mean " << fixed(set.mpjpe_mean, 4) << in << ", median " << fixed(set.mpjpe_median, 4)
          << in << note << '\n';
      out << "PA-MPJPE:        mean " << fixed(set.pa_mean, 4) << in << ", median " << fixed(set.pa_median, 4) << in
          << note << '\n';
      out << "worst pairs:     ";
      for (std::size_t k = 0; k < set.worst.size(); ++k)
        out << (k > 0 ? ", " : "") << pair_label(pairing.pairs[set.worst[k]], reference_folder, other_folder) << ' '
            << fixed(figures[set.worst[k]]->mpjpe, 4);
      out << "\n\nper joint (mean over the pairs that have it, " << unit << "):\n";
      for (const Aggregate::Joint& joint : set.joints) {
        out << "  " << printable(joint.name) << "  " << fixed(joint.mean, 4);
        if (joint.pairs != set.compared) out << "  (" << joint.pairs << (joint.pairs == 1 ? " pair)" : " pairs)");
        out << '\n';
      }
    }
  }
  if (const int written = finish_output(out, err); written != kExitOk) return written;
  return failed > 0 ? kExitBadInput : kExitOk;
}

}  // namespace bvhscope::cli
