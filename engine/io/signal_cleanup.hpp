// What a signal that ends the process removes first (internal to engine/io): the temporary files
// of AtomicFile and the temporary folders of TemporaryFolder, kept in fixed slots that the signal
// handler reads without allocating or locking (async-signal-safe). Also a section of code the
// signals wait for (a folder of frames moved into place), and the deferral of the viewer's loop.
#pragma once

#include <string>

namespace bvhscope::io::detail {

// Installs the handlers for SIGINT, SIGTERM, SIGHUP and SIGPIPE (once; signals the process ignores
// or handles itself are left alone).
void install_cleanup_handlers();

// A slot for a temporary file to unlink, filled before the file is created; -1 when none is free
// (the file is then not removed by a signal). Released after the file was renamed or removed.
int claim_file_slot(const std::string& path);
// A slot for a temporary folder: emptied (through `folder_fd`, set once it is open) and removed.
int claim_folder_slot(const std::string& path);
void set_folder_fd(int slot, int folder_fd) noexcept;
void release_slot(int slot) noexcept;

}  // namespace bvhscope::io::detail
