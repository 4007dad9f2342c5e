// Temporary outputs ("FOLDER/.NAME.PID.N.part", a file or a folder) that a process ended by
// SIGKILL, a crash or a power cut could not remove: the next output of the same NAME removes those
// whose process is gone, before it writes.
#pragma once

#include <filesystem>
#include <string>

namespace bvhscope::io {

enum class PartKind { File, Folder };

// ".NAME.PID.N.part": the temporary name beside an output NAME, made by process PID (its N-th).
std::string part_name(const std::string& name, long pid, unsigned long n);

// Removes, in `folder`, the parts of `name` (exactly ".NAME.PID.N.part", PID and N decimal digits)
// of the given kind (regular files, or folders with what they hold) whose process no longer
// exists (kill(PID, 0) fails with ESRCH; a live process of another user is left alone, and so is
// this process's own). Nothing else is touched. The folder is read once per process (outputs
// written one after another into a folder, frames, cost one listing), each part checked again
// before it is removed; errors are ignored (the part stays).
void remove_stale_parts(const std::filesystem::path& folder, const std::string& name, PartKind kind);

// Removes, in `folder`, every part of `name` (file or folder) that process `pid` made, once that
// process is gone (read now, not from the listing above): what a worker killed mid-file left
// (`render --each`). Errors are ignored.
void remove_parts_of_process(const std::filesystem::path& folder, const std::string& name, long pid);

}  // namespace bvhscope::io
