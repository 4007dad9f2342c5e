// TemporaryFolder: a set of files (a PNG sequence's frames) written into a hidden folder beside
// their target folder and put in place together at the end, so that an error, an abandoned output
// or SIGINT/SIGTERM/SIGHUP leaves nothing of them and two writers into one folder never mix. The
// twin of AtomicFile for a folder of files; the files inside are written plainly (the folder is
// the temporary part).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bvhscope::io {

class TemporaryFolder {
 public:
  // Makes "<parent>/.<name>.<pid>.<n>.part/" beside the folder `target` (`parent/name`; the
  // parent is made when missing), after removing the parts of `target` that dead processes left
  // (remove_stale_parts). nullopt with `error` ("cannot create the folder P: REASON").
  static std::optional<TemporaryFolder> create(const std::string& target, std::string& error);

  TemporaryFolder(TemporaryFolder&& other) noexcept;
  TemporaryFolder& operator=(TemporaryFolder&& other) noexcept;
  TemporaryFolder(const TemporaryFolder&) = delete;
  TemporaryFolder& operator=(const TemporaryFolder&) = delete;
  ~TemporaryFolder();  // removes the folder and what it holds unless committed

  [[nodiscard]] const std::string& path() const noexcept;

  // Puts what the folder holds at the target. A missing target becomes this folder (one rename:
  // every file appears at once). An existing one (a link to a folder is followed) receives every
  // file, replacing those of the same names, then loses the entries `replaced` names that the new
  // set does not have; other entries stay. That happens under an exclusive lock on the target
  // (flock), so two commits into one folder follow each other, and signals wait until it is done.
  // Without `replace_existing`, a target already holding `replaced` entries is refused. false
  // with `error` (the target unchanged, this folder removed).
  bool commit(const std::function<bool(const std::string& name)>& replaced, bool replace_existing, std::string& error);

 private:
  struct State;
  explicit TemporaryFolder(std::unique_ptr<State> state) noexcept;
  std::unique_ptr<State> state_;
};

// The entries of `folder` (names, sorted) for which `keep(name)` is true; empty when it cannot be read.
std::vector<std::string> folder_entries(const std::string& folder, const std::function<bool(const std::string&)>& keep);

}  // namespace bvhscope::io
